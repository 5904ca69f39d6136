import { Badge } from "#app/components/ui/badge";
import { formatDateTime } from "#app/utils/datetime";
import { type BookingScreen, SECTION } from "./booking-screen";

const MAIL_TONES = { pending: "yellow", sent: "green", failed: "red" } as const;
const SMS_TONES = {
  pending: "yellow",
  sent: "blue",
  delivered: "green",
  failed: "red",
  cancelled: "grey",
} as const;
/** What each state of an SMS means to the office. */
const SMS_STATES = {
  pending: "waiting",
  sent: "sent",
  delivered: "delivered",
  failed: "not delivered",
  cancelled: "not sent",
} as const;

const WHATSAPP_TONES = { ...SMS_TONES, read: "green" } as const;
const WHATSAPP_STATES = { ...SMS_STATES, read: "read" } as const;

/**
 * The messages sent for the booking, by e-mail, by SMS and by WhatsApp (from the outboxes, with their state and, for an SMS,
 * its delivery report), and what happened to it, newest first.
 */
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
      <section aria-labelledby="texts-heading" className={SECTION}>
        <h2 id="texts-heading" className="text-lg font-semibold text-slate-900">
          Text messages ({page.texts.length})
        </h2>
        {page.texts.length === 0 ? (
          <p className="text-sm text-slate-600">No SMS for this booking.</p>
        ) : (
          <ul className="space-y-2 text-sm">
            {page.texts.map((text) => (
              <li
                key={text.id}
                data-testid="booking-sms"
                className="flex flex-wrap items-start justify-between gap-2"
              >
                <span className="min-w-0 break-words">
                  <span className="text-slate-900">{text.body}</span>
                  <span className="block text-slate-600">
                    SMS to {text.to} ·{" "}
                    {formatDateTime(text.deliveredAt ?? text.sentAt ?? text.nextAttemptAt ?? text.createdAt)}
                    {text.segments > 1 ? ` · ${text.segments} SMS` : ""}
                  </span>
                  {text.lastError && text.status !== "sent" && text.status !== "delivered" ? (
                    <span className="block text-slate-600">{text.lastError}</span>
                  ) : null}
                </span>
                <Badge tone={SMS_TONES[text.status]}>{SMS_STATES[text.status]}</Badge>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="whatsapp-heading" className={SECTION}>
        <h2 id="whatsapp-heading" className="text-lg font-semibold text-slate-900">
          WhatsApp messages ({page.whatsapp.length})
        </h2>
        {page.whatsapp.length === 0 ? (
          <p className="text-sm text-slate-600">No WhatsApp message for this booking.</p>
        ) : (
          <ul className="space-y-2 text-sm">
            {page.whatsapp.map((message) => (
              <li
                key={message.id}
                data-testid="booking-whatsapp"
                className="flex flex-wrap items-start justify-between gap-2"
              >
                <span className="min-w-0 break-words">
                  <span className="font-medium text-slate-900">{message.label}</span>
                  <span className="block text-slate-900">{message.variables.join(" · ")}</span>
                  <span className="block text-slate-600">
                    WhatsApp to {message.to}
                    {message.templateName ? ` · template ${message.templateName}` : ""} ·{" "}
                    {formatDateTime(
                      message.readAt ??
                        message.deliveredAt ??
                        message.sentAt ??
                        message.nextAttemptAt ??
                        message.createdAt,
                    )}
                  </span>
                  {message.lastError && ["pending", "failed", "cancelled"].includes(message.status) ? (
                    <span className="block text-slate-600">{message.lastError}</span>
                  ) : null}
                </span>
                <Badge tone={WHATSAPP_TONES[message.status]}>{WHATSAPP_STATES[message.status]}</Badge>
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
