import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form } from "react-router";
import { PrivacyNote } from "#app/components/public/form-controls";
import { type FieldLook, InputField, panelLook, TextareaField } from "#app/components/ui/field";
import { FeedbackSchema } from "#app/delivery/index";
import { describeFeedbackLink, type FeedbackLink, submitFeedback } from "#app/delivery/index.server";
import { readForm } from "#app/platform/forms/form-input.server";
import { cn } from "#app/utils/cn";
import type { Route } from "./+types/feedback";

export const meta: Route.MetaFunction = () => [
  { title: "Course feedback | Mafunzo Training & Consultancy" },
  { name: "robots", content: "noindex" },
];

// the link is opened from an e-mail, mostly on a phone: one-line fields are 44 px tap targets there too
const FIELD_LOOK: FieldLook = { ...panelLook, control: cn(panelLook.control, "min-h-11") };

const statusOf = (link: FeedbackLink) => (link.state === "unknown" ? 404 : link.state === "used" ? 410 : 200);

export async function loader({ params }: Route.LoaderArgs) {
  const link = await describeFeedbackLink(params.token);
  return data({ link }, { status: statusOf(link), headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, params }: Route.ActionArgs) {
  const formData = await readForm(request, FeedbackSchema);
  const link = await describeFeedbackLink(params.token);
  if (link.state !== "open") return data({ link, thanked: false, errors: {} }, { status: statusOf(link) });
  const submission = parseWithZod(formData, { schema: FeedbackSchema });
  if (submission.status !== "success") {
    return data({ link, thanked: false, errors: submission.reply().error ?? {} }, { status: 400 });
  }
  const stored = await submitFeedback(params.token, submission.value);
  // a second tab that lost the race is told the link was used, not thanked twice
  return data(
    { link: stored, thanked: stored.state === "open", errors: {} },
    { status: stored.state === "open" ? 200 : statusOf(stored) },
  );
}

function Rating({ name, legend, errors }: { name: string; legend: string; errors?: string[] | null }) {
  return (
    <fieldset className="space-y-2" aria-describedby={errors?.length ? `${name}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {[1, 2, 3, 4, 5].map((n) => (
          <label
            key={n}
            className="inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center gap-1 rounded-md border border-slate-300 px-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
          >
            <input type="radio" name={name} value={n} required className="accent-brand-700" />
            {n}
          </label>
        ))}
      </div>
      {errors?.length ? (
        <p id={`${name}-error`} className="text-sm text-red-700">
          {errors[0]}
        </p>
      ) : null}
    </fieldset>
  );
}

export default function Feedback({ loaderData, actionData }: Route.ComponentProps) {
  const link = actionData?.link ?? loaderData.link;
  const errors = (actionData?.errors ?? {}) as Record<string, string[] | null | undefined>;
  return (
    <section className="bg-cream px-4 py-16">
      <div className="mx-auto max-w-2xl rounded-lg bg-white p-6 text-slate-800 shadow-sm">
        <h1 className="text-2xl font-bold text-brand-900">Course feedback</h1>
        {actionData?.thanked ? (
          <p role="status" className="mt-4">
            Thank you{link.state !== "unknown" ? `, ${link.name}` : ""}. Your feedback has been received.
          </p>
        ) : link.state === "unknown" ? (
          <p role="status" className="mt-4">
            This feedback link is not valid. Please use the link in your e-mail exactly as it was sent.
          </p>
        ) : link.state === "used" ? (
          <p role="status" className="mt-4">
            This feedback link has already been used: your answers for {link.courseTitle} were received, and
            each link can be used only once. Thank you.
          </p>
        ) : (
          <Form method="post" className="mt-4 space-y-5">
            <p>
              {link.name}, how was <strong>{link.courseTitle}</strong>?
            </p>
            <Rating
              name="courseRating"
              legend="The course overall (1 poor, 5 excellent)"
              errors={errors.courseRating}
            />
            <Rating
              name="facilitatorRating"
              legend="The facilitator (1 poor, 5 excellent)"
              errors={errors.facilitatorRating}
            />
            <TextareaField
              label="What was most useful?"
              name="mostUseful"
              rows={3}
              maxLength={2000}
              errors={errors.mostUseful}
            />
            <TextareaField
              label="What should we improve?"
              name="improve"
              rows={3}
              maxLength={2000}
              errors={errors.improve}
            />
            <label className="flex items-start gap-2 text-sm">
              <input type="checkbox" name="consentToQuote" className="mt-1 size-4 accent-brand-700" />
              You may quote what I found most useful on your website, with my name and position.
            </label>
            <div className="grid gap-4 sm:grid-cols-2">
              <InputField
                look={FIELD_LOOK}
                label="Name to quote"
                name="quoteName"
                maxLength={120}
                errors={errors.quoteName}
              />
              <InputField
                look={FIELD_LOOK}
                label="Position and organisation"
                name="quotePosition"
                maxLength={120}
                errors={errors.quotePosition}
              />
            </div>
            <PrivacyNote />
            <button
              type="submit"
              className="inline-flex min-h-11 items-center rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
            >
              Send feedback
            </button>
          </Form>
        )}
      </div>
    </section>
  );
}
