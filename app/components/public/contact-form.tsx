import type { ReactNode } from "react";
import { InputField, TextareaField } from "#app/components/ui/field";
import type { FormResult, SiteContent } from "#app/site/index";
import { LIMITS } from "#app/site/index";
import { ClosedNotice, PersonFields, PublicForm } from "./form-controls";
import { type PublicFormState, usePublicForm } from "./use-public-form";

export type ContactFormProps = {
  /** home: the home page's #contact section (4-row message); page: the /contact page (adds phone). */
  variant: "home" | "page";
  formKey: string;
  enabled: boolean;
  contact: SiteContent["contact"];
  /** The action's answer when the form was posted without JavaScript. */
  serverResult?: FormResult;
  /**
   * The contact page's question before the fields (what the message is about); the home page's form asks none
   * and sends an enquiry. Passed in, so the pages that load this module without it do not load the choice.
   */
  choice?: (form: PublicFormState) => ReactNode;
};

/** The contact form; it always posts to the /contact route's action. */
export function ContactForm({
  variant,
  formKey: initialKey,
  enabled,
  contact,
  serverResult,
  choice,
}: ContactFormProps) {
  const form = usePublicForm("contact", initialKey, serverResult);
  const { field, values } = form;
  if (!enabled) {
    return (
      <ClosedNotice title="The contact form is currently closed" contact={contact}>
        Please call or e-mail us instead; we'll get back to you within 24 hours.
      </ClosedNotice>
    );
  }
  return (
    <PublicForm
      form={form}
      action="/contact"
      label="Contact form"
      submitLabel="Send Message"
      busyLabel="Sending..."
    >
      <input type="hidden" name="intent" value="contact" />
      <input type="hidden" name="source" value={variant === "home" ? "home" : "contact"} />
      {choice?.(form)}
      <div className="grid gap-3 sm:grid-cols-2 sm:gap-4">
        <PersonFields form={form} phone={variant === "page"} />
        <InputField
          {...field("courseInterest")}
          label="Course of Interest"
          type="text"
          maxLength={LIMITS.name}
          defaultValue={values?.courseInterest}
          className={variant === "page" ? undefined : "sm:col-span-2"}
        />
      </div>
      <TextareaField
        {...field("message")}
        rows={variant === "home" ? 4 : 5}
        label="Message"
        maxLength={LIMITS.message}
        defaultValue={values?.message}
      />
    </PublicForm>
  );
}
