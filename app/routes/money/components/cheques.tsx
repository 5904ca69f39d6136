import { Form } from "react-router";
import { PaymentHeading } from "#app/components/admin/finance-parts";
import { Badge } from "#app/components/ui/badge";
import { buttonClass } from "#app/components/ui/button";
import { InputField } from "#app/components/ui/field";
import { formatKes } from "#app/utils/cents";
import { addDays, formatLongDate } from "#app/utils/dates";

type Cheque = {
  id: string;
  number: string;
  bank: string;
  chequeDate: string;
  receivedOn: string;
  clearsOn: string;
  amountCents: number;
  payer: string | null;
  state: "pending" | "cleared" | "bounced";
  settledOn: string | null;
  bounceReason: string | null;
  bankChargeCents: number | null;
  reference: string;
  receiptNumber: string | null;
};

/** A cheque received for a booking: it pays the booking once it clears (decision 0756). */
export function RecordChequeForm({
  today,
  errors,
}: {
  today: string;
  errors: (name: string) => string[] | undefined;
}) {
  return (
    <Form
      method="post"
      className="grid grid-cols-1 gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-3"
      aria-labelledby="cheque-heading"
    >
      <h2 id="cheque-heading" className="text-lg font-semibold text-slate-900 sm:col-span-2 lg:col-span-3">
        Record a cheque
      </h2>
      <p className="text-sm text-slate-600 sm:col-span-2 lg:col-span-3">
        A cheque is not money until the bank clears it: the booking still owes until you mark it cleared
        below, and its receipt goes out then.
      </p>
      <input type="hidden" name="intent" value="cheque" />
      <InputField
        label="Cheque number"
        name="number"
        inputMode="numeric"
        required
        errors={errors("number")}
      />
      <InputField label="Drawn on (bank)" name="bank" required errors={errors("bank")} />
      <InputField label="Amount (KES)" name="amount" inputMode="decimal" required errors={errors("amount")} />
      <InputField
        label="Date on the cheque"
        name="chequeDate"
        type="date"
        required
        defaultValue={today}
        errors={errors("chequeDate")}
      />
      <InputField
        label="Date received"
        name="receivedOn"
        type="date"
        required
        defaultValue={today}
        errors={errors("receivedOn")}
      />
      <InputField
        label="Expected to clear on"
        name="clearsOn"
        type="date"
        required
        defaultValue={addDays(today, 3)}
        hint="Usually two to three working days after it is banked"
        errors={errors("clearsOn")}
      />
      <InputField label="Drawer" name="payer" hint="Who signed the cheque" errors={errors("payer")} />
      <InputField
        label="Booking reference"
        name="reference"
        placeholder="MF-XXXXXXXX"
        required
        errors={errors("reference")}
      />
      <div className="sm:col-span-2 lg:col-span-3">
        <button type="submit" className={buttonClass("primary", "md", "min-h-11")}>
          Record cheque
        </button>
      </div>
    </Form>
  );
}

const STATE_BADGES = {
  pending: <Badge tone="yellow">Awaiting clearance</Badge>,
  cleared: <Badge tone="green">Cleared</Badge>,
  bounced: <Badge tone="grey">Returned unpaid</Badge>,
} as const;

/** Cheques waiting to clear, each cleared or returned unpaid by hand; then the latest settled ones. */
export function Cheques({
  cheques,
  today,
  mayManage,
}: {
  cheques: Cheque[];
  today: string;
  mayManage: boolean;
}) {
  if (cheques.length === 0) return null;
  const pending = cheques.filter((c) => c.state === "pending").length;
  return (
    <section aria-labelledby="cheques-heading" className="space-y-3">
      <h2 id="cheques-heading" className="text-lg font-semibold text-slate-900">
        Cheques{pending > 0 ? ` (${pending} awaiting clearance)` : ""}
      </h2>
      <ul className="space-y-3">
        {cheques.map((c) => (
          <li
            key={c.id}
            data-testid="cheque-row"
            className="rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm"
          >
            <PaymentHeading amount={formatKes(c.amountCents)} badge={STATE_BADGES[c.state]}>
              <p className="break-words text-slate-700">
                Cheque {c.number} · {c.bank} · dated {formatLongDate(c.chequeDate)} · for {c.reference}
                {c.payer ? ` · ${c.payer}` : ""}
              </p>
              <p className="break-words text-xs text-slate-500">
                Received {formatLongDate(c.receivedOn)}
                {c.state === "pending" ? ` · expected to clear ${formatLongDate(c.clearsOn)}` : ""}
                {c.state === "cleared" && c.settledOn ? ` · cleared ${formatLongDate(c.settledOn)}` : ""}
                {c.state === "bounced" && c.settledOn
                  ? ` · returned ${formatLongDate(c.settledOn)}: ${c.bounceReason}`
                  : ""}
                {c.bankChargeCents ? ` · bank charge ${formatKes(c.bankChargeCents)}` : ""}
                {c.receiptNumber
                  ? ` · receipt ${c.receiptNumber}${c.state === "bounced" ? " (cancelled by the reversal)" : ""}`
                  : ""}
              </p>
            </PaymentHeading>
            {mayManage && c.state === "pending" ? (
              <Form method="post" className="mt-3 flex flex-wrap items-end gap-2">
                <input type="hidden" name="intent" value="cheque-clear" />
                <input type="hidden" name="id" value={c.id} />
                <InputField
                  label="Cleared on"
                  name="clearedOn"
                  type="date"
                  required
                  defaultValue={today < c.clearsOn ? today : c.clearsOn}
                  className="w-44"
                />
                <button type="submit" className={buttonClass("primary", "md", "min-h-11")}>
                  Mark cleared
                </button>
              </Form>
            ) : null}
            {mayManage && c.state !== "bounced" ? (
              <details className="mt-3">
                <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold text-slate-700">
                  Returned unpaid…
                </summary>
                <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
                  <input type="hidden" name="intent" value="cheque-bounce" />
                  <input type="hidden" name="id" value={c.id} />
                  <InputField
                    label="Returned on"
                    name="bouncedOn"
                    type="date"
                    required
                    defaultValue={today}
                    className="w-44"
                  />
                  <InputField
                    label="Bank's reason"
                    name="reason"
                    required
                    minLength={3}
                    placeholder="Insufficient funds"
                    className="min-w-0 flex-1"
                  />
                  <InputField
                    label="Bank charge (KES)"
                    name="bankCharge"
                    inputMode="decimal"
                    hint="Optional"
                    className="w-40"
                  />
                  <button
                    type="submit"
                    className={buttonClass("outline", "md", "min-h-11 border-red-300 text-red-800")}
                  >
                    Mark returned unpaid
                  </button>
                </Form>
              </details>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
