import { Document, renderToBuffer, Text, View } from "@react-pdf/renderer";
import { bindPdfs, imagePagePdf } from "#app/platform/pdf/bind-pdfs.server";
import type { FirmIdentity } from "#app/platform/pdf/firm";
import { BrandedPage, DocumentHeader, renderPdf, styles } from "#app/platform/pdf/pdf-kit.server";
import { formatLongDate } from "#app/utils/dates";
import { totalHours } from "#app/utils/sessions";
import { AttendanceRegisterPage } from "../attendance/sign-in-sheet.server";
import {
  type CertificateContent,
  CertificatePage,
  markCertificate,
} from "../certificates/certificate-pdf.server";

type Run = {
  courseTitle: string;
  courseDescription: string | null;
  objectives: string[];
  modules: string[];
  dates: string;
  venue: string | null;
  days: string[];
  /** the days it is held, with their times: the timetable NITA reads (DESIGN §9) */
  sessions: { date: string; startTime: string; endTime: string }[];
  durationDays: number | null;
};
type Participant = {
  id: string;
  name: string;
  organization: string | null;
  idNumber: string | null;
  email: string;
};
type RegisterRow = Participant & { marks: (boolean | null)[]; percent: number };

export type NitaPack = {
  run: Run;
  organization: string;
  participants: Participant[];
  register: RegisterRow[];
  timetable: string | null;
  money: { references: string[]; documents: { title: string; summary: string }[]; notes: string[] };
  certificates: CertificateContent[];
  firm: FirmIdentity;
  /** the firm's NITA training provider number (a setting), null until it is set */
  providerNitaNumber: string | null;
  /** the employer's NITA levy number(s), from the bookings in the pack */
  employerLevyNumbers: string[];
  trainers: string[];
  /** what the pack lacks before NITA would accept it (decision 0682): empty for a final pack */
  draft: string[];
  /** the signed attendance register's scan: when it was uploaded, or null while it is still to come */
  signedRegister: { uploadedOn: string } | null;
};

/** The scan's bytes, bound in after the register: a PDF as its pages, a photo placed on a page. */
export type SignedRegisterScan = {
  mimeType: "application/pdf" | "image/png" | "image/jpeg";
  data: Uint8Array;
};

/** A page of the pack: alone (a file of the ZIP) it numbers itself; bound, the pack numbers every page. */
type PageProps = { pack: NitaPack; numbered?: boolean };

export const NITA_SECTIONS = [
  "Participants and ID numbers",
  "Course outline and timetable",
  "Proforma invoice and receipts",
  "Attendance register",
  "Signed attendance register",
  "Certificates",
] as const;

const row = {
  flexDirection: "row",
  borderBottomWidth: 0.5,
  borderBottomColor: "#cbd5e1",
  paddingVertical: 3,
} as const;

function SectionTitle({ n }: { n: number }) {
  return <Text style={styles.h2}>{`${n + 1}. ${NITA_SECTIONS[n]}`}</Text>;
}

export function ParticipantsPage({ pack, numbered = true }: PageProps) {
  return (
    <BrandedPage contact={pack.firm} firm={pack.firm} numbered={numbered}>
      <DocumentHeader
        firm={pack.firm}
        title={`NITA claim: ${pack.run.courseTitle}`}
        subtitle={`${pack.organization} · ${pack.run.dates}`}
      />
      <SectionTitle n={0} />
      <View style={[row, styles.bold]}>
        <Text style={{ width: 24 }}>#</Text>
        <Text style={{ flex: 2 }}>Name</Text>
        <Text style={{ flex: 1 }}>ID / passport</Text>
        <Text style={{ flex: 2 }}>E-mail</Text>
      </View>
      {pack.participants.map((p, i) => (
        <View key={p.id} style={row} wrap={false}>
          <Text style={{ width: 24 }}>{i + 1}</Text>
          <Text style={{ flex: 2 }}>{p.name}</Text>
          <Text style={{ flex: 1 }}>{p.idNumber ?? "not given"}</Text>
          <Text style={{ flex: 2 }}>{p.email}</Text>
        </View>
      ))}
    </BrandedPage>
  );
}

