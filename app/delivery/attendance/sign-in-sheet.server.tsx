import { Text, View } from "@react-pdf/renderer";
import { BrandedPage, DocumentHeader, renderPdf, styles } from "#app/platform/pdf/pdf-kit.server";
import type { SiteContent } from "#app/site/index";
import { formatLongDate } from "#app/utils/dates";

type Run = { courseTitle: string; dates: string; venue: string | null; days: string[] };
type Person = { id: string; name: string; organization: string | null; idNumber: string | null };

const cell = { borderWidth: 0.5, borderColor: "#94a3b8", padding: 4, fontSize: 8 } as const;
const head = { ...cell, backgroundColor: "#eef7f8", fontFamily: "Helvetica-Bold" } as const;
const WIDTHS = { n: 22, name: 130, org: 110, id: 70 };

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

function HeaderRow({ days }: { days: string[] }) {
  return (
    <View style={{ flexDirection: "row" }} fixed>
      <Text style={[head, { width: WIDTHS.n }]}>#</Text>
      <Text style={[head, { width: WIDTHS.name }]}>Participant</Text>
      <Text style={[head, { width: WIDTHS.org }]}>Organisation</Text>
      <Text style={[head, { width: WIDTHS.id }]}>ID number</Text>
      {days.map((day, i) => (
        <Text key={day} style={[head, { flex: 1 }]}>
          Day {i + 1}: {formatLongDate(day)}
        </Text>
      ))}
    </View>
  );
}

/** The printable sign-in sheet: one signature column per day, for rooms without a phone signal. */
export function SignInSheetPage({
  run,
  people,
  contact,
}: {
  run: Run;
  people: Person[];
  contact: SiteContent["contact"];
}) {
  return (
    <BrandedPage contact={contact} orientation="landscape">
      <DocumentHeader
        title={`Sign-in sheet: ${run.courseTitle}`}
        subtitle={[run.dates, run.venue].filter(Boolean).join(" · ")}
      />
      <HeaderRow days={run.days} />
      {people.map((person, index) => (
        <View key={person.id} style={{ flexDirection: "row", minHeight: 26 }} wrap={false}>
          <PeopleColumns person={person} index={index} />
          {run.days.map((day) => (
            <Text key={day} style={[cell, { flex: 1 }]} />
          ))}
        </View>
      ))}
    </BrandedPage>
  );
}

/** The attendance register: the marks taken per day (P present, A absent, blank not marked) and the rate. */
export function AttendanceRegisterPage({
  run,
  rows,
  contact,
}: {
  run: Run;
  rows: (Person & { marks: (boolean | null)[]; percent: number })[];
  contact: SiteContent["contact"];
}) {
  return (
    <BrandedPage contact={contact} orientation="landscape">
      <DocumentHeader
        title={`Attendance register: ${run.courseTitle}`}
        subtitle={[run.dates, run.venue].filter(Boolean).join(" · ")}
      />
      <HeaderRow days={[...run.days]} />
      {rows.map((row, index) => (
        <View key={row.id} style={{ flexDirection: "row" }} wrap={false}>
          <PeopleColumns person={row} index={index} />
          {row.marks.map((mark, i) => (
            <Text key={run.days[i]} style={[cell, { flex: 1, textAlign: "center" }]}>
              {mark === null ? "" : mark ? "P" : "A"}
            </Text>
          ))}
        </View>
      ))}
      <Text style={[styles.muted, { marginTop: 8 }]}>
        P present, A absent. Attendance rate:{" "}
        {rows.map((row) => `${row.name} ${row.percent}%`).join("; ") || "no participants"}.
      </Text>
    </BrandedPage>
  );
}

export function renderSignInSheet(run: Run, people: Person[], contact: SiteContent["contact"]) {
  return renderPdf(
    `Sign-in sheet: ${run.courseTitle}`,
    <SignInSheetPage run={run} people={people} contact={contact} />,
  );
}
