import { Form } from "react-router";
import { Button } from "#app/components/ui/button";
import { ConfirmButton } from "#app/components/ui/confirm-button";
import { InputField, SelectField } from "#app/components/ui/field";
import { formatKes } from "#app/utils/cents";
import { type BookingScreen, SECTION } from "./booking-screen";

const seatsText = (left: number | null) =>
  left === null ? "no seat limit" : `${left} ${left === 1 ? "seat" : "seats"} left`;

/** What the office can do to the whole booking, each saying before it acts what it sends and to whom. */
export function BookingActions({ page }: { page: BookingScreen }) {
  const { booking, participants, documents, balance, may } = page;
  const to = booking.contactEmail;
  const pending = participants.filter((p) => p.status === "new").length;
  const live = participants.filter((p) => p.status !== "cancelled").length;
  const invoiced = balance.invoicedCents > 0;
  const cancelled = booking.status === "cancelled";
  // each change as the one rule allows it today (booking-rules.ts); the action asks the same rule again
  const allowed = (kind: keyof typeof page.rules) => !cancelled && page.rules[kind] === null;
  const closed = cancelled ? null : page.rules.move;
  if (!may.invoice) return null;
  return (
    <section aria-labelledby="actions-heading" className={SECTION}>
      <h2 id="actions-heading" className="text-lg font-semibold text-slate-900">
        Change the booking
      </h2>
      {cancelled || closed ? (
        <p className="text-sm text-slate-700" data-testid="booking-closed">
          {cancelled ? "This booking is cancelled: its documents are kept as issued." : closed}
        </p>
      ) : null}
      {may.manage && allowed("confirm") && pending > 0 && booking.status !== "waitlisted" ? (
        <Form method="post" className="space-y-2 border-b border-slate-100 pb-3">
          <input type="hidden" name="intent" value="confirm" />
          <p className="text-sm text-slate-700" data-testid="confirm-explained">
            Confirms {pending === 1 ? "the 1 participant" : `all ${pending} participants`} still waiting and
            e-mails {to} that the places are confirmed, with{" "}
            {invoiced ? "a new version of the proforma invoice" : "one proforma invoice"} for the whole
            booking attached.
          </p>
          <Button type="submit" className="min-h-11">
            Confirm booking
          </Button>
        </Form>
      ) : null}
      {may.manage && allowed("add") && booking.status !== "waitlisted" ? (
        <details className="border-b border-slate-100 pb-3">
          <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold text-brand-700">
            Add a participant ({seatsText(page.seatsLeft)})
          </summary>
          <Form method="post" className="mt-2 grid gap-3 sm:grid-cols-2">
            <input type="hidden" name="intent" value="add" />
            <InputField label="Name" name="name" required maxLength={100} />
            <InputField label="E-mail" name="email" type="email" required />
            <InputField label="Phone (optional)" name="phone" type="tel" />
            <InputField label="ID or passport number (optional)" name="idNumber" maxLength={30} />
            <p className="text-sm text-slate-600 sm:col-span-2">
              Takes a seat on this date
              {invoiced ? ` and e-mails a new version of the proforma invoice to ${to}` : ""}.
            </p>
            <div className="sm:col-span-2">
              <Button type="submit" className="min-h-11">
                Add participant
              </Button>
            </div>
          </Form>
        </details>
      ) : null}
      {may.manage && allowed("move") && page.otherRuns.length > 0 ? (
        <details className="border-b border-slate-100 pb-3">
          <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold text-brand-700">
            Move the booking to another date
          </summary>
          <Form method="post" className="mt-2 space-y-3">
            <input type="hidden" name="intent" value="move" />
            <SelectField label="New date" name="toRunId" required defaultValue="">
              <option value="" disabled>
                Choose a date
              </option>
              {page.otherRuns.map((run) => (
                <option key={run.id} value={run.id}>
                  {run.title} ({seatsText(run.left)})
                </option>
              ))}
            </SelectField>
            <p className="text-sm text-slate-600">
              Moves all {live} participants. If the new date has fewer seats left, the booking waits on its
              waiting list and its invoice is credited. {to} is told by e-mail
              {invoiced ? ", with the new invoice" : ""}.
            </p>
            <Button type="submit" className="min-h-11">
              Move booking
            </Button>
          </Form>
        </details>
      ) : null}
      {documents.length > 0 ? (
        <Form method="post" className="space-y-2 border-b border-slate-100 pb-3">
          <input type="hidden" name="intent" value="resend" />
          <p className="text-sm text-slate-700">E-mails the booking's current documents again to {to}.</p>
          <Button type="submit" variant="outline" className="min-h-11">
            Send documents again
          </Button>
        </Form>
      ) : null}
      {may.manage && allowed("cancel") ? (
        <Form method="post" className="space-y-2">
          <input type="hidden" name="intent" value="cancel" />
          <p className="text-sm text-slate-700">
            Cancels all {live} participants and frees their seats ; {to} is told it is cancelled
            {invoiced ? `, with a credit note for ${formatKes(balance.invoicedCents)} attached` : ""}.
          </p>
          <ConfirmButton
            message={`Cancel booking ${booking.reference} and all ${live} participants?`}
            variant="danger"
            className="min-h-11"
          >
            Cancel booking
          </ConfirmButton>
        </Form>
      ) : null}
    </section>
  );
}
