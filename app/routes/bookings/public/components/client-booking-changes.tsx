import type { ReactNode } from "react";
import { Form } from "react-router";
import { formatKes } from "#app/utils/cents";
import { formatLongDate } from "#app/utils/dates";
import type { ClientBookingScreen, ClientOutcome } from "./client-booking-screen";
import { PortalButton, PortalField, PortalPanel, PortalSelect } from "./portal-parts";

const seatsText = (left: number | null) =>
  left === null ? "seats available" : `${left} ${left === 1 ? "seat" : "seats"} left`;

/** One change: a titled form that says before it acts what it will do and send. */
function Change({
  intent,
  title,
  explained,
  outcome,
  children,
  submit,
  variant,
}: {
  intent: string;
  title: string;
  explained: ReactNode;
  outcome?: ClientOutcome;
  children?: ReactNode;
  submit: string;
  variant?: "primary" | "danger";
}) {
  // a change that went through starts its form afresh; a refused one keeps what was typed. Folded away until
  // opened (a phone shows the list of changes, not six forms), and open again after its own answer.
  const key = outcome?.ok && outcome.intent === intent ? outcome.message : intent;
  return (
    <details open={outcome?.intent === intent || undefined} className="border-t border-slate-100 pt-2">
      <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-brand-700">
        {title}
      </summary>
      <Form key={key} method="post" className="mt-2 space-y-3" aria-label={title}>
        <input type="hidden" name="intent" value={intent} />
        <p className="text-sm text-slate-700">{explained}</p>
        {children}
        <PortalButton variant={variant}>{submit}</PortalButton>
      </Form>
    </details>
  );
}

/** The participant fields of a substitution or an addition, with what a refused submission typed. */
function PersonFields({
  kept,
  errorFor,
}: {
  kept: Record<string, string>;
  errorFor: (f: string) => string | null;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <PortalField
        label="Full name"
        name="name"
        required
        maxLength={100}
        autoComplete="off"
        defaultValue={kept.name}
        error={errorFor("name")}
      />
      <PortalField
        label="E-mail address"
        name="email"
        type="email"
        required
        maxLength={254}
        autoComplete="off"
        defaultValue={kept.email}
        error={errorFor("email")}
      />
      <PortalField
        label="Phone (optional)"
        name="phone"
        type="tel"
        maxLength={20}
        autoComplete="off"
        defaultValue={kept.phone}
        error={errorFor("phone")}
      />
      <PortalField
        label="ID or passport number (optional, for the NITA claim)"
        name="idNumber"
        maxLength={30}
        autoComplete="off"
        defaultValue={kept.idNumber}
        error={errorFor("idNumber")}
      />
    </div>
  );
}

/**
 * What the client may change themselves, by the firm's rules: each form says what it will do and send. A
 * refused change comes back with the rule that refused it (the notice period, the seats left).
 */
