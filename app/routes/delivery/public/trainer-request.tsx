import { data, Form, Link } from "react-router";
import { LinkOutcome } from "#app/components/public/link-outcome";
import { TrainerAnswerSchema } from "#app/delivery/index";
import {
  answerRequestByLink,
  describeRequestLink,
  type RequestLink,
  type RequestOutcome,
} from "#app/delivery/index.server";
import { readForm } from "#app/platform/forms/form-input.server";
import { anonymousActor } from "#app/staff/index.server";
import { formatLongDate } from "#app/utils/dates";
import type { Route } from "./+types/trainer-request";

export const meta: Route.MetaFunction = () => [
  { title: "Training request | Mafunzo Training & Consultancy" },
  { name: "robots", content: "noindex" },
];

const statusOf = (link: RequestLink) =>
  link.state === "unknown" ? 404 : link.state === "expired" ? 410 : link.state === "open" ? 200 : 409;

export async function loader({ params }: Route.LoaderArgs) {
  const link = await describeRequestLink(params.token);
  return data({ link }, { status: statusOf(link), headers: { "Cache-Control": "no-store" } });
}

/** The trainer's answer: the link's token is their proof, so no sign-in is needed on the phone. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const formData = await readForm(request, TrainerAnswerSchema);
  const parsed = TrainerAnswerSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    const outcome: RequestOutcome = { ok: false, status: 400, message: "Choose accept or decline." };
    return data({ outcome }, { status: 400 });
  }
  const { ip, userAgent } = anonymousActor(context);
  const outcome = await answerRequestByLink(params.token, parsed.data.answer, { ip, userAgent });
  return data({ outcome }, { status: outcome.ok ? 200 : outcome.status });
}

const BUTTON =
  "inline-flex min-h-12 w-full items-center justify-center rounded-md px-5 py-3 font-semibold sm:w-auto";

function Request({ link }: { link: Exclude<RequestLink, { state: "unknown" }> }) {
  return (
    <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="text-slate-600">Course</dt>
      <dd className="font-semibold wrap-anywhere">{link.courseTitle}</dd>
      <dt className="text-slate-600">Dates</dt>
      <dd>{link.dates}</dd>
      {link.venue ? (
        <>
          <dt className="text-slate-600">Venue</dt>
          <dd className="wrap-anywhere">{link.venue}</dd>
        </>
      ) : null}
      {link.dueDate ? (
        <>
          <dt className="text-slate-600">Answer by</dt>
          <dd>{formatLongDate(link.dueDate)}</dd>
        </>
      ) : null}
    </dl>
  );
}

const SAID: Record<Exclude<RequestLink["state"], "open" | "unknown">, string> = {
  expired: "The date to answer this request has passed. Please call the office if you can still train it.",
  accepted: "You have accepted this request: the course date is in My course dates.",
  declined: "You have declined this request. Thank you for telling us.",
  withdrawn: "The office has withdrawn this request: nothing more is needed from you.",
};

export default function TrainerRequest({ loaderData, actionData }: Route.ComponentProps) {
  const { link } = loaderData;
  const outcome = actionData?.outcome;
  return (
    <section className="bg-cream px-4 py-10 sm:py-16">
      <div className="mx-auto max-w-xl rounded-lg bg-white p-5 text-slate-800 shadow-sm sm:p-6">
        <h1 className="text-2xl font-bold text-brand-900">Training request</h1>
        {link.state === "unknown" ? (
          <p role="status" className="mt-4">
            This link is not valid. Please use the link in your e-mail exactly as it was sent.
          </p>
        ) : (
          <>
            <p className="mt-2">Dear {link.name},</p>
            <Request link={link} />
            <LinkOutcome outcome={outcome} closed={link.state !== "open" ? SAID[link.state] : null} />
            {link.state === "open" && !outcome?.ok ? (
              <Form method="post" className="mt-5 flex flex-col gap-3 sm:flex-row">
                <button
                  type="submit"
                  name="answer"
                  value="accept"
                  className={`${BUTTON} bg-brand-700 text-white hover:bg-brand-800`}
                >
                  Accept
                </button>
                <button
                  type="submit"
                  name="answer"
                  value="decline"
                  className={`${BUTTON} border border-slate-300 text-slate-800 hover:bg-slate-50`}
                >
                  Decline
                </button>
              </Form>
            ) : null}
            <p className="mt-6 text-sm">
              <Link to="/admin/my-runs" className="font-semibold text-brand-700 underline">
                My course dates and fee statement
              </Link>{" "}
              (sign in with your staff account).
            </p>
          </>
        )}
      </div>
    </section>
  );
}
