import { data, Form } from "react-router";
import { z } from "zod";
import {
  acceptPostponement,
  describePostponement,
  type PostponementOutcome,
  type PostponementView,
} from "#app/bookings/index.server";
import { LinkOutcome } from "#app/components/public/link-outcome";
import { readForm } from "#app/platform/forms/form-input.server";
import { anonymousActor } from "#app/staff/index.server";
import type { Route } from "./+types/postponed";

// A postponed date's offer (issue 48, decision 0777): the e-mail's link opens this page; one press moves the
// participant to the next date. The page itself changes nothing, so a mail scanner opening the link moves no one.

export const meta: Route.MetaFunction = () => [
  { title: "Your course date | Mafunzo Training & Consultancy" },
  { name: "robots", content: "noindex" },
];

const MoveSchema = z.object({ move: z.literal("yes", "Press the button to move.") });

const statusOf = (view: PostponementView) =>
  view.state === "unknown" ? 404 : view.state === "open" ? 200 : 409;

export async function loader({ params }: Route.LoaderArgs) {
  const view = await describePostponement(params.token);
  return data({ view }, { status: statusOf(view), headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const parsed = MoveSchema.safeParse(Object.fromEntries(await readForm(request, MoveSchema)));
  if (!parsed.success) {
    const outcome: PostponementOutcome = { ok: false, status: 400, message: "Press the button to move." };
    return data({ outcome }, { status: 400 });
  }
  const { ip, userAgent } = anonymousActor(context);
  const outcome = await acceptPostponement(params.token, { ip, userAgent });
  return data({ outcome }, { status: outcome.ok ? 200 : outcome.status });
}

const SAID = {
  moved: "You have moved to the new date: nothing more to do.",
  gone: "This place is no longer on the postponed date. Please call the office if you need help.",
};

export default function Postponed({ loaderData, actionData }: Route.ComponentProps) {
  const { view } = loaderData;
  const outcome = actionData?.outcome;
  return (
    <section className="bg-cream px-4 py-10 sm:py-16">
      <div className="mx-auto max-w-xl rounded-lg bg-white p-5 text-slate-800 shadow-sm sm:p-6">
        <h1 className="text-2xl font-bold text-brand-900">Your course date</h1>
        {view.state === "unknown" ? (
          <p role="status" className="mt-4">
            This link is not valid. Please use the link in your e-mail exactly as it was sent.
          </p>
        ) : (
          <>
            <p className="mt-2">Dear {view.name},</p>
            <p className="mt-2">
              {view.courseTitle} on {view.fromDates} is postponed. Your place, and anything paid, moves with
              you to {view.toDates}.
            </p>
            <LinkOutcome outcome={outcome} closed={view.state !== "open" ? SAID[view.state] : null} />
            {view.state === "open" && !outcome?.ok ? (
              <Form method="post" className="mt-5">
                <button
                  type="submit"
                  name="move"
                  value="yes"
                  className="inline-flex min-h-12 w-full items-center justify-center rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 sm:w-auto"
                >
                  Move me to {view.toDates}
                </button>
              </Form>
            ) : null}
            <p className="mt-6 text-sm">
              Another date, or a colleague in your place? Reply to the e-mail or call us.
            </p>
          </>
        )}
      </div>
    </section>
  );
}