export function OutlinePage({ pack, numbered = true }: PageProps) {
  const { run } = pack;
  return (
    <BrandedPage contact={pack.firm} firm={pack.firm} numbered={numbered}>
      <DocumentHeader
        firm={pack.firm}
        title={run.courseTitle}
        subtitle={[run.dates, run.venue].filter(Boolean).join(" · ")}
      />
      <SectionTitle n={1} />
      <Text style={styles.paragraph}>
        {run.sessions.length} training day(s), {totalHours(run.sessions)} training hours
        {run.durationDays ? ` (course duration ${run.durationDays} days)` : ""}.
      </Text>
      {run.courseDescription ? <Text style={styles.paragraph}>{run.courseDescription}</Text> : null}
      {run.objectives.length > 0 ? <Text style={styles.h3}>Objectives</Text> : null}
      {run.objectives.map((o) => (
        <Text key={o} style={styles.paragraph}>{`• ${o}`}</Text>
      ))}
      {run.modules.length > 0 ? <Text style={styles.h3}>Modules</Text> : null}
      {run.modules.map((m) => (
        <Text key={m} style={styles.paragraph}>{`• ${m}`}</Text>
      ))}
      <Text style={[styles.h3, { marginTop: 8 }]}>Trainers</Text>
      <Text style={styles.paragraph}>{pack.trainers.join(", ") || "Not assigned"}</Text>
      <Text style={[styles.h3, { marginTop: 8 }]}>Timetable</Text>
      {run.sessions.map((session, i) => (
        <View key={session.date} style={[row, { alignItems: "flex-start" }]} wrap={false}>
          <Text style={[styles.bold, { width: 170 }]}>
            {`Day ${i + 1}: ${formatLongDate(session.date)}, ${session.startTime}-${session.endTime}`}
          </Text>
          <Text style={{ flex: 1 }}>{pack.timetable ?? ""}</Text>
        </View>
      ))}
    </BrandedPage>
  );
}

/** The invoice section: in the one-PDF pack the documents follow it; in the ZIP they are files beside it. */
export function MoneyPage({
  pack,
  documentsFollow = false,
  numbered = true,
}: PageProps & { documentsFollow?: boolean }) {
  return (
    <BrandedPage contact={pack.firm} firm={pack.firm} numbered={numbered}>
      <DocumentHeader
        firm={pack.firm}
        title={`NITA claim: ${pack.run.courseTitle}`}
        subtitle={pack.organization}
      />
      <SectionTitle n={2} />
      <Text style={styles.paragraph}>
        Booking reference(s): {pack.money.references.join(", ") || "none"}.
      </Text>
      {pack.money.documents.map((d) => (
        <Text
          key={`${d.title}-${d.summary}`}
          style={styles.paragraph}
        >{`• ${d.title}: ${d.summary} (${documentsFollow ? "follows this page" : "separate file in the ZIP pack"})`}</Text>
      ))}
      {pack.money.notes.map((note) => (
        <Text key={note} style={[styles.paragraph, styles.bold]}>
          {note}
        </Text>
      ))}
    </BrandedPage>
  );
}

/** Whether the signed register is in the pack, for its cover: the office may bind it in once it is signed. */
function signedRegisterNote(pack: NitaPack, inContents: boolean) {
  if (!pack.signedRegister) return inContents ? " (still to come: not yet uploaded)" : "still to come";
  const scanned = `scanned copy uploaded ${formatLongDate(pack.signedRegister.uploadedOn)}`;
  return inContents ? ` (${scanned}, follows the register)` : scanned;
}

