import { useId, useState } from "react";
import type { SiteContent } from "#app/db/seed/site-content";
import type { RegistrationCourse } from "#app/models/registration.server";
import type { FormResult } from "#app/schemas/submission";
import { LIMITS } from "#app/schemas/submission";
import { ClosedNotice, Field, FormGuards, FormStatus, SubmitButton } from "./form-controls";
import { usePublicForm } from "./use-public-form";

export type CourseChoice = { slug: string; runId: string | null };

/** What the read-only fields and the summary show for a course and (optionally) one of its runs. */
export function describeChoice(courses: RegistrationCourse[], choice: CourseChoice | null) {
  const course = choice ? courses.find((c) => c.slug === choice.slug) : undefined;
  if (!course) return null;
  const run = course.runs.find((r) => r.id === choice?.runId);
  return {
    course,
    run,
    date: run?.date ?? "To be confirmed",
    venue: run?.venue ?? "To be confirmed",
    cost: run?.cost ?? course.cost ?? "To be confirmed",
  };
}

export type RegistrationFormProps = {
  /** register: the /register page; contact: the course registration form on the contact page. */
  variant: "register" | "contact";
  courses: RegistrationCourse[];
  formKey: string;
  enabled: boolean;
  contact: SiteContent["contact"];
  /** The course passed in (URL or navigation state): the read-only date, venue and cost show for it. */
  passedIn?: CourseChoice | null;
  onCourseChange?: (choice: CourseChoice | null) => void;
  serverResult?: FormResult;
};

export function RegistrationForm({
  variant,
  courses,
  formKey: initialKey,
  enabled,
  contact,
  passedIn,
  onCourseChange,
  serverResult,
}: RegistrationFormProps) {
  const id = useId();
  const { fetcher, formRef, formKey, result, busy, values, errors } = usePublicForm(
    "registration",
    initialKey,
    serverResult,
  );
  const kept = values?.course ? { slug: values.course, runId: values.run || null } : null;
  const [choice, setChoice] = useState<CourseChoice | null>(kept ?? passedIn ?? null);
  const [lastPassedIn, setLastPassedIn] = useState(passedIn);
  if (passedIn !== lastPassedIn) {
    // navigation state arrives after the first render
    setLastPassedIn(passedIn);
    setChoice(passedIn ?? null);
  }
  if (!enabled) {
    return (
      <ClosedNotice title="Course registration is currently closed" contact={contact}>
        Online registration is not available at the moment. To book a place on a course, please call or e-mail
        us.
      </ClosedNotice>
    );
  }
  const choose = (slug: string) => {
    const next = slug ? { slug, runId: null } : null;
    setChoice(next);
    onCourseChange?.(next);
  };
  const shown = passedIn ? describeChoice(courses, choice) : null;
  const field = (name: string) => ({ id: `${id}-${name}`, name, error: errors?.[name] });
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={variant === "register" ? "/register" : "/contact"}
      className="relative space-y-4"
      aria-label="Course registration form"
      noValidate
    >
      <input type="hidden" name="intent" value="register" />
      <input type="hidden" name="run" value={choice?.runId ?? ""} />
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
        <Field
          {...field("phone")}
          label="Phone Number"
          type="tel"
          autoComplete="tel"
          maxLength={LIMITS.phone}
          defaultValue={values?.phone}
        />
        <Field
          {...field("organization")}
          label="Organization"
          autoComplete="organization"
          maxLength={LIMITS.organization}
          defaultValue={values?.organization}
        />
        <Field
          {...field("course")}
          as="select"
          label={variant === "register" ? "Select Course" : "Course of Interest"}
          required
          value={choice?.slug ?? ""}
          onChange={choose}
          className="sm:col-span-2"
        >
          <option value="">Choose a course</option>
          {courses.map((course) => (
            <option key={course.slug} value={course.slug}>
              {course.title}
            </option>
          ))}
        </Field>
        {shown ? (
          <>
            <Field id={`${id}-date`} name="date" as="readonly" label="Course Date" value={shown.date} />
            <Field id={`${id}-venue`} name="venue" as="readonly" label="Venue" value={shown.venue} />
            <Field id={`${id}-cost`} name="cost" as="readonly" label="Cost" value={shown.cost} />
          </>
        ) : null}
      </div>
      <Field
        {...field("message")}
        as="textarea"
        rows={4}
        label={variant === "register" ? "Message / Special Requirements" : "Message"}
        maxLength={LIMITS.message}
        defaultValue={values?.message}
      />
      <FormStatus result={result} />
      <SubmitButton
        busy={busy}
        label={variant === "register" ? "Submit Registration" : "Register Now"}
        busyLabel="Submitting..."
      />
    </fetcher.Form>
  );
}
