import { Text, View } from "@react-pdf/renderer";
import type { FirmIdentity } from "#app/platform/pdf/firm";
import { BrandedPage, DocumentHeader, renderPdf, styles, TINT } from "#app/platform/pdf/pdf-kit.server";
import { formatLongDate } from "#app/utils/dates";

type Run = { courseTitle: string; dates: string; venue: string | null; days: string[] };
type Person = { id: string; name: string; organization: string | null; idNumber: string | null };

/** 12 mm: room for a signature written by hand on a sheet passed round the room. */
export const SIGNING_ROW_HEIGHT = 34;

const cell = { borderWidth: 0.5, borderColor: "#94a3b8", padding: 5, fontSize: 9 } as const;
const head = { ...cell, backgroundColor: TINT, fontFamily: "Helvetica-Bold" } as const;
const WIDTHS = { n: 24, name: 170, org: 150, id: 90 };

function PeopleColumns({ person, index }: { person: Person; index: number }) {
  return (
    <>
      <Text style={[cell, { width: WIDTHS.n }]}>{index + 1}</Text>
      <Text style={[cell, { width: WIDTHS.name }]}>{person.name}</Text>
      <Text style={[cell, { width: WIDTHS.org }]}>{person.organization ?? ""}</Text>
      <Text style={[cell, { width: WIDTHS.id }]}>{person.idNumber ?? ""}</Text>
    </>
  );
}

function HeaderRow({ columns }: { columns: string[] }) {
  return (
    <View style={{ flexDirection: "row" }} fixed>
      <Text style={[head, { width: WIDTHS.n }]}>#</Text>
      <Text style={[head, { width: WIDTHS.name }]}>Participant</Text>
      <Text style={[head, { width: WIDTHS.org }]}>Organisation</Text>
      <Text style={[head, { width: WIDTHS.id }]}>ID number</Text>
      {columns.map((column) => (
        <Text key={column} style={[head, { flex: 1 }]}>
          {column}
        </Text>
      ))}
    </View>
  );
}

const where = (run: Run) => [run.venue, run.dates].filter(Boolean).join(" · ");

/**
 * The printable sign-in sheet: a page per day (the sheet of the day goes round the room, the others stay in
 * the file), each participant on a row tall enough to sign, for rooms without a phone signal.
 */
export function SignInSheetPages({ run, people, firm }: { run: Run; people: Person[]; firm: FirmIdentity }) {
  if (run.days.length === 0) {
    return (
      <BrandedPage contact={firm} firm={firm} orientation="landscape">
        <DocumentHeader firm={firm} title="Sign-in sheet" subtitle={`${run.courseTitle} · ${where(run)}`} />
        <Text style={styles.paragraph}>
          This course date has no days yet: set its dates to print the sheets.
        </Text>
      </BrandedPage>
    );
  }
  return (
    <>
      {run.days.map((day, dayIndex) => (
        <BrandedPage key={day} contact={firm} firm={firm} orientation="landscape">
          <DocumentHeader
            firm={firm}
            title="Sign-in sheet"
            subtitle={`${run.courseTitle} · ${where(run)}`}
            facts={[
              ["Day", `${dayIndex + 1} of ${run.days.length}`],
              ["Date", formatLongDate(day)],
            ]}
          />
          <HeaderRow columns={["Signature"]} />
          {people.map((person, index) => (
            <View
              key={person.id}
              style={{ flexDirection: "row", minHeight: SIGNING_ROW_HEIGHT }}
              wrap={false}
            >
              <PeopleColumns person={person} index={index} />
              <Text style={[cell, { flex: 1 }]} />
            </View>
          ))}
          <Text style={[styles.muted, { marginTop: 8, fontSize: 8.5 }]}>
            Please sign on arrival. ID numbers are shown in part, enough to match an ID card at the door.
          </Text>
        </BrandedPage>
      ))}
    </>
  );
}

/**
 * The attendance register: the marks taken per day (P present, A absent, blank not marked), the rate, and a
 * row tall enough for each participant to sign it.
 */
export function AttendanceRegisterPage({
  run,
  rows,
  firm,
  numbered = true,
}: {
  run: Run;
  rows: (Person & { marks: (boolean | null)[]; percent: number })[];
  firm: FirmIdentity;
  numbered?: boolean;
}) {
  return (
    <BrandedPage contact={firm} firm={firm} orientation="landscape" numbered={numbered}>
      <DocumentHeader
        firm={firm}
        title="Attendance register"
        subtitle={`${run.courseTitle} · ${where(run)}`}
      />
      <HeaderRow
        columns={[...run.days.map((day, i) => `Day ${i + 1}: ${formatLongDate(day)}`), "Rate", "Signature"]}
      />
      {rows.map((row, index) => (
        <View key={row.id} style={{ flexDirection: "row", minHeight: SIGNING_ROW_HEIGHT }} wrap={false}>
          <PeopleColumns person={row} index={index} />
          {row.marks.map((mark, i) => (
            <Text key={run.days[i]} style={[cell, { flex: 1, textAlign: "center" }]}>
              {mark === null ? "" : mark ? "P" : "A"}
            </Text>
          ))}
          <Text style={[cell, { flex: 1, textAlign: "center" }]}>{row.percent}%</Text>
          <Text style={[cell, { flex: 1 }]} />
        </View>
      ))}
      <Text style={[styles.muted, { marginTop: 8 }]}>
        P present, A absent, blank not marked. Rate: the share of the course days present.
      </Text>
    </BrandedPage>
  );
}

export function renderSignInSheet(run: Run, people: Person[], firm: FirmIdentity) {
  return renderPdf(
    `Sign-in sheet: ${run.courseTitle}`,
    <SignInSheetPages run={run} people={people} firm={firm} />,
    firm.legalName,
  );
}