function ContentsPage({ pack, numbered = true }: PageProps) {
  const { run } = pack;
  const unpaid = pack.money.notes.length > 0;
  return (
    <BrandedPage contact={pack.firm} firm={pack.firm} numbered={numbered}>
      <DocumentHeader firm={pack.firm} title="NITA training claim pack" subtitle={pack.organization} />
      {pack.draft.length > 0 && (
        <View style={{ borderWidth: 1.5, borderColor: "#b91c1c", padding: 8, marginBottom: 12 }}>
          <Text style={{ color: "#b91c1c", fontFamily: "Helvetica-Bold", fontSize: 12 }}>
            DRAFT: NOT FOR SUBMISSION TO NITA
          </Text>
          <Text style={{ color: "#b91c1c" }}>NITA would return this pack. It still lacks:</Text>
          {pack.draft.map((reason) => (
            <Text key={reason} style={{ color: "#b91c1c" }}>{`• ${reason}`}</Text>
          ))}
        </View>
      )}
      {unpaid && (
        <View style={{ borderWidth: 1.5, borderColor: "#b91c1c", padding: 8, marginBottom: 12 }}>
          <Text style={{ color: "#b91c1c", fontFamily: "Helvetica-Bold", fontSize: 12 }}>
            NOT PAID IN FULL
          </Text>
          {pack.money.notes.map((note) => (
            <Text key={note} style={{ color: "#b91c1c" }}>
              {note}
            </Text>
          ))}
        </View>
      )}
      <View style={{ marginBottom: 10 }}>
        {(
          [
            ["Training provider", pack.firm.legalName],
            ["Provider NITA registration no.", pack.providerNitaNumber ?? "not registered"],
            ["Employer", pack.organization],
            ["Employer NITA levy no.", pack.employerLevyNumbers.join(", ") || "not given"],
            ["Course", run.courseTitle],
            ["Dates", run.dates],
            ["Venue", run.venue ?? "—"],
            ["Trainers", pack.trainers.join(", ") || "not assigned"],
            ["Participants", String(pack.participants.length)],
            ["Booking reference(s)", pack.money.references.join(", ") || "—"],
            ["Signed attendance register", signedRegisterNote(pack, false)],
          ] as const
        ).map(([label, value]) => (
          <View key={label} style={row}>
            <Text style={[styles.muted, { width: 170 }]}>{label}</Text>
            <Text style={[styles.bold, { flex: 1 }]}>{value}</Text>
          </View>
        ))}
      </View>
      <Text style={styles.h2}>Contents</Text>
      {NITA_SECTIONS.map((title, i) => (
        <Text key={title} style={styles.paragraph}>
          {`${i + 1}. ${title}`}
          {i === 4 ? signedRegisterNote(pack, true) : ""}
          {i === 5 ? ` (${pack.certificates.length})` : ""}
        </Text>
      ))}
    </BrandedPage>
  );
}

/**
 * The whole pack as one PDF: a contents page, then each section; the issued invoice and receipts (stored PDFs,
 * `moneyPdfs`) are bound in after the invoice section as they were issued; certificates one per page.
 */
export async function renderNitaPack(
  pack: NitaPack,
  moneyPdfs: Uint8Array[],
  signedRegister: SignedRegisterScan | null = null,
) {
  const certificates = await Promise.all(pack.certificates.map(markCertificate));
  const title = `NITA claim pack: ${pack.run.courseTitle}, ${pack.organization}`;
  const head = await renderToBuffer(
    <Document title={title} author="Mafunzo Training & Consultancy">
      <ContentsPage pack={pack} numbered={false} />
      <ParticipantsPage pack={pack} numbered={false} />
      <OutlinePage pack={pack} numbered={false} />
      <MoneyPage pack={pack} documentsFollow numbered={false} />
    </Document>,
  );
  const register = await renderToBuffer(
    <Document title={title} author="Mafunzo Training & Consultancy">
      <AttendanceRegisterPage run={pack.run} rows={pack.register} firm={pack.firm} numbered={false} />
    </Document>,
  );
  const scan = signedRegister ? [await signedRegisterPdf(signedRegister)] : [];
  const tail = await renderToBuffer(
    <Document title={title} author="Mafunzo Training & Consultancy">
      {certificates.length === 0 ? (
        <BrandedPage contact={pack.firm} firm={pack.firm} numbered={false}>
          <SectionTitle n={5} />
          <Text style={styles.paragraph}>No certificates have been issued to these participants.</Text>
        </BrandedPage>
      ) : (
        certificates.map((c) => <CertificatePage key={c.code} c={c} firm={pack.firm} />)
      )}
    </Document>,
  );
  return bindPdfs(title, [head, ...moneyPdfs, register, ...scan, tail], {
    numberPages: true,
    author: pack.firm.legalName,
  });
}

/** The signed register as PDF pages: a PDF as uploaded, a photo placed on an A4 page. */
export function signedRegisterPdf(scan: SignedRegisterScan) {
  return scan.mimeType === "application/pdf"
    ? scan.data
    : imagePagePdf(scan.data, scan.mimeType, "Signed attendance register");
}

/** Each section on its own, for the ZIP pack. */
export const renderNitaSection = {
  participants: (pack: NitaPack) => renderPdf("Participants", <ParticipantsPage pack={pack} />),
  outline: (pack: NitaPack) => renderPdf("Course outline", <OutlinePage pack={pack} />),
  money: (pack: NitaPack) => renderPdf("Invoice and receipts", <MoneyPage pack={pack} />),
  register: (pack: NitaPack) =>
    renderPdf(
      "Attendance register",
      <AttendanceRegisterPage run={pack.run} rows={pack.register} firm={pack.firm} />,
    ),
};
