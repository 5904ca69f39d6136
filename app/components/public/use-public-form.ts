import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { FormResult } from "#app/site/index";
import { publicLook } from "./public-look";

/**
 * Submission state for a public form. With JavaScript the fetcher posts without a reload; either way the form
 * shows the answer itself (`FormStatus`), so no toast repeats it over the header (issue 38).
 */
export function usePublicForm(
  form: FormResult["form"],
  initialKey: string,
  serverResult?: FormResult,
  /** Values to open the form with (carried over from another form). */
  initialValues?: Record<string, string>,
) {
  const id = useId();
  const fetcher = useFetcher<FormResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const [formKey, setFormKey] = useState(initialKey);
  const fromServer = serverResult?.form === form ? serverResult : undefined;
  const result = fetcher.data ?? fromServer;

  useEffect(() => {
    const answer = fetcher.data;
    if (!answer?.ok) return;
    formRef.current?.reset();
    if (answer.nextFormKey) setFormKey(answer.nextFormKey);
  }, [fetcher.data]);

  const errors = result?.ok ? undefined : result?.fieldErrors;
  return {
    id,
    fetcher,
    formRef,
    // a form sent too quickly is confirmed by sending it again under the same key, with the token
    formKey: result?.confirm?.formKey ?? formKey,
    confirmToken: result?.confirm?.token,
    result,
    busy: fetcher.state !== "idle",
    // after a post without JavaScript, the server sends back what was typed
    values: fetcher.data ? undefined : (fromServer?.values ?? initialValues),
    /** The props that tie field `name` to this form: its id, name, look and error. */
    field: (name: string) => {
      const message = errors?.[name];
      return { id: `${id}-${name}`, name, look: publicLook, errors: message ? [message] : undefined };
    },
  };
}

export type PublicFormState = ReturnType<typeof usePublicForm>;
