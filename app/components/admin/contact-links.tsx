import { Mail, MessageCircle, Phone } from "lucide-react";
import { telHref, whatsappHref } from "#app/utils/phone";

const linkClass =
  "inline-flex min-h-11 min-w-0 items-center gap-2 break-all text-brand-800 hover:underline md:min-h-0";

/** A person's e-mail and phone as links a phone can act on: write, call, or chat on WhatsApp. */
export function ContactLinks({ name, email, phone }: { name: string; email: string; phone: string | null }) {
  const tel = phone ? telHref(phone) : null;
  const chat = phone ? whatsappHref(phone) : null;
  return (
    <ul className="min-w-0 space-y-0.5 text-sm">
      <li>
        <a href={`mailto:${email}`} className={linkClass}>
          <Mail aria-hidden className="size-4 shrink-0" />
          {email}
        </a>
      </li>
      {phone ? (
        <li className="flex flex-wrap items-center gap-x-4">
          {tel ? (
            <a href={tel} className={linkClass}>
              <Phone aria-hidden className="size-4 shrink-0" />
              {phone}
            </a>
          ) : (
            <span>{phone}</span>
          )}
          {chat ? (
            <a
              href={chat}
              target="_blank"
              rel="noopener noreferrer"
              className={linkClass}
              aria-label={`WhatsApp ${name}`}
            >
              <MessageCircle aria-hidden className="size-4 shrink-0" />
              WhatsApp
            </a>
          ) : null}
        </li>
      ) : null}
    </ul>
  );
}
