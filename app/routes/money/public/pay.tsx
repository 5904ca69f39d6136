import { data } from "react-router";
import { z } from "zod";
import { readSignedReference } from "#app/booking/index.server";
import { requestInfoContext } from "#app/context";
import { MobileMoneyPayFormSchema, StkCheckFormSchema, StkPayFormSchema } from "#app/money/index";
import {
  checkBookingPrompt,
  checkStkPush,
  mobileMoneyPayOptions,
  startMobileMoneyPrompt,
  startStkPush,
  stkPayPage,
} from "#app/money/index.server";
import { readForm } from "#app/platform/forms/form-input.server";
import { consumeRateLimit } from "#app/platform/rate-limit/rate-limit.server";
import { MobileMoneyPayPanel } from "#app/routes/money/public/components/mobile-money-pay-panel";
import { MpesaPayPanel } from "#app/routes/money/public/components/mpesa-pay-panel";
import { OtherWaysToPay, PaidFor, Reference } from "#app/routes/money/public/components/pay-page-parts";
import { getPaymentDetails } from "#app/site/index.server";
import { anonymousActor } from "#app/staff/index.server";
import { formatKes, parseCents } from "#app/utils/cents";
import { parseMinor } from "#app/utils/minor-units";
import type { Route } from "./+types/pay";

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `Pay booking ${params.booking.split(".")[0]} | Mafunzo Training & Consultancy` },
  { name: "robots", content: "noindex" },
];

const PRIVATE = { "Cache-Control": "no-store" };
export const headers: Route.HeadersFunction = () => PRIVATE;
// a client sends a prompt or two; an address sending dozens is pestering someone's phone
const PROMPT_LIMIT = { limit: 10, windowMs: 10 * 60 * 1000 };

function notFound(): never {
  throw data(
    { error: "This payment link is not valid. Please use the link in your booking e-mail." },
    { status: 404 },
  );
}

async function pageOf(params: { booking: string }) {
  const reference = readSignedReference(params.booking);
  const page = reference ? await stkPayPage(reference) : null;
  return page ?? notFound();
}

export async function loader({ params }: Route.LoaderArgs) {
  const [page, payment] = await Promise.all([pageOf(params), getPaymentDetails()]);
  const { bookingId: _id, ...shown } = page;
  const { paybillAccountNote: _note, ...bank } = payment;
  const mobileMoney = await mobileMoneyPayOptions(page.bookingId);
  return data({ ...shown, payment: bank, mobileMoney }, { headers: PRIVATE });
}

type Answer = { ok: boolean; message: string; fieldErrors?: Record<string, string[]> };

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request, [StkPayFormSchema, StkCheckFormSchema, MobileMoneyPayFormSchema]);
  const page = await pageOf(params);
  if (form.get("intent") === "check") {
    await checkStkPush(page.bookingId);
    await checkBookingPrompt(page.bookingId, anonymousActor(context, "Client"));
    return data<Answer>({ ok: true, message: "" }, { headers: PRIVATE });
  }
  if (form.get("intent") === "mobile-money") return mobileMoneyAction(form, page.bookingId, context);
  const parsed = StkPayFormSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const fieldErrors = z.flattenError(parsed.error).fieldErrors as Record<string, string[]>;
    return data<Answer>(
      { ok: false, message: "Please correct the fields below.", fieldErrors },
      { status: 400 },
    );
  }
  const limited = await promptRateLimited(context);
  if (limited) return limited;
  const amountCents = parseCents(parsed.data.amount.replace(/,/g, "")) as number;
  const outcome = await startStkPush(
    page.bookingId,
    { phone: parsed.data.phone, amountCents },
    anonymousActor(context, "Client"),
  );
  return data<Answer>(
    { ok: outcome.ok, message: outcome.message },
    { status: outcome.ok ? 200 : outcome.status, headers: PRIVATE },
  );
}

/** Prompts from one address are counted together, whichever way they go. */
async function promptRateLimited(context: Route.ActionArgs["context"]) {
  const { ip } = context.get(requestInfoContext);
  const allowed = await consumeRateLimit("stk-push", ip, PROMPT_LIMIT);
  if (allowed.allowed) return null;
  return data<Answer>(
    { ok: false, message: "Too many payment prompts from your address. Please try again in a few minutes." },
    { status: 429, headers: { "Retry-After": String(allowed.retryAfterSeconds) } },
  );
}

/** "Pay with MTN MoMo" / "Pay with Airtel Money": the number is checked against the office's country. */
async function mobileMoneyAction(form: FormData, bookingId: string, context: Route.ActionArgs["context"]) {
  const parsed = MobileMoneyPayFormSchema.safeParse(Object.fromEntries(form));
  const options = await mobileMoneyPayOptions(bookingId);
  const amountMinor = parsed.success && options ? parseMinor(parsed.data.amount, options.currency) : null;
  if (!parsed.success || amountMinor === null) {
    const fieldErrors = parsed.success
      ? { amount: ["Enter a whole amount, at least 1"] }
      : (z.flattenError(parsed.error).fieldErrors as Record<string, string[]>);
    return data<Answer>(
      { ok: false, message: "Please correct the fields below.", fieldErrors },
      { status: 400 },
    );
  }
  const limited = await promptRateLimited(context);
  if (limited) return limited;
  const outcome = await startMobileMoneyPrompt(
    bookingId,
    { provider: parsed.data.provider, phone: parsed.data.phone, amountMinor },
    anonymousActor(context, "Client"),
  );
  return data<Answer>(
    { ok: outcome.ok, message: outcome.message },
    { status: outcome.ok ? 200 : outcome.status, headers: PRIVATE },
  );
}

export default function Pay({ loaderData, actionData }: Route.ComponentProps) {
  const page = loaderData;
  const due = page.dueCents;
  return (
    <>
      <section className="bg-brand-800 px-4 py-12 text-white">
        <div className="mx-auto max-w-3xl">
          <h1 className="text-3xl font-bold">
            Pay booking <Reference value={page.reference} />
          </h1>
          <p className="mt-3 text-brand-100" data-testid="pay-due">
            {due === null
              ? "The amount of this booking is not settled yet: we will e-mail the invoice."
              : due > 0
                ? `Still to pay: ${formatKes(due)}.`
                : "This booking is paid in full. Thank you."}
          </p>
        </div>
      </section>
      <section className="bg-cream px-4 py-10">
        <div className="mx-auto max-w-3xl space-y-8 rounded-lg bg-white p-6 shadow-sm">
          <PaidFor page={page} />
          {page.mobileMoney && page.mobileMoney.ways.length > 0 && page.payable && due !== null ? (
            <div>
              <h2 className="mb-4 text-xl font-semibold text-brand-900">Pay with mobile money</h2>
              <MobileMoneyPayPanel
                options={page.mobileMoney}
                dueMinor={due}
                phone={page.phone}
                answer={actionData && !actionData.ok ? actionData : null}
              />
            </div>
          ) : null}
          {page.available && page.payable && due !== null && page.mobileMoney?.mpesa !== false ? (
            <div>
              <h2 className="mb-4 text-xl font-semibold text-brand-900">Pay with M-PESA</h2>
              <MpesaPayPanel
                phone={page.phone}
                dueCents={due}
                prompts={page.prompts}
                limitShillings={page.limitShillings}
                push={page.push}
                answer={actionData && !actionData.ok ? actionData : null}
              />
            </div>
          ) : null}
          {due !== 0 ? <OtherWaysToPay page={page} /> : null}
        </div>
      </section>
    </>
  );
}
