import { type ReactNode, useLayoutEffect, useState } from "react";
import type { RegistrationCourse } from "#app/booking/index.server";
import { InputField, SelectField, TextareaField } from "#app/components/ui/field";
import type { FormResult, SiteContent } from "#app/site/index";
import { LIMITS } from "#app/site/index";
import type { PaymentDetails } from "#app/site/index.server";
import { type OfferedRule, offeredFor } from "#app/utils/discounts";
import { BookingConfirmation } from "./booking-confirmation";
import { ClosedNotice, PersonFields, PublicForm } from "./form-controls";
import { GroupBookingFields, OrganisationFields } from "./group-booking-fields";
import { publicLook } from "./public-look";
import { RunChooser } from "./run-chooser";
import { SmsConsentField } from "./sms-consent-field";
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
    price: run ? run.price : course.price,
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
  /** Runs with this many seats or fewer say how many are left. */
  seatsLeftThreshold?: number;
  /** Where the confirmation panel says to pay. */
  payment: PaymentDetails;
  /** On the page a post without JavaScript lands on: where "Register another participant" leads. */
  anotherHref?: string;
  /** Shown above the form only (the confirmation panel has its own heading). */
  heading?: ReactNode;
  /** How the fees stand to VAT ("VAT 16% included"), said beside the total. */
  vatNote: string;
  /** The live early-bird and group rules, which the total previews (decision 0750). */
  offered?: OfferedRule[];
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
  seatsLeftThreshold = 5,
  payment,
  anotherHref,
  heading,
  vatNote,
  offered = [],
}: RegistrationFormProps) {
  const form = usePublicForm("registration", initialKey, serverResult);
  const { id, field, values } = form;
  const kept = values?.course ? { slug: values.course, runId: values.run || null } : null;
  const [choice, setChoice] = useState<CourseChoice | null>(kept ?? passedIn ?? null);
  const [lastPassedIn, setLastPassedIn] = useState(passedIn);
  if (passedIn !== lastPassedIn) {
    // navigation state arrives after the first render
    setLastPassedIn(passedIn);
    setChoice(passedIn ?? null);
  }
  // The page is painted, and its form works, before it hydrates (decision 0606): a course or date picked in
  // between is in the form but not in this state, and the select's next render put "Choose a course" back, so
  // the post said "Course is required." The choice is taken from the form once, as it hydrates.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, against the state the page hydrated with
  useLayoutEffect(() => {
    const element = form.formRef.current;
    if (!element) return;
    const data = new FormData(element);
    const slug = data.get("course");
    const runId = data.get("run");
    const picked =
      typeof slug === "string" && slug ? { slug, runId: typeof runId === "string" ? runId : null } : null;
    if (picked?.slug === choice?.slug && picked?.runId === choice?.runId) return;
    setChoice(picked);
    onCourseChange?.(picked);
  }, []);
  const [dismissed, setDismissed] = useState<FormResult | null>(null);
  const booked = form.result?.ok ? form.result : undefined;
  if (booked && booked !== dismissed) {
    const sameCourse = choice
      ? `?${new URLSearchParams(choice.runId ? { course: choice.slug, run: choice.runId } : { course: choice.slug })}`
      : "";
    return (
      <BookingConfirmation
        result={booked}
        payment={payment}
        vatNote={vatNote}
        anotherHref={
          anotherHref ?? (variant === "register" ? `/register${sameCourse}` : "/contact#register-heading")
        }
        // after a fetcher post the form is still here, keeping the chosen course and date: show it again
        onAnother={form.fetcher.data ? () => setDismissed(booked) : undefined}
      />
    );
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
  const chooseRun = (runId: string) => {
    const next = choice ? { ...choice, runId } : null;
    setChoice(next);
    onCourseChange?.(next);
  };
  const shown = describeChoice(courses, choice);
  return (
    <>
      {heading}
      <PublicForm
        form={form}
        action={variant === "register" ? "/register" : "/contact"}
        label="Course registration form"
        submitLabel={variant === "register" ? "Submit Registration" : "Register Now"}
        busyLabel="Submitting..."
      >
        <input type="hidden" name="intent" value="register" />
        <OrganisationFields form={form} />
        <div className="grid gap-4 sm:grid-cols-2">
          <PersonFields form={form} organization={false} />
          <SmsConsentField
            name="smsConsent"
            checked={form.values?.smsConsent === "on"}
            error={field("smsConsent").errors?.[0]}
            label="Also send me SMS about this booking at this number"
          />
          <SmsConsentField
            name="whatsappConsent"
            checked={form.values?.whatsappConsent === "on"}
            error={field("whatsappConsent").errors?.[0]}
            label="Also send me WhatsApp messages about this booking at this number"
            channel="whatsapp"
          />
          <SelectField
            {...field("course")}
            label={variant === "register" ? "Select Course" : "Course of Interest"}
            required
            value={choice?.slug ?? ""}
            onChange={(event) => choose(event.target.value)}
            className="sm:col-span-2"
          >
            <option value="">Choose a course</option>
            {courses.map((course) => (
              <option key={course.slug} value={course.slug}>
                {course.title}
              </option>
            ))}
          </SelectField>
          {shown ? (
            <RunChooser
              id={id}
              runs={shown.course.runs}
              selected={shown.run?.id ?? null}
              onSelect={chooseRun}
              error={form.field("run").errors?.[0]}
              seatsLeftThreshold={seatsLeftThreshold}
            />
          ) : null}
          {shown ? (
            <>
              <InputField id={`${id}-venue`} look={publicLook} readOnly label="Venue" value={shown.venue} />
              <InputField id={`${id}-cost`} look={publicLook} readOnly label="Cost" value={shown.cost} />
            </>
          ) : null}
        </div>
        <GroupBookingFields
          form={form}
          rowsAsked={form.result?.participantRows}
          unitPrice={shown?.price}
          vatNote={vatNote}
          discounts={shown && choice ? offeredFor(offered, choice.slug, shown.run?.id ?? null) : null}
          choice={shown && choice ? { slug: choice.slug, runId: shown.run?.id ?? null } : null}
        />
        <TextareaField
          {...field("message")}
          rows={4}
          label={variant === "register" ? "Message / Special Requirements" : "Message"}
          maxLength={LIMITS.message}
          defaultValue={values?.message}
        />
      </PublicForm>
    </>
  );
}
