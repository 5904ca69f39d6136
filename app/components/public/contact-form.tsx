import { useState } from "react";
import { InputField, TextareaField } from "#app/components/ui/field";
import { CONTACT_ABOUT, type ContactAbout } from "#app/sales/index";
import type { FormResult, SiteContent } from "#app/site/index";
import { LIMITS } from "#app/site/index";
import { ContactAboutChoice } from "./contact-about-choice";
import { ClosedNotice, PersonFields, PublicForm } from "./form-controls";
import { usePublicForm } from "./use-public-form";

export type ContactFormProps = {
  /** home: the home page's #contact section (4-row message); page: the /contact page (adds phone). */
  variant: "home" | "page";
  formKey: string;
  enabled: boolean;
  contact: SiteContent["contact"];
  /** The action's answer when the form was posted without JavaScript. */
  serverResult?: FormResult;
  /** The page's choice of what the message is about (from `?about=`); the home page's form is an enquiry. */
  about?: ContactAbout;
};

const isAbout = (value: string | undefined): value is ContactAbout =>
  (CONTACT_ABOUT as readonly string[]).includes(value ?? "");

/** The contact form; it always posts to the /contact route's action. */
export function ContactForm({
  variant,
  formKey: initialKey,
  enabled,
  contact,
  serverResult,
  about = "enquiry",
}: ContactFormProps) {
  const form = usePublicForm("contact", initialKey, serverResult);
  const { field, values } = form;
  const [chosen, choose] = useState<ContactAbout>(isAbout(values?.about) ? values.about : about);
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
      submitLabel={chosen === "in_house" ? "Continue to In-House Request" : "Send Message"}
      busyLabel="Sending..."
    >
      <input type="hidden" name="intent" value="contact" />
      <input type="hidden" name="source" value={variant === "home" ? "home" : "contact"} />
      {variant === "page" ? (
        <ContactAboutChoice
          id={form.id}
          chosen={chosen}
          onChoose={choose}
          error={field("about").errors?.[0]}
        />
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
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
