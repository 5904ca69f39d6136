import { Image, Page, Text, View } from "@react-pdf/renderer";
import QRCode from "qrcode";
import type { FirmIdentity } from "#app/platform/pdf/firm";
import { ACCENT, BRAND, INK, MUTED, renderPdf } from "#app/platform/pdf/pdf-kit.server";

export type CertificateContent = {
  code: string;
  recipientName: string;
  courseTitle: string;
  dates: string;
  venue: string | null;
  hours: number | null;
  /** kept on the row for the register; a certificate does not print it (it certifies attendance as such) */
  attendancePercent: number;
  signatoryName: string;
  signatoryTitle: string;
  verifyUrl: string;
};
/** A certificate as it is drawn: with the QR code of `verifyUrl` as a PNG data URL (see certificateQr). */
type MarkedCertificate = CertificateContent & { qr: string };

/** What the certificate takes from the firm: its name, its logo and the signatory's signature. */
export type CertificateFirm = Pick<FirmIdentity, "legalName" | "logo" | "signature">;

function certificateQr(verifyUrl: string) {
  return QRCode.toDataURL(verifyUrl, { margin: 1, width: 240, errorCorrectionLevel: "M" });
}

/**
 * The certificate with its QR code drawn. Called by the render functions, so the PNG (tens of milliseconds of
 * encoding each, thirty for a run) is drawn on the render thread, not the request thread (decision 0654).
 */
export async function markCertificate(c: CertificateContent): Promise<MarkedCertificate> {
  return { ...c, qr: await certificateQr(c.verifyUrl) };
}

const center = { textAlign: "center" } as const;

// The type steps down as the text grows, so a 60-character name and a 120-character title keep to one page.
const nameSize = (name: string) => (name.length <= 28 ? 38 : name.length <= 42 ? 31 : 25);
const titleSize = (title: string) => (title.length <= 50 ? 22 : title.length <= 90 ? 18 : 15);

/** A round seal in the firm's colours, drawn (no artwork needed). */
function Seal({ firm }: { firm: CertificateFirm }) {
  return (
    <View
      style={{
        width: 96,
        height: 96,
        borderRadius: 48,
        borderWidth: 3,
        borderColor: ACCENT,
        alignItems: "center",
        justifyContent: "center",
      }}
    >
      <View
        style={{
          width: 82,
          height: 82,
          borderRadius: 41,
          borderWidth: 1,
          borderColor: BRAND,
          alignItems: "center",
          justifyContent: "center",
          padding: 6,
        }}
      >
        <Text style={{ fontSize: 6.5, color: BRAND, fontFamily: "Helvetica-Bold", ...center }}>
          {firm.legalName.toUpperCase()}
        </Text>
        <Text style={{ fontSize: 6, color: ACCENT, marginTop: 3, letterSpacing: 1, ...center }}>
          CERTIFIED
        </Text>
      </View>
    </View>
  );
}

/**
 * One certificate of attendance on a landscape A4 page, made to be framed: a double border, the logo, the
 * name large, the course, dates, venue and hours, the signature, a seal, and how to check it (code and QR).
 */
export function CertificatePage({ c, firm }: { c: MarkedCertificate; firm: CertificateFirm }) {
  const details = [c.dates, c.venue, c.hours ? `${c.hours} hours of training` : null].filter(Boolean);
  return (
    <Page
      size="A4"
      orientation="landscape"
      wrap={false}
      style={{ padding: 22, fontFamily: "Helvetica", color: INK, backgroundColor: "#fffdf8" }}
    >
      <View style={{ flex: 1, borderWidth: 4, borderColor: BRAND, padding: 5 }}>
        <View
          style={{
            flex: 1,
            borderWidth: 1,
            borderColor: ACCENT,
            paddingVertical: 22,
            paddingHorizontal: 48,
            alignItems: "center",
          }}
        >
          {firm.logo ? (
            <Image src={firm.logo} style={{ maxHeight: 52, maxWidth: 160, marginBottom: 6 }} />
          ) : null}
          <Text
            style={[center, { fontSize: 12, color: BRAND, letterSpacing: 1.5, fontFamily: "Helvetica-Bold" }]}
          >
            {firm.legalName.toUpperCase()}
          </Text>
          <Text
            style={[
              center,
              { fontSize: 30, fontFamily: "Times-Bold", color: BRAND, marginTop: 14, letterSpacing: 1 },
            ]}
          >
            Certificate of Attendance
          </Text>
          <View style={{ borderBottomWidth: 2, borderBottomColor: ACCENT, width: 220, marginVertical: 10 }} />
          <Text style={[center, { fontSize: 12, color: MUTED, fontFamily: "Times-Italic" }]}>
            This is to certify that
          </Text>
          <Text
            style={[
              center,
              {
                fontSize: nameSize(c.recipientName),
                fontFamily: "Times-Bold",
                marginVertical: 8,
                maxWidth: 680,
              },
            ]}
          >
            {c.recipientName}
          </Text>
          <Text style={[center, { fontSize: 12, color: MUTED, fontFamily: "Times-Italic" }]}>
            attended the course
          </Text>
          <Text
            style={[
              center,
              {
                fontSize: titleSize(c.courseTitle),
                fontFamily: "Helvetica-Bold",
                color: BRAND,
                marginVertical: 8,
                maxWidth: 660,
                lineHeight: 1.25,
              },
            ]}
          >
            {c.courseTitle}
          </Text>
          <Text style={[center, { fontSize: 11.5 }]}>{details.join("  ·  ")}</Text>
          <View
            style={{
              flexDirection: "row",
              justifyContent: "space-between",
              alignItems: "flex-end",
              marginTop: "auto",
              width: "100%",
            }}
          >
            <View style={{ width: 220 }}>
              <View style={{ height: 48, justifyContent: "flex-end" }}>
                {firm.signature ? (
                  <Image src={firm.signature} style={{ maxHeight: 46, maxWidth: 180 }} />
                ) : null}
              </View>
              <View style={{ borderBottomWidth: 1, borderBottomColor: INK, marginBottom: 4 }} />
              <Text style={{ fontSize: 11, fontFamily: "Helvetica-Bold" }}>{c.signatoryName}</Text>
              <Text style={{ fontSize: 9.5, color: MUTED }}>{c.signatoryTitle}</Text>
            </View>
            <Seal firm={firm} />
            <View style={{ alignItems: "center", width: 220 }}>
              <Image src={c.qr} style={{ width: 70, height: 70 }} />
              <Text style={{ fontSize: 9, marginTop: 4, fontFamily: "Helvetica-Bold" }}>
                Certificate {c.code}
              </Text>
              <Text style={[center, { fontSize: 7, color: MUTED }]}>Verify at {c.verifyUrl}</Text>
            </View>
          </View>
        </View>
      </View>
    </Page>
  );
}

export async function renderCertificate(content: CertificateContent, firm: CertificateFirm) {
  const c = await markCertificate(content);
  return renderPdf(
    `Certificate ${c.code}: ${c.recipientName}`,
    <CertificatePage c={c} firm={firm} />,
    firm.legalName,
  );
}
