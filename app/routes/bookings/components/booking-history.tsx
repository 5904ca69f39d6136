import { Badge } from "#app/components/ui/badge";
import { formatDateTime } from "#app/utils/datetime";
import { type BookingScreen, SECTION } from "./booking-screen";

const MAIL_TONES = { pending: "yellow", sent: "green", failed: "red" } as const;

/** The e-mails sent for the booking (from the outbox, with their state) and what happened to it, newest first. */
export function BookingHistory({ page }: { page: BookingScreen }) {
  return (
    <>
      <section aria-labelledby="emails-heading" className={SECTION}>
        <h2 id="emails-heading" className="text-lg font-semibold text-slate-900">
          E-mails ({page.emails.length})
        </h2>
        {page.emails.length === 0 ? (
          <p className="text-sm text-slate-600">No e-mail sent for this booking.</p>
        ) : (
          <ul className="space-y-2 text-sm">
            {page.emails.map((mail) => (
              <li
                key={mail.id}
                data-testid="booking-email"
                className="flex flex-wrap items-start justify-between gap-2"
              >
                <span className="min-w-0 break-words">
                  <span className="font-medium text-slate-900">{mail.subject}</span>
                  <span className="block text-slate-600">
                    to {mail.to} · {formatDateTime(mail.sentAt ?? mail.createdAt)}
                  </span>
                </span>
                <Badge tone={MAIL_TONES[mail.status as keyof typeof MAIL_TONES] ?? "grey"}>
                  {mail.status}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="timeline-heading" className={SECTION}>
        <h2 id="timeline-heading" className="text-lg font-semibold text-slate-900">
          Timeline
        </h2>
        <ol className="space-y-2 text-sm" data-testid="booking-timeline">
          {page.timeline.map((entry) => (
            <li key={entry.id} className="border-l-2 border-brand-200 pl-3">
              <span className="font-medium text-slate-900">{entry.action}</span>
              <span className="block text-slate-600">
                {formatDateTime(entry.createdAt)} · {entry.actorEmail ?? "the public"}
                {entry.actorRoles ? ` (${entry.actorRoles.replaceAll(",", ", ")})` : ""}
              </span>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
