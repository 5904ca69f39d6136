import { data, Form, Link } from "react-router";
import { parseListQuery } from "#app/back-office/index";
import { BackLink } from "#app/components/admin/back-link";
import { PaymentHeading } from "#app/components/admin/finance-parts";
import { PageHeader } from "#app/components/admin/page-header";
import { useOutcomeToast } from "#app/components/admin/use-outcome-toast";
import { useStaff } from "#app/components/admin/use-staff";
import { Badge } from "#app/components/ui/badge";
import { buttonClass } from "#app/components/ui/button";
import { InputField, SelectField } from "#app/components/ui/field";
import { DIRECT_PAYMENT_METHODS, PaymentActionSchema, PaymentQuerySchema } from "#app/money/index";
import {
  assignPayment,
  bounceCheque,
  clearCheque,
  dismissPaymentReview,
  listCheques,
  listOpenPaymentReviews,
  listPayments,
  recordCheque,
  recordPayment,
  recordReviewedPayment,
  reversePayment,
} from "#app/money/index.server";
import { moneyTransaction } from "#app/platform/db/money-transaction.server";
import { readForm } from "#app/platform/forms/form-input.server";
import { Cheques, RecordChequeForm } from "#app/routes/money/components/cheques";
import { PaymentReviews } from "#app/routes/money/components/payment-reviews";
import { canManageMoney, canReadMoney } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";
import { formatKes, parseCents } from "#app/utils/cents";
import { formatLongDate, today } from "#app/utils/dates";
import { implausiblePayment, MAX_PLAUSIBLE_PAYMENT_CENTS } from "#app/utils/payment-sanity";
import { PAYMENT_METHOD_LABELS as METHOD_LABELS } from "#app/utils/payment-state";
import type { Route } from "./+types/finance-payments";

export const meta: Route.MetaFunction = () => [{ title: "Payments | Mafunzo Admin" }];

export async function loader(args: Route.LoaderArgs) {
  await requireAllowed(args, canReadMoney);
  const { view } = parseListQuery(PaymentQuerySchema, new URL(args.request.url));
  const [payments, reviews, cheques] = await Promise.all([
    listPayments(view),
    listOpenPaymentReviews(),
    listCheques(),
  ]);
  return { view, today: today(), payments, reviews, cheques };
}

type Answer = { ok: boolean; message: string; field?: string; intent?: string };

