import { Text, View } from "@react-pdf/renderer";
import type { FirmIdentity } from "#app/platform/pdf/firm";
import { BrandedPage, DocumentHeader, Note, renderPdf, styles, TINT } from "#app/platform/pdf/pdf-kit.server";
import { formatLongDate } from "#app/utils/dates";
import { formatMinor } from "#app/utils/minor-units";
import { type FeeStatement, monthName } from "./fee-statement.server";

const cell = {
  borderBottomWidth: 0.5,
  borderColor: "#cbd5e1",
  paddingVertical: 5,
  paddingHorizontal: 4,
} as const;
const head = { ...cell, backgroundColor: TINT, fontFamily: "Helvetica-Bold" } as const;
const W = { course: 190, days: 140, fee: 80, diem: 80 };

const shortDay = (date: string) => formatLongDate(date).replace(/ \d{4}$/, "");

/** A trainer's month on one page: each course date's days, fee and per diem, then the totals and withholding. */
function FeeStatementPage({ statement: s, firm }: { statement: FeeStatement; firm: FirmIdentity }) {
  const money = (minor: number) => formatMinor(minor, s.currency);
  return (
    <BrandedPage contact={firm} firm={firm}>
      <DocumentHeader
        firm={firm}
        title="Trainer fee statement"
        subtitle={`${s.trainer.name} · ${monthName(s.month)}`}
        facts={[
          ["Engagement", s.engagement === "associate" ? "Associate" : "Employee"],
          ["Day rate", money(s.dayRate)],
          ["Per diem", s.perDiemRate ? `${money(s.perDiemRate)} a day away` : null],
          ["Home office", s.homeOffice],
          ["KRA PIN", s.trainer.kraPin],
          ["M-PESA", s.trainer.mpesaNumber],
        ]}
      />
      <View style={{ flexDirection: "row" }}>
        <Text style={[head, { width: W.course }]}>Course date</Text>
        <Text style={[head, { width: W.days }]}>Session days</Text>
        <Text style={[head, { width: W.fee, textAlign: "right" }]}>Fee</Text>
        <Text style={[head, { width: W.diem, textAlign: "right" }]}>Per diem</Text>
      </View>
      {s.lines.length === 0 ? (
        <Text style={[styles.paragraph, { marginTop: 8 }]}>No session days this month.</Text>
      ) : null}
      {s.lines.map((line) => (
        <View key={line.runId} style={{ flexDirection: "row" }} wrap={false}>
          <View style={[cell, { width: W.course }]}>
            <Text style={styles.bold}>{line.courseTitle}</Text>
            {line.venue ? <Text style={styles.muted}>{line.venue}</Text> : null}
          </View>
          <Text style={[cell, { width: W.days }]}>
            {line.days.length} × {money(s.dayRate)}: {line.days.map(shortDay).join(", ")}
          </Text>
          <Text style={[cell, { width: W.fee, textAlign: "right" }]}>{money(line.fee)}</Text>
          <Text style={[cell, { width: W.diem, textAlign: "right" }]}>
            {line.perDiemDays ? money(line.perDiem) : "—"}
          </Text>
        </View>
      ))}
      <View style={{ marginTop: 12, marginLeft: "auto", width: 240 }} wrap={false}>
        {(
          [
            [`Fees (${s.days} ${s.days === 1 ? "day" : "days"})`, s.fees],
            ["Per diem", s.perDiem],
            ["Gross", s.gross],
            [`Withholding tax${s.withholding ? ` (${5} %)` : ""}`, -s.withholding],
          ] as const
        ).map(([label, amount]) => (
          <View
            key={label}
            style={{ flexDirection: "row", justifyContent: "space-between", paddingVertical: 2 }}
          >
            <Text>{label}</Text>
            <Text>{money(amount)}</Text>
          </View>
        ))}
        <View
          style={{
            flexDirection: "row",
            justifyContent: "space-between",
            borderTopWidth: 1,
            borderColor: "#0f4c5c",
            paddingTop: 4,
            marginTop: 2,
          }}
        >
          <Text style={styles.bold}>To pay</Text>
          <Text style={styles.bold}>{money(s.net)}</Text>
        </View>
      </View>
      <Note title="Withholding">{s.withholdingNote}</Note>
    </BrandedPage>
  );
}

/** The statement as a PDF the trainer and finance download. */
export function renderFeeStatement(statement: FeeStatement, firm: FirmIdentity) {
  return renderPdf(
    `Fee statement ${statement.trainer.name} ${statement.month}`,
    <FeeStatementPage statement={statement} firm={firm} />,
  );
}
