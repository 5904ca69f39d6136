import { and, eq, ne } from "drizzle-orm";
import { runTrainers, runVenueHolds, trainerProfiles, venueRooms, venues } from "#app/delivery/tables.server";
import { db } from "#app/platform/db/client.server";
import { users } from "#app/platform/db/tables.server";
import { sessionsOfRuns } from "#app/site/index.server";
import { courseRuns, courses } from "#app/site/tables.server";
import { today } from "#app/utils/dates";
import { FeeMonthSchema } from "./resources";
import { DEFAULT_PROFILE } from "./trainer-profile.server";

// A trainer's fee statement for a month (issue 48, decision 0763): the session days of the runs they accepted
// that fall in the month × their day rate, the per diem for days away from their home office, and for an
// associate paid in shillings the 5 % withholding tax on training fees (Income Tax Act, Cap. 470, s. 35(3)(f)
// and the Third Schedule, Head B; KRA: training fees "inclusive of incidental costs", not due when the month's
// payments to the person are below KES 24,000).

/** KRA's threshold: a month's management, professional or training fees below KES 24,000 bear no withholding. */
export const WITHHOLDING_THRESHOLD = 24_000_00;
export const WITHHOLDING_PERCENT = 5;

export type FeeLine = {
  runId: string;
  courseTitle: string;
  /** the run's session days in the month */
  days: string[];
  venue: string | null;
  /** days the per diem is paid for: the venue's city is not the home office */
  perDiemDays: number;
  fee: number;
  perDiem: number;
};

export type FeeStatement = {
  trainer: { id: string; name: string; email: string; kraPin: string | null; mpesaNumber: string | null };
  month: string;
  engagement: "employee" | "associate";
  currency: "KES" | "UGX" | "RWF" | "TZS" | "USD";
  dayRate: number;
  perDiemRate: number;
  homeOffice: string;
  lines: FeeLine[];
  days: number;
  fees: number;
  perDiem: number;
  gross: number;
  /** what the firm withholds and pays KRA; 0 when the rule does not apply */
  withholding: number;
  /** why there is withholding or none, in a sentence */
  withholdingNote: string;
  net: number;
};

const sameCity = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The withholding on a month's gross, and the sentence that says why. */
export function withholdingFor(
  engagement: "employee" | "associate",
  currency: string,
  gross: number,
): { withholding: number; note: string } {
  if (engagement === "employee") {
    return {
      withholding: 0,
      note: "Employee: paid through payroll (PAYE); no withholding on this statement.",
    };
  }
  if (currency !== "KES") {
    return {
      withholding: 0,
      note: `Paid in ${currency}: Kenyan withholding is settled by finance case by case.`,
    };
  }
  if (gross < WITHHOLDING_THRESHOLD) {
    return { withholding: 0, note: "Below KES 24,000 this month: no withholding tax is due." };
  }
  return {
    withholding: Math.round((gross * WITHHOLDING_PERCENT) / 100),
    note: "Withholding tax on training fees, 5 % of fees and per diem (Income Tax Act s. 35; KRA).",
  };
}

/** The month's statement; undefined when the account is no trainer. `month` is "2026-11". */
export async function feeStatement(userId: string, month: string): Promise<FeeStatement | undefined> {
  const [trainer] = await db()
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  if (!trainer) return undefined;
  const [stored] = await db().select().from(trainerProfiles).where(eq(trainerProfiles.userId, userId));
  const profile = stored ?? { ...DEFAULT_PROFILE, userId };
  const runs = await db()
    .select({
      id: courseRuns.id,
      startDate: courseRuns.startDate,
      endDate: courseRuns.endDate,
      country: courseRuns.country,
      courseTitle: courses.title,
      runVenue: courseRuns.venue,
      venueName: venues.name,
      city: venues.city,
    })
    .from(runTrainers)
    .innerJoin(courseRuns, eq(courseRuns.id, runTrainers.runId))
    .innerJoin(courses, eq(courses.id, courseRuns.courseId))
    .leftJoin(runVenueHolds, eq(runVenueHolds.runId, courseRuns.id))
    .leftJoin(venueRooms, eq(venueRooms.id, runVenueHolds.roomId))
    .leftJoin(venues, eq(venues.id, venueRooms.venueId))
    .where(
      and(
        eq(runTrainers.userId, userId),
        eq(runTrainers.state, "accepted"),
        ne(courseRuns.status, "cancelled"),
      ),
    );
  const sessions = await sessionsOfRuns(runs);
  const lines = runs
    .map((run): FeeLine => {
      const days = (sessions.get(run.id) ?? [])
        .map((s) => s.date)
        .filter((date) => date.startsWith(`${month}-`));
      const away = run.city !== null && !sameCity(run.city, profile.homeOffice);
      const perDiemDays = away ? days.length : 0;
      return {
        runId: run.id,
        courseTitle: run.courseTitle,
        days,
        venue: run.venueName ? `${run.venueName}, ${run.city}` : run.runVenue,
        perDiemDays,
        fee: days.length * profile.dayRate,
        perDiem: perDiemDays * profile.perDiem,
      };
    })
    .filter((line) => line.days.length > 0)
    .sort((a, b) => (a.days[0] as string).localeCompare(b.days[0] as string));
  const fees = lines.reduce((sum, line) => sum + line.fee, 0);
  const perDiem = lines.reduce((sum, line) => sum + line.perDiem, 0);
  const gross = fees + perDiem;
  const { withholding, note } = withholdingFor(profile.engagement, profile.currency, gross);
  return {
    trainer: {
      id: trainer.id,
      name: trainer.name ?? trainer.email,
      email: trainer.email,
      kraPin: profile.kraPin,
      mpesaNumber: profile.mpesaNumber,
    },
    month,
    engagement: profile.engagement,
    currency: profile.currency,
    dayRate: profile.dayRate,
    perDiemRate: profile.perDiem,
    homeOffice: profile.homeOffice,
    lines,
    days: lines.reduce((sum, line) => sum + line.days.length, 0),
    fees,
    perDiem,
    gross,
    withholding,
    withholdingNote: note,
    net: gross - withholding,
  };
}

/** "November 2026" */
export function monthName(month: string) {
  return new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
}

/** The month a statement's address asks for (`?month=2026-11`), the business clock's month by default. */
export function statementMonth(url: URL) {
  return (
    FeeMonthSchema.parse({ month: url.searchParams.get("month") ?? undefined }).month || today().slice(0, 7)
  );
}