export async function action(args: Route.ActionArgs) {
  const { actor } = await requireAllowed(args, canManageMoney);
  const form = Object.fromEntries(await readForm(args.request, PaymentActionSchema));
  const parsed = PaymentActionSchema.safeParse(form);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return data<Answer>(
      {
        ok: false,
        message: issue?.message ?? "Check the form.",
        field: String(issue?.path[0] ?? ""),
        intent: String(form.intent ?? ""),
      },
      { status: 400 },
    );
  }
  const input = parsed.data;
  if (input.intent === "cheque-clear") {
    const outcome = await clearCheque(actor, input.id, input.clearedOn);
    return data<Answer>(outcome, { status: outcome.ok ? 200 : outcome.status });
  }
  if (input.intent === "cheque-bounce") {
    const outcome = await bounceCheque(actor, input.id, {
      bouncedOn: input.bouncedOn,
      reason: input.reason,
      bankChargeCents: input.bankCharge ? parseCents(input.bankCharge) : null,
    });
    return data<Answer>(outcome, { status: outcome.ok ? 200 : outcome.status });
  }
  if (input.intent === "reverse") {
    const outcome = await reversePayment(actor, input.id, input.reason);
    return data<Answer>(outcome, { status: outcome.ok ? 200 : outcome.status });
  }
  if (input.intent === "assign") {
    const outcome = await assignPayment(actor, input.id, input.reference);
    return data<Answer>(outcome, { status: outcome.ok ? 200 : outcome.status });
  }
  if (input.intent === "review-dismiss") {
    const outcome = await dismissPaymentReview(actor, input.id, input.reason);
    return data<Answer>(outcome, { status: outcome.ok ? 200 : outcome.status });
  }
  const amountCents = parseCents(input.amount) as number;
  // a person types these: a date after tomorrow or an amount no client pays is a typo, said where it was made
  const implausible = implausiblePayment({ amountCents, receivedOn: input.receivedOn }, today());
  if (implausible) {
    const field = amountCents > MAX_PLAUSIBLE_PAYMENT_CENTS ? "amount" : "receivedOn";
    return data<Answer>({ ok: false, field, message: implausible, intent: input.intent }, { status: 400 });
  }
  if (input.intent === "cheque") {
    const outcome = await recordCheque(actor, {
      reference: input.reference,
      number: input.number,
      bank: input.bank,
      chequeDate: input.chequeDate,
      receivedOn: input.receivedOn,
      clearsOn: input.clearsOn,
      amountCents,
      payer: input.payer || null,
    });
    return data<Answer>({ ...outcome, intent: "cheque" }, { status: outcome.ok ? 200 : outcome.status });
  }
  if (input.intent === "review-record") {
    const outcome = await recordReviewedPayment(actor, input.id, {
      amountCents,
      receivedOn: input.receivedOn,
      reference: input.reference || null,
    });
    return data<Answer>(outcome, { status: outcome.ok ? 200 : outcome.status });
  }
  if (input.method !== "cash" && !input.transactionCode) {
    return data<Answer>(
      {
        ok: false,
        field: "transactionCode",
        message: "Enter the transaction code, reference or cheque number.",
      },
      { status: 400 },
    );
  }
  const outcome = await moneyTransaction((tx) =>
    recordPayment(
      tx,
      {
        method: input.method,
        amountCents,
        receivedOn: input.receivedOn,
        transactionCode: input.transactionCode || null,
        payer: input.payer || null,
        accountReference: input.reference || null,
        bookingId: null,
        source: "manual",
      },
      actor,
    ),
  );
  if (outcome.status === "duplicate") {
    return data<Answer>(
      {
        ok: false,
        field: "transactionCode",
        message: `${input.transactionCode.toUpperCase()} is already in the ledger: a payment is recorded once.`,
      },
      { status: 409 },
    );
  }
  const matched = outcome.payment.bookingId ? "" : " It matched no booking and waits to be assigned.";
  return data<Answer>({ ok: true, message: `${formatKes(amountCents)} recorded.${matched}` });
}

const SOURCE_LABELS = {
  manual: "by hand",
  mpesa_callback: "M-PESA callback",
  mpesa_statement: "M-PESA statement",
  mpesa_stk: "M-PESA Express",
  mobile_money_prompt: "Mobile-money prompt",
  bank_statement: "bank statement",
} as const;

