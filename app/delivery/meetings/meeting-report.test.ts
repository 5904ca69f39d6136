import { describe, expect, it } from "vitest";
import {
  csvLines,
  matchReport,
  ReportRefusal,
  spanSeconds,
  TeamsAttendanceReport,
  teamsLines,
  ZoomParticipantsPage,
  zoomLines,
} from "./meeting-report.server";

const people = [
  { id: "a", name: "Achieng Otieno", email: "achieng@example.co.ke" },
  { id: "b", name: "Baraka Mwangi", email: "baraka@example.co.ke" },
  { id: "c", name: "Chebet Kiprono", email: "chebet@example.co.ke" },
  { id: "d", name: "Daudi Njoroge", email: null },
];
// 09:00 to 17:00: 8 hours, 75% is 6 hours (21,600 s)
const session = { startTime: "09:00", endTime: "17:00" };

describe("meeting reports", () => {
  it("sums a Zoom participant's rejoins and marks present at the threshold, absent under it", () => {
    const page = ZoomParticipantsPage.parse({
      page_count: 1,
      page_size: 30,
      total_records: 4,
      next_page_token: "",
      participants: [
        {
          id: "1",
          name: "Achieng O.",
          user_email: "Achieng@Example.co.ke",
          join_time: "2026-11-02T06:00:00Z",
          leave_time: "2026-11-02T09:00:00Z",
          duration: 10_800,
        },
        {
          id: "1",
          name: "Achieng O.",
          user_email: "achieng@example.co.ke",
          join_time: "2026-11-02T10:00:00Z",
          leave_time: "2026-11-02T13:00:00Z",
          duration: 10_800,
        },
        {
          id: "2",
          name: "Baraka Mwangi",
          user_email: "baraka@example.co.ke",
          join_time: "2026-11-02T06:00:00Z",
          leave_time: "2026-11-02T11:59:59Z",
          duration: 21_599,
        },
        {
          id: "3",
          name: "Trainer",
          user_email: "trainer@firm.co.ke",
          join_time: "2026-11-02T06:00:00Z",
          leave_time: "2026-11-02T14:00:00Z",
          duration: 28_800,
        },
      ],
    });
    const match = matchReport(zoomLines(page.participants), people, session, 75);
    expect(match.byEmail.map((m) => [m.participant.id, m.attendee.seconds, m.present])).toEqual([
      ["a", 21_600, true],
      ["b", 21_599, false],
    ]);
    expect(match.byName).toEqual([]);
    expect(match.unknown.map((u) => u.email)).toEqual(["trainer@firm.co.ke"]);
  });

  it("matches by name only for a person to confirm, and never a name two participants share", () => {
    const lines = [
      { name: "daudi  NJOROGE (Guest)", email: null, seconds: 25_000 },
      { name: "Chébet Kiprono", email: "", seconds: 3_000 },
    ];
    const match = matchReport(lines, people, session, 75);
    expect(match.byEmail).toEqual([]);
    expect(match.byName.map((m) => [m.participant.id, m.present])).toEqual([
      ["d", true],
      ["c", false],
    ]);
    const twins = [...people, { id: "e", name: "Daudi Njoroge", email: "d2@example.co.ke" }];
    expect(matchReport(lines, twins, session, 75).unknown.map((u) => u.name)).toEqual([
      "daudi  NJOROGE (Guest)",
    ]);
  });

  it("reads a Teams attendance report", () => {
    const report = TeamsAttendanceReport.parse({
      id: "ae6ddf54-5d48-4448-a7a9-780eee17fa13",
      totalParticipantCount: 1,
      attendanceRecords: [
        {
          emailAddress: "chebet@example.co.ke",
          totalAttendanceInSeconds: 28_000,
          role: "Attendee",
          identity: { id: "dc17674c", displayName: "Chebet Kiprono", tenantId: null },
          attendanceIntervals: [],
        },
      ],
    });
    expect(matchReport(teamsLines(report), people, session, 75).byEmail[0]?.present).toBe(true);
  });

  it("reads Zoom's CSV export and the participants section of Teams' CSV", () => {
    const zoom = [
      "Name (Original Name),User Email,Join Time,Leave Time,Duration (Minutes),Guest,In Waiting Room",
      "Achieng O.,achieng@example.co.ke,11/02/2026 09:00:00 AM,11/02/2026 04:00:00 PM,420,No,No",
      '"Mwangi, Baraka",,11/02/2026 09:00:00 AM,11/02/2026 10:00:00 AM,60,Yes,No',
    ].join("\n");
    expect(csvLines(zoom)).toEqual([
      { name: "Achieng O.", email: "achieng@example.co.ke", seconds: 25_200 },
      { name: "Mwangi, Baraka", email: null, seconds: 3_600 },
    ]);
    const teams = [
      "1. Summary",
      "Meeting title\tIntroduction to Project Management",
      "",
      "2. Participants",
      "Name\tFirst Join\tLast Leave\tIn-Meeting Duration\tEmail\tParticipant ID (UPN)\tRole",
      "Chebet Kiprono\t11/2/26, 9:00:02 AM\t11/2/26, 4:30:00 PM\t7h 29m 58s\tchebet@example.co.ke\tchebet@example.co.ke\tAttendee",
      "",
      "3. In-Meeting Activities",
      "Name\tJoin Time\tLeave Time\tDuration\tEmail\tRole",
    ].join("\n");
    expect(csvLines(teams)).toEqual([
      { name: "Chebet Kiprono", email: "chebet@example.co.ke", seconds: 26_998 },
    ]);
  });

  it("refuses a file that is not a participants report, and a duration it cannot read", () => {
    expect(() => csvLines("Date,Amount\n2026-11-02,100")).toThrow(ReportRefusal);
    expect(() => csvLines("Name,Duration (Minutes)\nAchieng,about an hour")).toThrow(
      /Line 2: "about an hour"/,
    );
    expect(spanSeconds("1h 2m 3s")).toBe(3723);
    expect(spanSeconds("01:02:03")).toBe(3723);
    expect(spanSeconds("soon")).toBeNull();
  });
});