export function ClientBookingChanges({
  page,
  outcome,
}: {
  page: ClientBookingScreen;
  outcome?: ClientOutcome;
}) {
  const { booking, participants, balance, noticeDays, substitutionDeadline: deadline } = page;
  const to = booking.contactEmail;
  const invoiced = balance.invoicedCents > 0;
  const refusedFor = (intent: string) =>
    outcome && !outcome.ok && outcome.intent === intent ? outcome : null;
  const kept = (intent: string) => refusedFor(intent)?.values ?? {};
  const errorFor = (intent: string) => (field: string) => {
    const refused = refusedFor(intent);
    return refused && refused.field === field ? refused.message : null;
  };
  if (!page.mine) {
    return (
      <PortalPanel id="changes-heading" title="Changes">
        <p className="text-sm text-slate-700">
          {booking.contactName} made this booking and is the one who changes it. Ask them, or call our office.
        </p>
      </PortalPanel>
    );
  }
  const cancelled = booking.status === "cancelled";
  // the office's rule, asked once for every screen (booking-rules.ts)
  const closed = cancelled ? null : page.rules.move;
  const open = !cancelled && closed === null;
  const live = participants.filter((p) => p.status !== "cancelled");
  const substitutionOpen = deadline === null || deadline >= page.today;
  const newInvoice = invoiced ? ` A new version of the proforma invoice is e-mailed to ${to}.` : "";
  return (
    <PortalPanel id="changes-heading" title="Change this booking">
      {cancelled ? (
        <p className="text-sm text-slate-700">This booking is cancelled: its documents are kept as issued.</p>
      ) : closed ? (
        <p className="text-sm text-slate-700">
          {closed} Only the KRA PIN, LPO and NITA levy numbers can still be changed.
        </p>
      ) : null}
      {open && live.length > 0 ? (
        substitutionOpen ? (
          <Change
            intent="substitute"
            title="Send someone else in a participant's place"
            explained={
              <>
                Substitutions are open until {deadline ? formatLongDate(deadline) : "the start"} ({noticeDays}{" "}
                days before the start). The seat, the invoice and any payment stay as they are; {to} is told
                by e-mail.
              </>
            }
            outcome={outcome}
            submit="Substitute participant"
          >
            <PortalSelect
              label="Participant to replace"
              name="id"
              required
              defaultValue={kept("substitute").id ?? ""}
              error={errorFor("substitute")("id")}
            >
              <option value="" disabled>
                Choose a participant
              </option>
              {live.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </PortalSelect>
            <PersonFields kept={kept("substitute")} errorFor={errorFor("substitute")} />
          </Change>
        ) : (
          <p
            className="border-t border-slate-100 pt-4 text-sm text-slate-700"
            data-testid="substitution-closed"
          >
            Substitutions close {noticeDays} days before the start (the last day was{" "}
            {deadline ? formatLongDate(deadline) : ""}). To send someone else now, call our office.
          </p>
        )
      ) : null}
      {open && booking.status !== "waitlisted" ? (
        <Change
          intent="add"
          title="Add a participant"
          explained={
            <>
              Takes a seat on this date ({seatsText(page.seatsLeft)}).{newInvoice}
            </>
          }
          outcome={outcome}
          submit="Add participant"
        >
          <PersonFields kept={kept("add")} errorFor={errorFor("add")} />
        </Change>
      ) : null}
      {open && page.otherRuns.length > 0 ? (
        <Change
          intent="move"
          title="Move to another date"
          explained={
            <>
              Moves all {live.length} participants. If the new date has fewer seats left, the booking waits on
              its waiting list and nothing is payable meanwhile. {to} is told by e-mail.
            </>
          }
          outcome={outcome}
          submit="Move booking"
        >
          <PortalSelect
            label="New date"
            name="toRunId"
            required
            defaultValue={kept("move").toRunId ?? ""}
            error={errorFor("move")("toRunId")}
          >
            <option value="" disabled>
              Choose a date
            </option>
            {page.otherRuns.map((run) => (
              <option key={run.id} value={run.id}>
                {run.title} ({seatsText(run.left)})
              </option>
            ))}
          </PortalSelect>
        </Change>
      ) : null}
      <Change
        intent="sms"
        title="SMS about this booking"
        explained={
          page.sms.phone
            ? `Reminders, payments and certificates by SMS to ${page.sms.phone} as well as by e-mail: never marketing. You can also reply STOP to any of them.`
            : "SMS need a mobile number of Kenya, Uganda, Rwanda or Tanzania on the booking: call or e-mail us to add one."
        }
        outcome={outcome}
        submit="Save SMS choice"
      >
        <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            name="smsConsent"
            defaultChecked={page.sms.on}
            disabled={!page.sms.phone}
            className="size-5 shrink-0 accent-brand-700"
          />
          Send me SMS about this booking
        </label>
        {errorFor("sms")("smsConsent") ? (
          <p className="text-sm font-medium text-red-700">{errorFor("sms")("smsConsent")}</p>
        ) : null}
      </Change>
      <Change
        intent="whatsapp"
        title="WhatsApp about this booking"
        explained={
          page.whatsappConsent.phone
            ? `Reminders, payments and certificates on WhatsApp to ${page.whatsappConsent.phone} as well as by e-mail: never marketing. You can also send STOP on WhatsApp.`
            : "WhatsApp needs a mobile number of Kenya, Uganda, Rwanda or Tanzania on the booking: call or e-mail us to add one."
        }
        outcome={outcome}
        submit="Save WhatsApp choice"
      >
        <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            name="whatsappConsent"
            defaultChecked={page.whatsappConsent.on}
            disabled={!page.whatsappConsent.phone}
            className="size-5 shrink-0 accent-brand-700"
          />
          Send me WhatsApp messages about this booking
        </label>
        {errorFor("whatsapp")("whatsappConsent") ? (
          <p className="text-sm font-medium text-red-700">{errorFor("whatsapp")("whatsappConsent")}</p>
        ) : null}
      </Change>
      {cancelled ? null : (
        <Change
          intent="details"
          title="KRA PIN, LPO and NITA levy numbers"
          explained={
            invoiced
              ? `The invoice is issued: if the KRA PIN or LPO changes, a new version of it is e-mailed to ${to}.`
              : "They are printed on the invoice when it is issued."
          }
          outcome={outcome}
          submit="Save numbers"
        >
          <div className="grid gap-3 sm:grid-cols-3">
            <PortalField
              label="KRA PIN"
              name="kraPin"
              maxLength={11}
              defaultValue={kept("details").kraPin ?? booking.kraPin ?? ""}
              error={errorFor("details")("kraPin")}
            />
            <PortalField
              label="LPO number"
              name="lpoNumber"
              maxLength={50}
              defaultValue={kept("details").lpoNumber ?? booking.lpoNumber ?? ""}
              error={errorFor("details")("lpoNumber")}
            />
            <PortalField
              label="NITA levy number"
              name="nitaLevyNumber"
              maxLength={30}
              defaultValue={kept("details").nitaLevyNumber ?? booking.nitaLevyNumber ?? ""}
              error={errorFor("details")("nitaLevyNumber")}
            />
          </div>
        </Change>
      )}
      {open ? (
        <Change
          intent="cancel"
          title="Cancel the booking"
          explained={
            <>
              Cancels all {live.length} participants and frees their seats
              {invoiced ? `; a credit note for ${formatKes(balance.invoicedCents)} is e-mailed to ${to}` : ""}
              .
            </>
          }
          outcome={outcome}
          submit="Cancel booking"
          variant="danger"
        >
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input type="checkbox" name="confirmCancel" value="yes" required className="size-5" />
            Yes, cancel booking {booking.reference} and all its participants
          </label>
        </Change>
      ) : null}
    </PortalPanel>
  );
}
