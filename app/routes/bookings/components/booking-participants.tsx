import { Form } from "react-router";
import { IdNumber } from "#app/components/admin/id-number";
import { RowStatusBadge } from "#app/components/admin/list-controls";
import { Button } from "#app/components/ui/button";
import { InputField } from "#app/components/ui/field";
import { formatLongDate } from "#app/utils/dates";
import { type BookingScreen, SECTION } from "./booking-screen";

/** The substitution rule as it stands today, said before anyone tries. */
function substitutionRule(page: BookingScreen) {
  const { substitutionDeadline: deadline, noticeDays, may } = page;
  if (!deadline) return { open: true, text: null };
  const open = deadline >= page.today;
  const closes = `Substitutions close ${noticeDays} days before the start`;
  if (open) return { open, text: `${closes}: open until ${formatLongDate(deadline)}.` };
  return {
    open: may.overrideNotice,
    text: may.overrideNotice
      ? `${closes} (the last day was ${formatLongDate(deadline)}). As an owner you can still substitute.`
      : `${closes} (the last day was ${formatLongDate(deadline)}). Only an owner can substitute now.`,
  };
}

/** The booking's participants: status, ID, attendance and certificate; a substitution form for each seat. */
export function BookingParticipants({ page }: { page: BookingScreen }) {
  const { booking, participants, may } = page;
  const rule = substitutionRule(page);
  const changeable = may.manage && page.rules.substitute === null && booking.status !== "cancelled";
  return (
    <section aria-labelledby="participants-heading" className={SECTION}>
      <h2 id="participants-heading" className="text-lg font-semibold text-slate-900">
        Participants ({participants.length})
      </h2>
      {rule.text ? (
        <p className="text-sm text-slate-700" data-testid="substitution-rule">
          {rule.text}
        </p>
      ) : null}
      <ul className="space-y-3">
        {participants.map((person) => (
          <li
            key={person.id}
            data-testid="booking-participant"
            className="rounded-lg border border-slate-200 p-3 text-sm"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-semibold text-slate-900">{person.name}</p>
              <RowStatusBadge status={person.status} />
            </div>
            <p className="break-all text-slate-700">
              {[person.email, person.phone].filter(Boolean).join(" · ")}
            </p>
            {person.maskedIdNumber ? (
              <p className="text-slate-700">
                ID{" "}
                <IdNumber
                  registrationId={person.id}
                  name={person.name}
                  masked={person.maskedIdNumber}
                  canReveal={may.revealIdNumbers}
                />
              </p>
            ) : null}
            <p className="text-slate-600">
              {page.runDays > 0
                ? `Present ${person.daysPresent} of ${page.runDays} days`
                : "No course days yet"}
              {person.certificateCode
                ? ` · Certificate ${person.certificateCode}${person.certificateRevoked ? " (revoked)" : ""}`
                : ""}
            </p>
            {changeable && rule.open && person.status !== "cancelled" ? (
              <details className="mt-2">
                <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-brand-700">
                  Substitute {person.name}
                </summary>
                <Form method="post" className="mt-2 grid gap-3 sm:grid-cols-2">
                  <input type="hidden" name="intent" value="substitute" />
                  <input type="hidden" name="id" value={person.id} />
                  <InputField label="New participant's name" name="name" required maxLength={100} />
                  <InputField label="New participant's e-mail" name="email" type="email" required />
                  <InputField label="Phone (optional)" name="phone" type="tel" />
                  <InputField label="ID or passport number (optional)" name="idNumber" maxLength={30} />
                  <p className="text-slate-600 sm:col-span-2">
                    The new participant takes this seat and is e-mailed the joining instructions and a
                    calendar invitation; the invoice stays as it is. {booking.contactEmail} is told of the
                    change by e-mail.
                  </p>
                  <div className="sm:col-span-2">
                    <Button type="submit" className="min-h-11">
                      Substitute <span className="sr-only">{person.name}</span>
                    </Button>
                  </div>
                </Form>
              </details>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
