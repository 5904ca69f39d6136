import { ClosedNotice, PersonFields, PublicForm } from "#app/components/public/form-controls";
import { usePublicForm } from "#app/components/public/use-public-form";
import { InputField, SelectField, TextareaField } from "#app/components/ui/field";
import type { FormResult, SiteContent } from "#app/site/index";
import { LIMITS } from "#app/site/index";

export type InHouseFormProps = {
  formKey: string;
  enabled: boolean;
  contact: SiteContent["contact"];
  courses: { slug: string; title: string }[];
  /** The course the link named (`?course=<slug>`), chosen when the page opens. */
  course: string;
  serverResult?: FormResult;
  /** What the visitor typed into the contact form before choosing in-house training. */
  typed?: Record<string, string>;
};

/** The in-house training request: an organisation asks for a course of its own; it posts to /in-house-training. */
export function InHouseForm({
  formKey: initialKey,
  enabled,
  contact,
  courses,
  course,
  serverResult,
  typed,
}: InHouseFormProps) {
  const form = usePublicForm("in_house", initialKey, serverResult, typed);
  const { field, values } = form;
  if (!enabled) {
    return (
      <ClosedNotice title="Requests are currently closed" contact={contact}>
        Please call or e-mail us to plan your in-house training.
      </ClosedNotice>
    );
  }
  return (
    <PublicForm
      form={form}
      action="/in-house-training"
      label="In-house training request"
      submitLabel="Send Request"
      busyLabel="Sending..."
    >
      <input type="hidden" name="intent" value="in_house" />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          {...field("organization")}
          label="Organisation"
          required
          autoComplete="organization"
          maxLength={LIMITS.organization}
          defaultValue={values?.organization}
          className="sm:col-span-2"
        />
        <SelectField
          {...field("course")}
          label="Course"
          defaultValue={values?.course ?? course}
          className="sm:col-span-2"
        >
          <option value="">A topic of our own (describe it below)</option>
          {courses.map((c) => (
            <option key={c.slug} value={c.slug}>
              {c.title}
            </option>
          ))}
        </SelectField>
        <InputField
          {...field("topic")}
          label="Topic or needs"
          hint="What should your team be able to do afterwards?"
          maxLength={LIMITS.name}
          defaultValue={values?.topic}
          className="sm:col-span-2"
        />
        <InputField
          {...field("participants")}
          label="Number of participants"
          required
          inputMode="numeric"
          maxLength={5}
          defaultValue={values?.participants}
        />
        <InputField
          {...field("preferredDates")}
          label="Preferred dates"
          hint="For example: the second week of March"
          maxLength={200}
          defaultValue={values?.preferredDates}
        />
        <InputField
          {...field("venue")}
          label="County or venue"
          maxLength={200}
          defaultValue={values?.venue}
        />
        <InputField
          {...field("budget")}
          label="Budget (KES, optional)"
          inputMode="decimal"
          maxLength={20}
          defaultValue={values?.budget}
        />
        <PersonFields form={form} organization={false} />
      </div>
      <TextareaField
        {...field("message")}
        rows={4}
        label="Anything else we should know"
        maxLength={LIMITS.message}
        defaultValue={values?.message}
      />
    </PublicForm>
  );
}
