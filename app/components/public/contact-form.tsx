import { useId } from "react";
import type { SiteContent } from "#app/db/seed/site-content";
import type { FormResult } from "#app/schemas/submission";
import { LIMITS } from "#app/schemas/submission";
import { ClosedNotice, Field, FormGuards, FormStatus, SubmitButton } from "./form-controls";
import { usePublicForm } from "./use-public-form";

export type ContactFormProps = {
  /** home: the home page's #contact section (4-row message); page: the /contact page (adds phone). */
  variant: "home" | "page";
  formKey: string;
  enabled: boolean;
  contact: SiteContent["contact"];
  /** The action's answer when the form was posted without JavaScript. */
  serverResult?: FormResult;
};

/** The contact form; it always posts to the /contact route's action. */
export function ContactForm({
  variant,
  formKey: initialKey,
  enabled,
  contact,
  serverResult,
}: ContactFormProps) {
  const id = useId();
  const { fetcher, formRef, formKey, result, busy, values, errors } = usePublicForm(
    "contact",
    initialKey,
    serverResult,
  );
  if (!enabled) {
    return (
      <ClosedNotice title="The contact form is currently closed" contact={contact}>
        Please call or e-mail us instead; we'll get back to you within 24 hours.
      </ClosedNotice>
    );
  }
  const field = (name: string) => ({ id: `${id}-${name}`, name, error: errors?.[name] });
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action="/contact"
      className="relative space-y-4"
      aria-label="Contact form"
      noValidate
    >
      <input type="hidden" name="intent" value="contact" />
      <input type="hidden" name="source" value={variant === "home" ? "home" : "contact"} />
      <FormGuards formKey={formKey} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          {...field("name")}
          label="Full Name"
          required
          autoComplete="name"
          maxLength={LIMITS.name}
          defaultValue={values?.name}
        />
        <Field
          {...field("email")}
          label="Email Address"
          type="email"
          required
          autoComplete="email"
          maxLength={LIMITS.email}
          defaultValue={values?.email}
        />
        {variant === "page" ? (
          <Field
            {...field("phone")}
            label="Phone Number"
            type="tel"
            autoComplete="tel"
            maxLength={LIMITS.phone}
            defaultValue={values?.phone}
          />
        ) : null}
        <Field
          {...field("organization")}
          label="Organization"
          autoComplete="organization"
          maxLength={LIMITS.organization}
          defaultValue={values?.organization}
        />
        <Field
          {...field("courseInterest")}
          label="Course of Interest"
          maxLength={LIMITS.name}
          defaultValue={values?.courseInterest}
          className={variant === "page" ? undefined : "sm:col-span-2"}
        />
      </div>
      <Field
        {...field("message")}
        as="textarea"
        rows={variant === "home" ? 4 : 5}
        label="Message"
        maxLength={LIMITS.message}
        defaultValue={values?.message}
      />
      <FormStatus result={result} />
      <SubmitButton busy={busy} label="Send Message" busyLabel="Sending..." />
    </fetcher.Form>
  );
}
