import type { ReactNode } from "react";
import { PageHero } from "#app/components/public/page-sections";
import { getSettings } from "#app/platform/settings/setting.server";
import { publicSiteContent } from "#app/site/index.server";
import { pageMeta } from "#app/utils/seo";
import type { Route } from "./+types/privacy";

// The privacy notice of the Data Protection Act 2019 (issue 32): what the public forms collect, why, who sees
// it, how long it is kept and how to exercise one's rights. The retention period is the setting the data
// request tool applies, read per request, so the notice and the tool never disagree (decision 0637).

export async function loader() {
  const [{ contact }, settings] = await Promise.all([publicSiteContent(["contact"]), getSettings()]);
  return {
    contact,
    firm: settings.finance_legal_name,
    retentionYears: settings.financial_records_retention_years,
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Privacy Notice",
    description:
      "What Mafunzo collects through its forms, why, who sees it, how long it is kept, and how to ask for a copy or its deletion under Kenya's Data Protection Act 2019.",
  });

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="scroll-mt-28">
      <h2 id={`${id}-heading`} className="text-xl font-bold text-brand-900 sm:text-2xl">
        {title}
      </h2>
      <div className="mt-3 space-y-3 text-slate-700">{children}</div>
    </section>
  );
}

const list = "list-disc space-y-2 pl-5";

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { contact, firm, retentionYears } = loaderData;
  return (
    <>
      <PageHero
        eyebrow="Data Protection Act 2019"
        title="Privacy Notice"
        intro="What we collect when you book a course, write to us or give feedback, why we need it, who sees it, how long we keep it, and how you can see, correct or remove it."
      />
      <div className="mx-auto max-w-3xl space-y-10 px-4 py-14 leading-relaxed">
        <Part id="who" title="Who we are">
          <p>
            {firm} ("Mafunzo", "we") decides what is done with the personal data our website collects: we are
            its data controller under Kenya's Data Protection Act, 2019. You can reach us at{" "}
            <a href={`mailto:${contact.email}`} className="text-brand-700 underline">
              {contact.email}
            </a>{" "}
            or {contact.phone}.
          </p>
        </Part>

        <Part id="collect" title="What we collect">
          <ul className={list}>
            <li>
              <strong>Course registration and booking form:</strong> your name, e-mail address, phone number,
              organisation, the course and date you choose and any message or special requirements; for a
              group booking, each participant's name, e-mail address, phone number and ID or passport number,
              and the organisation's KRA PIN and LPO number.
            </li>
            <li>
              <strong>Contact form:</strong> your name, e-mail address, phone number, organisation, the course
              you are interested in and your message.
            </li>
            <li>
              <strong>"Notify me of new dates":</strong> your name and e-mail address, for that course.
            </li>
            <li>
              <strong>Course feedback:</strong> your ratings and comments, and, only if you agree to be
              quoted, the name and position to quote.
            </li>
            <li>
              <strong>Payments:</strong> what M-PESA or the bank tells us about a payment: the payer's name,
              number (M-PESA sends it scrambled), the amount and the transaction code.
            </li>
            <li>
              <strong>From your device:</strong> the internet address a form was sent from, to stop abuse of
              the forms. We use no advertising or tracking cookies.
            </li>
          </ul>
        </Part>

        <Part id="why" title="Why we use it">
          <ul className={list}>
            <li>
              <strong>Booking and invoicing:</strong> to hold your place, send joining instructions and
              reminders, and issue the proforma invoice, receipts and credit notes for the booking.
            </li>
            <li>
              <strong>NITA claims:</strong> employers claim part of the training levy back from the National
              Industrial Training Authority; the claim lists each participant with their ID or passport
              number, the attendance register, the invoice and the certificates. That is the only reason we
              ask for ID numbers.
            </li>
            <li>
              <strong>Certificates:</strong> your name, the course and its dates are printed on your
              certificate, and anyone holding it can check it at our verification page with the code printed
              on it.
            </li>
            <li>
              <strong>Replying to enquiries</strong> from the contact form, and telling you of new dates of a
              course you asked about.
            </li>
            <li>
              <strong>Improving our courses</strong> from feedback; a quote appears on our website only with
              your consent.
            </li>
          </ul>
        </Part>

        <Part id="who-sees" title="Who sees it">
          <ul className={list}>
            <li>
              Our staff, each only as far as their work needs: ID and passport numbers are encrypted in our
              database, shown masked (the last four characters) on our screens, and in full only to the staff
              who handle registrations; every time someone views or exports them in full is recorded.
            </li>
            <li>
              The organisation that booked you, which receives the invoice and, for its NITA claim, the claim
              documents; and NITA, when that claim is made.
            </li>
            <li>Safaricom (M-PESA) and our bank, for the payments you make through them.</li>
            <li>
              The services that deliver our e-mail and store our files, under contract, only to do that. We do
              not sell or rent personal data to anyone.
            </li>
          </ul>
        </Part>

        <Part id="how-long" title="How long we keep it">
          <ul className={list}>
            <li>
              <strong>Enquiries and "notify me" requests:</strong> until they are dealt with, or until you ask
              us to delete them.
            </li>
            <li>
              <strong>Bookings and participants:</strong> while the course is being delivered and afterwards
              for its certificates and NITA claims, until you ask us to erase them.
            </li>
            <li>
              <strong>Invoices, receipts, credit notes and payments:</strong> at least{" "}
              <strong data-testid="retention-years">{retentionYears} years</strong>, as Kenyan tax law
              requires. These records are never altered once issued, so the name and organisation printed on
              them stay even if you ask us to erase the rest.
            </li>
            <li>
              <strong>Certificates:</strong> for as long as we exist, so that anyone can check that a
              certificate we issued is genuine.
            </li>
          </ul>
        </Part>

        <Part id="rights" title="Your rights and how to use them">
          <p>Under the Data Protection Act, 2019 you have the right:</p>
          <ul className={list}>
            <li>to be told how your personal data is used (this notice);</li>
            <li>to get a copy of the personal data we hold about you;</li>
            <li>to have wrong or misleading data corrected;</li>
            <li>
              to have your data deleted, except what the law requires us to keep (the financial records above)
              or what is still needed for a course you are booked on;
            </li>
            <li>to object to our use of it, and to receive it in a form you can take elsewhere.</li>
          </ul>
          <p>
            To make a request, write to{" "}
            <a href={`mailto:${contact.email}`} className="text-brand-700 underline">
              {contact.email}
            </a>{" "}
            or call {contact.phone}, from the e-mail address or phone number you gave us, so that we can find
            your records and know the request is yours. We will tell you what we found, send you a copy, or
            erase what may be erased and tell you exactly what we had to keep and why. Each request is
            recorded.
          </p>
          <p>
            If you are unhappy with how we handled your data, you may complain to the Office of the Data
            Protection Commissioner.
          </p>
        </Part>
      </div>
    </>
  );
}
