import { Image, Page, Text, View } from "@react-pdf/renderer";
import QRCode from "qrcode";
import { ACCENT, BRAND, renderPdf } from "#app/platform/pdf/pdf-kit.server";

export type CertificateContent = {
  code: string;
  recipientName: string;
  courseTitle: string;
  dates: string;
  venue: string | null;
  hours: number | null;
  attendancePercent: number;
  signatoryName: string;
  signatoryTitle: string;
  verifyUrl: string;
  /** The QR code of `verifyUrl` as a PNG data URL (see certificateQr). */
  qr: string;
};

export function certificateQr(verifyUrl: string) {
  return QRCode.toDataURL(verifyUrl, { margin: 1, width: 240, errorCorrectionLevel: "M" });
}

const center = { textAlign: "center" } as const;

/** One certificate of attendance on a landscape A4 page: what it says, who signs it, and how to check it. */
export function CertificatePage({ c }: { c: CertificateContent }) {
  return (
    <Page
      size="A4"
      orientation="landscape"
      style={{ padding: 36, fontFamily: "Helvetica", color: "#1e293b" }}
    >
      <View style={{ flex: 1, borderWidth: 3, borderColor: BRAND, padding: 28 }}>
        <Text style={[center, { fontSize: 14, fontFamily: "Helvetica-Bold", color: BRAND }]}>
          Mafunzo Training &amp; Consultancy
        </Text>
        <Text style={[center, { fontSize: 30, fontFamily: "Helvetica-Bold", color: BRAND, marginTop: 18 }]}>
          Certificate of Attendance
        </Text>
        <View
          style={{
            borderBottomWidth: 2,
            borderBottomColor: ACCENT,
            marginHorizontal: 180,
            marginVertical: 12,
          }}
        />
        <Text style={[center, { fontSize: 12 }]}>This is to certify that</Text>
        <Text style={[center, { fontSize: 24, fontFamily: "Helvetica-Bold", marginVertical: 10 }]}>
          {c.recipientName}
        </Text>
        <Text style={[center, { fontSize: 12 }]}>attended the course</Text>
        <Text
          style={[center, { fontSize: 18, fontFamily: "Helvetica-Bold", color: BRAND, marginVertical: 8 }]}
        >
          {c.courseTitle}
        </Text>
        <Text style={[center, { fontSize: 11 }]}>
          {[c.dates, c.venue].filter(Boolean).join(", ")}
          {c.hours ? ` · ${c.hours} hours` : ""} · attendance {c.attendancePercent}%
        </Text>
        <View
          style={{
            flexDirection: "row",
            justifyContent: "space-between",
            alignItems: "flex-end",
            marginTop: "auto",
          }}
        >
          <View style={{ width: 220 }}>
            <View
              style={{ borderBottomWidth: 1, borderBottomColor: "#1e293b", marginBottom: 4, height: 30 }}
            />
            <Text style={{ fontSize: 11, fontFamily: "Helvetica-Bold" }}>{c.signatoryName}</Text>
            <Text style={{ fontSize: 10 }}>{c.signatoryTitle}</Text>
          </View>
          <View style={{ alignItems: "center", width: 200 }}>
            <Image src={c.qr} style={{ width: 84, height: 84 }} />
            <Text style={{ fontSize: 9, marginTop: 4 }}>Certificate {c.code}</Text>
            <Text style={{ fontSize: 7, color: "#475569" }}>Verify at {c.verifyUrl}</Text>
          </View>
        </View>
      </View>
    </Page>
  );
}

export function renderCertificate(c: CertificateContent) {
  return renderPdf(`Certificate ${c.code}: ${c.recipientName}`, <CertificatePage c={c} />);
}
