import { parseWithZod } from "@conform-to/zod/v4";
import type { MouseEvent } from "react";
import { data, Form } from "react-router";
import { BackLink } from "#app/components/admin/back-link";
import { PageHeader } from "#app/components/admin/page-header";
import { recordErrorBoundary } from "#app/components/admin/record-not-found";
import { buttonClass } from "#app/components/ui/button";
import { InputField, SelectField, TextareaField } from "#app/components/ui/field";
import { parseId } from "#app/platform/forms/admin-ids";
import { readForm } from "#app/platform/forms/form-input.server";
import { redirectWithToast } from "#app/platform/toast.server";
import { QuoteLines } from "#app/routes/sales/components/quote-lines";
import { QUOTE_KIND_LABELS, QUOTE_KINDS, QuoteSchema } from "#app/sales/index";
import { getEnquiry, listQuotableCourses, quoteVatRule, sendQuote } from "#app/sales/index.server";
import { canManageBookings } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";
import { addDays, today } from "#app/utils/dates";
import type { Route } from "./+types/enquiry.quote";

export const meta: Route.MetaFunction = () => [{ title: "Send a quote | Mafunzo Admin" }];

const DEFAULT_TERMS =
  "50% on acceptance and the balance before the course starts. Prices in Kenya shillings. The dates are fixed on acceptance.";

function notFound(): never {
  throw data("Enquiry not found", { status: 404 });
}

export async function loader(args: Route.LoaderArgs) {
  await requireAllowed(args, canManageBookings);
  const id = parseId(args.params.id) ?? notFound();
  const [found, courses] = await Promise.all([getEnquiry(id), listQuotableCourses()]);
  if (!found) notFound();
  return {
    courses,
    enquiry: {
      id: found.enquiry.id,
      title: found.enquiry.organisationName ?? found.enquiry.contactName,
      participants: found.enquiry.participants,
      courseId: found.enquiry.courseId,
      venue: found.enquiry.venue,
      preferredDates: found.enquiry.preferredDates,
      subject: found.courseTitle ?? found.enquiry.topic,
      contactEmail: found.enquiry.contactEmail,
    },
    validUntil: addDays(today(), 30),
    vatRule: await quoteVatRule(),
  };
}

export async function action(args: Route.ActionArgs) {
  const { actor } = await requireAllowed(args, canManageBookings);
  const id = parseId(args.params.id) ?? notFound();
  const submission = parseWithZod(await readForm(args.request, QuoteSchema), { schema: QuoteSchema });
  if (submission.status !== "success") {
    return data(
      { message: "Quote not sent: check the marked fields.", errors: submission.reply().error ?? {} },
      {
        status: 400,
      },
    );
  }
  const outcome = await sendQuote(actor, id, submission.value);
  if (!outcome.ok) return data({ message: outcome.message, errors: {} }, { status: outcome.status });
  return redirectWithToast(`/admin/enquiries/${id}`, { title: outcome.message });
}

export const ErrorBoundary = recordErrorBoundary({
  title: "Enquiry not found",
  text: "No enquiry has this address, or the link is incomplete.",
  list: "/admin/enquiries",
  listLabel: "All enquiries",
});

/**
 * "Preview PDF" with JavaScript: the form's fields posted natively to the preview in a new tab. The router
 * would otherwise take the submission (its `Form` handles every submit) and fetch a PDF as page data; a
 * native `submit()` raises no submit event. Without JavaScript the button's formaction does the same.
 */
function openPreview(event: MouseEvent<HTMLButtonElement>, path: string) {
  const form = event.currentTarget.form;
  if (!form) return;
  event.preventDefault();
  const action = form.getAttribute("action");
  form.setAttribute("action", path);
  form.setAttribute("target", "_blank");
  form.submit();
  if (action === null) form.removeAttribute("action");
  else form.setAttribute("action", action);
  form.removeAttribute("target");
}

export default function EnquiryQuote({ loaderData, actionData }: Route.ComponentProps) {
  const { enquiry, validUntil, courses, vatRule } = loaderData;
  const previewPath = `/admin/enquiries/${enquiry.id}/quote/preview.pdf`;
  const errors = (actionData?.errors ?? {}) as Record<string, string[] | null | undefined>;
  return (
    <div className="max-w-4xl space-y-6">
      <BackLink to={`/admin/enquiries/${enquiry.id}`}>The enquiry</BackLink>
      <PageHeader
        title={`Quote for ${enquiry.title}`}
        description={`${enquiry.subject ?? "In-house training"} · sent to ${enquiry.contactEmail}. A new version replaces an unanswered one.`}
      />
      {actionData?.message ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-900">
          {actionData.message}
        </p>
      ) : null}
      <Form
        method="post"
        className="group space-y-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <SelectField
          label="What the quote sells"
          hint="Consultancy sells no course: once accepted it becomes an engagement whose milestones are invoiced as they are reached."
          name="kind"
          defaultValue="training"
          errors={errors.kind}
        >
          {QUOTE_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {QUOTE_KIND_LABELS[kind]}
            </option>
          ))}
        </SelectField>
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            label="Number of participants"
            name="participants"
            inputMode="numeric"
            required
            defaultValue={enquiry.participants ?? ""}
            errors={errors.participants}
          />
          <InputField
            label="Valid until"
            name="validUntil"
            type="date"
            required
            defaultValue={validUntil}
            errors={errors.validUntil}
          />
        </div>
        {/* consultancy schedules no course: the fieldset folds away as it is chosen, without JavaScript too; the
            server reads it for training only, so its fields carry no browser "required" */}
        <fieldset className="space-y-4 group-has-[option[value=consultancy]:checked]:hidden">
          <legend className="text-lg font-semibold text-slate-900">What is scheduled (training)</legend>
          <p className="text-sm text-slate-700">
            Accepting the quote books these days as a private course date for the client: on no public page.
            {enquiry.preferredDates ? ` The client asked for: ${enquiry.preferredDates}.` : ""}
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label="Course"
              name="courseId"
              defaultValue={enquiry.courseId ?? ""}
              errors={errors.courseId}
            >
              <option value="">Choose a course</option>
              {courses.map((course) => (
                <option key={course.id} value={course.id}>
                  {course.durationDays
                    ? `${course.title} (${course.durationDays} ${course.durationDays === 1 ? "day" : "days"})`
                    : course.title}
                </option>
              ))}
            </SelectField>
            <InputField
              label="Venue or county"
              name="venue"
              maxLength={200}
              defaultValue={enquiry.venue ?? ""}
              errors={errors.venue}
            />
            <InputField label="Start date" name="startDate" type="date" errors={errors.startDate} />
            <InputField
              label="End date"
              name="endDate"
              type="date"
              hint="Leave empty: as many days as the course lasts."
              errors={errors.endDate}
            />
          </div>
        </fieldset>
        <QuoteLines rule={vatRule} errors={errors} />
        <TextareaField
          label="Terms"
          name="terms"
          rows={4}
          maxLength={4000}
          required
          defaultValue={DEFAULT_TERMS}
          errors={errors.terms}
        />
        <div className="flex flex-wrap gap-3">
          {/* the PDF as the client would receive it, in a tab of its own; nothing is stored or sent */}
          <button
            type="submit"
            formAction={previewPath}
            formTarget="_blank"
            onClick={(event) => openPreview(event, previewPath)}
            className={buttonClass("outline", "md", "min-h-11")}
          >
            Preview PDF
          </button>
          <button type="submit" className={buttonClass("primary", "md", "min-h-11")}>
            Send quote
          </button>
        </div>
      </Form>
    </div>
  );
}
