import { Text, View } from "@react-pdf/renderer";
import {
  BrandedPage,
  DocumentHeader,
  type FirmIdentity,
  renderPdf,
  styles,
} from "#app/platform/pdf/pdf-kit.server";
import type { SiteContent } from "#app/site/seed/site-content";

function Field({ label, lines = 1 }: { label: string; lines?: number }) {
  return (
    <View style={{ marginBottom: 10 }}>
      <Text style={styles.bold}>{label}</Text>
      {Array.from({ length: lines }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blank writing lines have no identity
        <View key={i} style={{ borderBottomWidth: 0.75, borderBottomColor: "#94a3b8", height: 20 }} />
      ))}
    </View>
  );
}

/** Two fields side by side: the form stays on one page. */
function Pair({ left, right }: { left: string; right: string }) {
  return (
    <View style={{ flexDirection: "row", gap: 24 }}>
      <View style={{ flex: 1 }}>
        <Field label={left} />
      </View>
      <View style={{ flex: 1 }}>
        <Field label={right} />
      </View>
    </View>
  );
}

/** A printable course registration form on the firm's letterhead, with the payment details to complete it. */
export function renderRegistrationFormPdf(
  {
    contact,
    payment,
  }: {
    contact: SiteContent["contact"];
    payment: SiteContent["payment"];
  },
  firm: FirmIdentity,
) {
  return renderPdf(
    "Mafunzo Course Registration Form",
    <BrandedPage contact={contact} firm={firm}>
      <DocumentHeader
        firm={firm}
        title="Course Registration Form"
        subtitle="Please complete in block letters and return by e-mail or at any of our offices."
      />
      <Text style={styles.h2}>Participant</Text>
      <Field label="Full name" />
      <Pair left="E-mail address" right="Phone number" />
      <Pair left="Organization" right="Position / job title" />
      <Text style={styles.h2}>Course</Text>
      <Field label="Course title" />
      <Pair left="Dates" right="Venue" />
      <Field label="Special requirements (dietary, accessibility, accommodation)" lines={3} />
      <Text style={styles.h2}>Payment</Text>
      <Text style={styles.paragraph}>
        Bank: {payment.bankName}, {payment.branch} · Account name: {payment.accountName} · Account number:{" "}
        {payment.accountNumber} · SWIFT: {payment.swift}
      </Text>
      <Text style={styles.paragraph}>
        M-PESA Paybill: {payment.paybill}. {payment.paybillAccountNote}
      </Text>
      <Field label="Sponsor / invoice to" />
      <View style={{ marginTop: 8 }}>
        <Pair left="Signature" right="Date" />
      </View>
      <Text style={[styles.muted, { marginTop: 8 }]}>
        Return to {contact.email} · {contact.address}. We confirm every registration within 24 hours.
      </Text>
    </BrandedPage>,
    firm.legalName,
  );
}
