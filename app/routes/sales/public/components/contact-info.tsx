import { Icon } from "#app/components/icons/icon";
import type { IconName } from "#app/components/icons/names";
import { CATALOGUE_PDF } from "#app/components/layout/nav-links";
import { usePublicLayoutData } from "#app/components/public/use-public-layout";
import type { SiteContent } from "#app/site/index";
import { withYears } from "#app/utils/runs";

export function ContactCards({ contact }: { contact: SiteContent["contact"] }) {
  const tel = (phone: string) => `tel:${phone.replace(/\s/g, "")}`;
  const cards: { icon: IconName; title: string; value: string; href?: string }[] = [
    { icon: "phone", title: "Call Us", value: contact.phone, href: tel(contact.phone) },
    { icon: "mail", title: "Email Us", value: contact.email, href: `mailto:${contact.email}` },
    {
      icon: "message-circle",
      title: "WhatsApp",
      value: contact.whatsapp,
      href: `https://wa.me/${contact.whatsapp.replace(/\D/g, "")}`,
    },
    { icon: "map-pin", title: "Visit Us", value: contact.address },
  ];
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {cards.map(({ icon, title, value, href }) => (
        <li key={title} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
          <Icon name={icon} className="size-6 text-brand-600" />
          <h2 className="mt-3 font-semibold text-brand-900">{title}</h2>
          {href ? (
            <a href={href} className="mt-1 block break-words text-sm text-brand-700 hover:underline">
              {value}
            </a>
          ) : (
            <p className="mt-1 text-sm text-slate-600">{value}</p>
          )}
        </li>
      ))}
    </ul>
  );
}

export function PaymentBox({ payment }: { payment: SiteContent["payment"] }) {
  return (
    <section aria-labelledby="payment-heading" className="rounded-lg border border-brand-100 bg-brand-50 p-6">
      <h2 id="payment-heading" className="flex items-center gap-2 text-lg font-semibold text-brand-900">
        <Icon name="credit-card" className="size-5" /> Payment Information
      </h2>
      <h3 className="mt-4 text-sm font-semibold text-brand-800">Bank Transfer</h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-700">Bank</dt>
        <dd>{payment.bankName}</dd>
        <dt className="text-slate-700">Account Name</dt>
        <dd>{payment.accountName}</dd>
        <dt className="text-slate-700">Account No.</dt>
        <dd>{payment.accountNumber}</dd>
        <dt className="text-slate-700">Branch</dt>
        <dd>{payment.branch}</dd>
        <dt className="text-slate-700">SWIFT</dt>
        <dd>{payment.swift}</dd>
      </dl>
      <h3 className="mt-4 text-sm font-semibold text-brand-800">M-PESA</h3>
      <p className="mt-1 text-sm">
        Paybill number: <strong>{payment.paybill}</strong>
      </p>
      <p className="mt-1 text-sm text-slate-600">{payment.paybillAccountNote}</p>
    </section>
  );
}

export function WhyChoose({ items }: { items: string[] }) {
  return (
    <section aria-labelledby="why-heading" className="rounded-lg bg-white p-6 shadow-sm">
      <h2 id="why-heading" className="text-lg font-semibold text-brand-900">
        Why Choose Mafunzo?
      </h2>
      <ul className="mt-3 space-y-2 text-sm">
        {items.map((item) => (
          <li key={item} className="flex gap-2">
            <Icon name="circle-check" className="mt-0.5 size-4 shrink-0 text-brand-600" />
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}

const DOWNLOADS = [
  { href: CATALOGUE_PDF, label: "Training Catalogue" },
  { href: "/downloads/registration-form.pdf", label: "Registration Form" },
  { href: "/downloads/brochure", label: "Company Brochure" },
] as const;

export function Downloads() {
  const years = usePublicLayoutData()?.catalogueYears;
  return (
    <section aria-labelledby="downloads-heading" className="rounded-lg bg-white p-6 shadow-sm">
      <h2 id="downloads-heading" className="text-lg font-semibold text-brand-900">
        Downloads
      </h2>
      <ul className="mt-3 space-y-2">
        {DOWNLOADS.map((d) => (
          <li key={d.href}>
            <a
              href={d.href}
              className="flex min-h-11 items-center gap-2 rounded-md border border-slate-200 px-3 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50"
            >
              <Icon name="download" className="size-4" /> Download{" "}
              {d.href === CATALOGUE_PDF ? withYears(d.label, years) : d.label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A map's directions to an office: its address searched on Google Maps, which opens the app on a phone. */
function directionsHref(office: SiteContent["offices"][number]) {
  const query = new URLSearchParams({ api: "1", destination: office.address });
  return `https://www.google.com/maps/dir/?${query}`;
}

export function OfficeVisit({
  hours,
  offices,
}: {
  hours: SiteContent["businessHours"];
  offices: SiteContent["offices"];
}) {
  return (
    <section aria-labelledby="visit-heading" className="rounded-lg bg-brand-800 p-6 text-brand-50">
      <h2 id="visit-heading" className="flex items-center gap-2 text-lg font-semibold text-white">
        <Icon name="building-complex" className="size-5" /> Visit Our Offices
      </h2>
      <p className="mt-2 text-sm">
        You are welcome to visit us to discuss your training needs in person. Our headquarters are in Nairobi,
        with regional offices in{" "}
        {offices
          .filter((o) => o.city !== "Nairobi")
          .map((o) => o.city)
          .join(", ")}
        .
      </p>
      <ul className="mt-4 space-y-3 text-sm" aria-label="Office addresses">
        {offices.map((office) => (
          <li key={office.city} data-testid="office-address">
            <p className="font-semibold text-white">
              {office.city} <span className="font-normal text-brand-100">({office.region})</span>
            </p>
            <p>{office.address}</p>
            <a
              href={directionsHref(office)}
              target="_blank"
              rel="noopener"
              className="inline-flex min-h-11 items-center gap-1 font-semibold text-accent-400 hover:underline"
            >
              <Icon name="map-pin" className="size-4" />
              Get directions<span className="sr-only"> to our {office.city} office (opens a map)</span>
            </a>
          </li>
        ))}
      </ul>
      <h3 className="mt-4 flex items-center gap-2 text-sm font-semibold text-white">
        <Icon name="clock" className="size-4" /> Business Hours
      </h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {hours.map((h) => (
          <div key={h.day} className="contents">
            <dt>{h.day}</dt>
            <dd>{h.hours}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
