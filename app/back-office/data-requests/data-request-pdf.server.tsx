import { Text, View } from "@react-pdf/renderer";
import {
  BrandedPage,
  DocumentHeader,
  type FirmContact,
  renderPdf,
  styles,
} from "#app/platform/pdf/pdf-kit.server";
import { fieldLabel } from "#app/utils/audit-fields";
import { formatDateTime } from "#app/utils/datetime";
import type { PersonalDataCopy } from "./data-request-export.server";

// The same copy as the JSON export, as a document a person can read (decision 0637): a section per kind of
// record, each record's fields as label and value, and what a section holds when it holds nothing.

const SECTIONS: [keyof PersonalDataCopy, string][] = [
  ["registrations", "Course registrations"],
  ["bookings", "Bookings made as the contact"],
  ["enquiries", "Enquiries (contact form)"],
  ["officeEnquiries", "Enquiries the office follows up"],
  ["quotes", "Quotes sent for those enquiries"],
  ["engagements", "Consultancy engagements as the contact"],
  ["courseInterests", '"Notify me of new dates" requests'],
  ["feedback", "Course feedback"],
  ["certificates", "Certificates"],
  ["financeDocuments", "Invoices, receipts and credit notes"],
  ["payments", "Payments"],
  ["paymentsHeldForReview", "Payments held for review"],
  ["cheques", "Cheques received"],
  ["emails", "E-mails sent or waiting"],
  ["texts", "Text messages (SMS) sent or waiting"],
  ["smsStopped", "Asked for no SMS (STOP)"],
  ["whatsapp", "WhatsApp messages sent or waiting"],
  ["whatsappStopped", "Asked for no WhatsApp message (STOP)"],
];

const LABELS: Record<string, string> = {
  idOrPassportNumber: "ID or passport number",
  ipAddress: "IP address",
  kraPin: "KRA PIN",
  lpoNumber: "LPO number",
};

/** A value as the page prints it: amounts in KES, instants in Nairobi time, the rest as text. */
function shown(key: string, value: unknown): string | null {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "object" && value !== null && "kes" in value)
    return `KES ${(value as { kes: string }).kes}`;
  if (typeof value === "string" && /At$/.test(key) && !Number.isNaN(Date.parse(value)))
    return formatDateTime(value);
  if (typeof value === "boolean") return value ? "yes" : "no";
  return String(value);
}

function RecordBlock({ record }: { record: Record<string, unknown> }) {
  const lines = Object.entries(record)
    .map(([key, value]) => [LABELS[key] ?? fieldLabel(key), shown(key, value)] as const)
    .filter((line): line is readonly [string, string] => line[1] !== null);
  return (
    <View
      wrap={false}
      style={{ borderLeftWidth: 2, borderLeftColor: "#cbd5e1", paddingLeft: 8, marginBottom: 8 }}
    >
      {lines.map(([label, value]) => (
        <View key={label} style={{ flexDirection: "row", marginBottom: 1 }}>
          <Text style={[styles.muted, { width: 140 }]}>{label}</Text>
          <Text style={{ flex: 1 }}>{value}</Text>
        </View>
      ))}
    </View>
  );
}

export function renderPersonalDataPdf(copy: PersonalDataCopy, contact: FirmContact) {
  // the kinds it holds in full, then one line naming those it holds nothing of
  const held = SECTIONS.filter(([key]) => (copy[key] as unknown[]).length > 0);
  const empty = SECTIONS.filter(([key]) => (copy[key] as unknown[]).length === 0);
  return renderPdf(
    `Personal data held about ${copy.subject}`,
    <BrandedPage contact={contact}>
      <DocumentHeader
        title={`Personal data held about ${copy.subject}`}
        subtitle={`Held by ${copy.heldBy} · exported ${formatDateTime(copy.exportedAt)}`}
      />
      <Text style={styles.paragraph}>
        Everything we hold that carries this e-mail address or phone number, as it stands today. Invoices,
        receipts, credit notes and payments are kept for {copy.retentionOfFinancialRecordsYears} years, as tax
        law requires; certificates are kept so that they can be verified.
      </Text>
      {held.map(([key, title]) => {
        const records = copy[key] as Record<string, unknown>[];
        return (
          <View key={key}>
            {/* a heading never ends a page without its first record */}
            <Text style={styles.h2} minPresenceAhead={60}>{`${title} (${records.length})`}</Text>
            {records.map((record, i) => (
              // records have no stable key of their own in the copy; their order is the copy's
              // biome-ignore lint/suspicious/noArrayIndexKey: a printed list that never re-renders
              <RecordBlock key={i} record={record} />
            ))}
          </View>
        );
      })}
      {empty.length > 0 ? (
        <>
          <Text style={styles.h2} minPresenceAhead={30}>
            Nothing held
          </Text>
          <Text style={styles.paragraph}>{empty.map(([, title]) => title).join("; ")}.</Text>
        </>
      ) : null}
    </BrandedPage>,
  );
}
