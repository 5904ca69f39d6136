import type { ClientBookingScreen } from "./client-booking-screen";
import { PortalPanel } from "./portal-parts";

const STATUS_WORDS: Record<string, string> = {
  new: "Awaiting confirmation",
  confirmed: "Confirmed",
  paid: "Confirmed and paid",
  waitlisted: "On the waiting list",
  cancelled: "Cancelled",
};

/** When and where, what to bring, who is coming and their certificates: what the client prints or forwards. */
export function ClientBookingSummary({ page }: { page: ClientBookingScreen }) {
  const { booking, participants, instructions, certificates, runDays } = page;
  const base = `/account/bookings/${booking.reference}`;
  return (
    <>
      <PortalPanel id="course-heading" title="Dates, venue and joining instructions">
        <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold text-slate-600">Dates</dt>
          <dd>{booking.dates}</dd>
          <dt className="font-semibold text-slate-600">Venue</dt>
          <dd>{booking.venue ?? "To be confirmed"}</dd>
          {instructions.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-semibold text-slate-600">{label}</dt>
              <dd className="whitespace-pre-line break-words">{value}</dd>
            </div>
          ))}
        </dl>
        {instructions.length === 0 ? (
          <p className="text-sm text-slate-600">
            The joining instructions (where to go, the timetable, what to bring) are e-mailed before the start
            and shown here as soon as they are written.
          </p>
        ) : null}
      </PortalPanel>
      <PortalPanel id="participants-heading" title={`Participants (${participants.length})`}>
        <ul className="divide-y divide-slate-100" data-testid="client-participants">
          {participants.map((p) => (
            <li key={p.id} className="py-2 text-sm">
              <p className="font-semibold text-slate-900">{p.name}</p>
              <p className="break-all text-slate-600">{p.email}</p>
              <p className="text-slate-700">
                {STATUS_WORDS[p.status] ?? p.status}
                {p.daysPresent > 0 ? ` · present ${p.daysPresent} of ${runDays} days` : ""}
                {p.certificateCode ? " · certificate issued" : ""}
              </p>
            </li>
          ))}
        </ul>
      </PortalPanel>
      {certificates.length > 0 ? (
        <PortalPanel id="certificates-heading" title="Certificates and the NITA claim pack">
          <ul className="space-y-1 text-sm">
            {certificates.map((c) => (
              <li key={c.code}>
                <a
                  href={`${base}/certificates/${c.code}.pdf`}
                  className="inline-flex min-h-11 items-center text-brand-700 underline"
                >
                  Certificate of {c.name}
                </a>{" "}
                <span className="text-slate-500">({c.code})</span>
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <a
              href={`${base}/certificates/all.zip`}
              className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
            >
              All certificates (ZIP)
            </a>
            <a
              href={`${base}/nita-pack/pack.pdf`}
              className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
            >
              NITA claim pack (PDF)
            </a>
            <a
              href={`${base}/nita-pack/pack.zip`}
              className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
            >
              NITA claim pack (ZIP)
            </a>
          </div>
          <p className="text-xs text-slate-600">
            The NITA pack lists your participants with their ID numbers, for your training-levy claim: keep it
            as you keep payroll records.
          </p>
        </PortalPanel>
      ) : null}
    </>
  );
}
