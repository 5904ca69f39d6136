import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "#app/components/toast";
import type { FormResult } from "#app/site/index";
import { publicLook } from "./public-look";

export function resultDescription(result: FormResult) {
  return result.reference
    ? `${result.message} Your reference number is ${result.reference}.`
    : result.message;
}

/**
 * Submission state for a public form. With JavaScript the fetcher posts without a reload and answers
 * with a toast; without it the browser posts the form and the route renders `serverResult`.
 */
export function usePublicForm(form: FormResult["form"], initialKey: string, serverResult?: FormResult) {
  const id = useId();
  const fetcher = useFetcher<FormResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const [formKey, setFormKey] = useState(initialKey);
  const fromServer = serverResult?.form === form ? serverResult : undefined;
  const result = fetcher.data ?? fromServer;

  useEffect(() => {
    const answer = fetcher.data;
    if (!answer) return;
    if (answer.ok) {
      toast.success(answer.title, { description: resultDescription(answer) });
      formRef.current?.reset();
      if (answer.nextFormKey) setFormKey(answer.nextFormKey);
    } else if (answer.confirm) {
      toast.info(answer.title, { description: answer.message });
    } else {
      toast.error(answer.title, { description: answer.message });
    }
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
    values: fetcher.data ? undefined : fromServer?.values,
    /** The props that tie field `name` to this form: its id, name, look and error. */
    field: (name: string) => {
      const message = errors?.[name];
      return { id: `${id}-${name}`, name, look: publicLook, errors: message ? [message] : undefined };
    },
  };
}

export type PublicFormState = ReturnType<typeof usePublicForm>;