export default function FinancePayments({ loaderData, actionData }: Route.ComponentProps) {
  const { view, payments, reviews, cheques } = loaderData;
  useOutcomeToast(actionData, "Not saved");
  const fieldError = (name: string) =>
    actionData && !actionData.ok && actionData.field === name && actionData.intent !== "cheque"
      ? [actionData.message]
      : undefined;
  const chequeError = (name: string) =>
    actionData && !actionData.ok && actionData.field === name && actionData.intent === "cheque"
      ? [actionData.message]
      : undefined;
  const mayManage = canManageMoney(useStaff());
  return (
    <div className="space-y-6">
      <BackLink to="/admin/finance">Back to Finance</BackLink>
      <PageHeader
        title="Payments"
        description="The ledger: every payment received, never edited or deleted. A mistake is reversed with a reason."
      />

      {mayManage ? (
        <Form
          method="post"
          className="grid grid-cols-1 gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-3"
          aria-labelledby="record-heading"
        >
          <h2
            id="record-heading"
            className="text-lg font-semibold text-slate-900 sm:col-span-2 lg:col-span-3"
          >
            Record a payment
          </h2>
          <input type="hidden" name="intent" value="record" />
          <SelectField label="Method" name="method" defaultValue="bank" errors={fieldError("method")}>
            {DIRECT_PAYMENT_METHODS.map((value) => (
              <option key={value} value={value}>
                {METHOD_LABELS[value]}
              </option>
            ))}
          </SelectField>
          <InputField
            label="Amount (KES)"
            name="amount"
            inputMode="decimal"
            required
            errors={fieldError("amount")}
          />
          <InputField
            label="Date received"
            name="receivedOn"
            type="date"
            required
            defaultValue={loaderData.today}
            errors={fieldError("receivedOn")}
          />
          <InputField
            label="Transaction code or reference"
            name="transactionCode"
            hint="M-PESA receipt, or the EFT, RTGS or PesaLink reference"
            errors={fieldError("transactionCode")}
          />
          <InputField label="Payer" name="payer" errors={fieldError("payer")} />
          <InputField
            label="Booking reference"
            name="reference"
            placeholder="MF-XXXXXXXX"
            hint="Leave empty if you do not know it yet"
            errors={fieldError("reference")}
          />
          <div className="sm:col-span-2 lg:col-span-3">
            <button type="submit" className={buttonClass("primary", "md", "min-h-11")}>
              Record payment
            </button>
          </div>
        </Form>
      ) : null}

      {mayManage ? <RecordChequeForm today={loaderData.today} errors={chequeError} /> : null}

      <Cheques cheques={cheques} today={loaderData.today} mayManage={mayManage} />

      {mayManage ? <PaymentReviews reviews={reviews} /> : null}

      <nav aria-label="Which payments" className="flex gap-2">
        {(["all", "unmatched"] as const).map((v) => (
          <Link
            key={v}
            to={v === "all" ? "?" : "?view=unmatched"}
            aria-current={view === v ? "page" : undefined}
            className={buttonClass(view === v ? "primary" : "outline", "md", "min-h-11")}
          >
            {v === "all" ? "All payments" : "Waiting to be assigned"}
          </Link>
        ))}
      </nav>

      {payments.length === 0 ? (
        <p className="text-sm text-slate-600">
          {view === "unmatched" ? "Every payment is assigned to a booking." : "No payments recorded yet."}
        </p>
      ) : (
        <ul className="space-y-3">
          {payments.map((p) => (
            <li
              key={p.id}
              data-testid="payment-row"
              className="rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm"
            >
              <PaymentHeading
                amount={formatKes(p.amountCents)}
                badge={
                  p.reversesId ? (
                    <Badge tone="grey">Reversal</Badge>
                  ) : p.reversed ? (
                    <Badge tone="grey">Reversed</Badge>
                  ) : p.reference ? (
                    <Badge tone="green">Pays {p.reference}</Badge>
                  ) : (
                    <Badge tone="yellow">Unassigned</Badge>
                  )
                }
              >
                <p className="break-words text-slate-700">
                  {METHOD_LABELS[p.method]}
                  {p.transactionCode ? ` ${p.transactionCode}` : ""} · {formatLongDate(p.receivedOn)}
                  {p.payer ? ` · ${p.payer}` : ""}
                </p>
                <p className="break-words text-xs text-slate-500">
                  {p.accountReference ? `Account “${p.accountReference}” · ` : ""}recorded{" "}
                  {SOURCE_LABELS[p.source]} by {p.recordedBy}
                  {p.reason ? ` · Reason: ${p.reason}` : ""}
                </p>
              </PaymentHeading>
              {mayManage && !p.bookingId && !p.reversesId && !p.reversed ? (
                <div className="mt-3 flex flex-wrap items-end gap-2">
                  {p.suggestions.map((s) => (
                    <Form key={s.reference} method="post">
                      <input type="hidden" name="intent" value="assign" />
                      <input type="hidden" name="id" value={p.id} />
                      <input type="hidden" name="reference" value={s.reference} />
                      <button type="submit" className={buttonClass("primary", "md", "min-h-11")}>
                        Assign to {s.reference} <span className="font-normal">({s.who})</span>
                      </button>
                    </Form>
                  ))}
                  <Form method="post" className="flex items-end gap-2">
                    <input type="hidden" name="intent" value="assign" />
                    <input type="hidden" name="id" value={p.id} />
                    <InputField
                      label="Booking reference"
                      name="reference"
                      placeholder="MF-XXXXXXXX"
                      className="w-44"
                    />
                    <button type="submit" className={buttonClass("outline", "md", "min-h-11")}>
                      Assign
                    </button>
                  </Form>
                </div>
              ) : null}
              {mayManage && !p.reversesId && !p.reversed ? (
                <details className="mt-3">
                  <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold text-slate-700">
                    Reverse this payment…
                  </summary>
                  <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
                    <input type="hidden" name="intent" value="reverse" />
                    <input type="hidden" name="id" value={p.id} />
                    <InputField
                      label="Reason"
                      name="reason"
                      required
                      minLength={3}
                      className="min-w-0 flex-1"
                    />
                    <button
                      type="submit"
                      className={buttonClass("outline", "md", "min-h-11 border-red-300 text-red-800")}
                    >
                      Reverse payment
                    </button>
                  </Form>
                </details>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
