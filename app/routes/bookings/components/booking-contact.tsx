import { Form } from "react-router";
import { Button } from "#app/components/ui/button";
import { InputField } from "#app/components/ui/field";
import { formatDateTime } from "#app/utils/datetime";
import { type BookingScreen, SECTION } from "./booking-screen";

/** Who booked, for which organisation, and the numbers its invoices and NITA claim carry. */
export function BookingContact({ page }: { page: BookingScreen }) {
  const { booking, may } = page;
  const facts: [string, string | null][] = [
    ["Contact", booking.contactName],
    ["E-mail", booking.contactEmail],
    ["Phone", booking.contactPhone],
    ["Organisation", booking.organization],
    ["KRA PIN", booking.kraPin],
    ["LPO number", booking.lpoNumber],
    ["NITA levy number", booking.nitaLevyNumber],
    [
      "SMS",
      page.sms.on && page.sms.since
        ? `Yes, agreed ${formatDateTime(page.sms.since)}`
        : page.sms.since
          ? "No: the number said STOP"
          : "No: e-mail only",
    ],
    [
      "WhatsApp",
      page.whatsappConsent.on && page.whatsappConsent.since
        ? `Yes, agreed ${formatDateTime(page.whatsappConsent.since)}`
        : page.whatsappConsent.since
          ? "No: the number said STOP on WhatsApp"
          : "No",
    ],
  ];
  return (
    <section aria-labelledby="contact-heading" className={SECTION}>
      <h2 id="contact-heading" className="text-lg font-semibold text-slate-900">
        Contact and organisation
      </h2>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-600">{label}</dt>
            <dd className="break-words text-slate-900">{value ?? "—"}</dd>
          </div>
        ))}
      </dl>
      {may.manage && booking.status !== "cancelled" ? (
        <details>
          <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold text-brand-700">
            Edit KRA PIN, LPO and NITA levy number
          </summary>
          <Form method="post" className="mt-2 grid gap-3 sm:grid-cols-3">
            <input type="hidden" name="intent" value="details" />
            <InputField label="KRA PIN" name="kraPin" defaultValue={booking.kraPin ?? ""} maxLength={11} />
            <InputField
              label="LPO number"
              name="lpoNumber"
              defaultValue={booking.lpoNumber ?? ""}
              maxLength={50}
            />
            <InputField
              label="NITA levy number"
              name="nitaLevyNumber"
              defaultValue={booking.nitaLevyNumber ?? ""}
              maxLength={30}
            />
            <p className="text-sm text-slate-600 sm:col-span-3">
              A proforma already issued is issued again as a new version when its KRA PIN or LPO number
              changes, and e-mailed to {booking.contactEmail}.
            </p>
            <div className="sm:col-span-3">
              <Button type="submit" className="min-h-11">
                Save details
              </Button>
            </div>
          </Form>
        </details>
      ) : null}
      {may.manage && page.sms.phone ? (
        <ChannelChoice intent="sms" channel="SMS" contactName={booking.contactName} {...page.sms} />
      ) : null}
      {may.manage && page.whatsappConsent.phone ? (
        <ChannelChoice
          intent="whatsapp"
          channel="WhatsApp"
          contactName={booking.contactName}
          {...page.whatsappConsent}
        />
      ) : null}
    </section>
  );
}

/** The office records a contact's choice of SMS or WhatsApp (decisions 0767, 0772), as they said it. */
function ChannelChoice({
  intent,
  channel,
  contactName,
  phone,
  on,
}: {
  intent: "sms" | "whatsapp";
  channel: string;
  contactName: string;
  phone: string | null;
  on: boolean;
}) {
  return (
    <details>
      <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold text-brand-700">
        Record the contact's {channel} choice
      </summary>
      <Form method="post" className="mt-2 space-y-3">
        <input type="hidden" name="intent" value={intent} />
        <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            name={`${intent}Consent`}
            defaultChecked={on}
            className="size-5 shrink-0 accent-brand-700"
          />
          {contactName} agreed to {channel} at {phone}
        </label>
        <p className="text-sm text-slate-600">
          Only as the contact asked (by phone or e-mail): they change it themselves in the client portal.
          Unticked, no {channel} goes to the number again until they agree again.
        </p>
        <Button type="submit" className="min-h-11">
          Save {channel} choice
        </Button>
      </Form>
    </details>
  );
}
