// The data the isolation part of `npm run bench` needs beyond the seed (scripts/bench/isolation.mjs), written
// through the domain functions into the stopped bench server's database (DATA_DIR or DATABASE_URL, as the server
// reads them) before it is started again: an owner's session, `--runs` runs of 30 participants with full
// attendance (one certificate issue each), a NITA-ready organisation on the first, and a 20,000-line M-PESA
// statement uploaded and previewed, ready to commit. Prints what the bench needs as one JSON line.
import crypto from "node:crypto";
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { bookings, courseRegistrations } from "#app/booking/tables.server";
import { createBooking } from "#app/bookings/booking.server";
import { requestInfoContext } from "#app/context";
import { openDatabase } from "#app/database.server";
import { JoiningInstructionsSchema } from "#app/delivery/instructions/joining-instructions";
import { saveJoiningInstructions } from "#app/delivery/instructions/joining-instructions.server";
import { attendanceMarks } from "#app/delivery/tables.server";
import {
  createImport,
  findImport,
  previewFingerprint,
  previewImport,
} from "#app/money/statements/statement-import.server";
import { db, setDatabase } from "#app/platform/db/client.server";
import { env } from "#app/platform/env.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import { courseRuns, courses } from "#app/site/tables.server";
import { createAdmin } from "#app/staff/accounts/user.server";
import { startSession } from "#app/staff/sign-in/auth.server";
import { hashPassword } from "#app/staff/sign-in/password.server";
import { addDays, today } from "#app/utils/dates";

const { values: args } = parseArgs({ options: { runs: { type: "string", default: "2" } } });
const PARTICIPANTS = 30;
const STATEMENT_LINES = 20_000;
const SLUG = "strategic-planning-and-performance-management";
const ORGANISATION = "Kenya Power";
const CALLBACK_SECRET = `bench-${crypto.randomBytes(12).toString("hex")}`;
const actor = { id: null, email: "bench@mafunzo.test", ip: "127.0.0.1", userAgent: "bench" };

const handle = await openDatabase({ databaseUrl: env().DATABASE_URL, dataDir: env().DATA_DIR });
setDatabase(handle);
try {
  const email = `bench-${crypto.randomUUID().slice(0, 8)}@mafunzo.test`;
  const user = await createAdmin(db(), email, await hashPassword(crypto.randomUUID()));
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { requestId: "bench", nonce: "", ip: "127.0.0.1", userAgent: "bench" });
  const setCookie = await startSession(db(), user, context);
  const cookie = [setCookie]
    .flat()
    .map((header) => header.split(";")[0] ?? "")
    .find((c) => c.startsWith("mafunzo_admin"));
  if (!cookie) throw new Error("no session cookie");

  const [course] = await db().select({ id: courses.id }).from(courses).where(eq(courses.slug, SLUG));
  if (!course) throw new Error(`no course ${SLUG}`);
  const runs: { courseId: string; runId: string; reference: string }[] = [];
  for (let n = 0; n < Number(args.runs); n++) {
    // booked while upcoming, then moved into the past (over already: every day of it carries attendance)
    const [run] = await db()
      .insert(courseRuns)
      .values({
        courseId: course.id,
        startDate: addDays(today(), 10),
        endDate: addDays(today(), 11),
        venue: "Naivasha, Kenya",
      })
      .returning({ id: courseRuns.id });
    const runId = run?.id as string;
    const booked = await createBooking({
      name: "HR Office",
      email: `hr-${n}@example.com`,
      phone: null,
      organization: ORGANISATION,
      message: null,
      kraPin: null,
      lpoNumber: null,
      course: SLUG,
      run: runId,
      participants: Array.from({ length: PARTICIPANTS }, (_, i) => ({
        name: `Delegate ${n}-${i} Wanjiru`,
        email: `delegate-${n}-${i}@example.com`,
        phone: null,
        idNumber: String(20_000_000 + n * 100 + i),
      })),
      source: "register",
      idempotencyKey: crypto.randomUUID(),
      ip: "203.0.113.9",
    } as never);
    if (!booked?.ok) throw new Error(`booking refused: ${JSON.stringify(booked)}`);
    const startDate = addDays(today(), -5 - 3 * n);
    await db()
      .update(courseRuns)
      .set({ startDate, endDate: addDays(startDate, 1) })
      .where(eq(courseRuns.id, runId));
    const people = await db()
      .select({ id: courseRegistrations.id })
      .from(courseRegistrations)
      .where(eq(courseRegistrations.runId, runId));
    await db()
      .insert(attendanceMarks)
      .values(
        people.flatMap((p) =>
          [startDate, addDays(startDate, 1)].map((day) => ({
            registrationId: p.id,
            runId,
            day,
            present: true,
            markedByEmail: actor.email,
            markedAt: new Date(),
          })),
        ),
      );
    await saveJoiningInstructions(
      actor,
      runId,
      JoiningInstructionsSchema.parse({ timetable: "08:30 registration, 09:00 sessions, 17:00 close" }),
    );
    runs.push({ courseId: course.id, runId, reference: booked.reference });
  }
  await db()
    .update(bookings)
    .set({ nitaLevyNumber: "LEVY-778899" })
    .where(eq(bookings.organization, ORGANISATION));
  await setSettingValue(db(), "nita_provider_number", "NITA/TP/0042", null);
  await setSettingValue(db(), "mpesa_callback_secret", CALLBACK_SECRET, null);
  await setSettingValue(db(), "finance_kra_pin", "P051111111Q", null);

  const lines = Array.from({ length: STATEMENT_LINES }, (_, i) => {
    const time = `${today()} 09:30:00`;
    const account = i % 1000 === 0 ? (runs[0]?.reference ?? "") : `ACME ${i}`;
    return [
      `TKS${String(i).padStart(7, "0")}`,
      time,
      time,
      "Pay Bill",
      "Completed",
      '"5.00"',
      "",
      "0",
      "true",
    ]
      .concat(["Pay Bill Online", "PAYER", "", account])
      .join(",");
  });
  const header =
    "Receipt No.,Completion Time,Initiation Time,Details,Transaction Status,Paid In,Withdrawn,Balance,Balance Confirmed,Reason Type,Other Party Info,Linked Transaction ID,A/C No.";
  const created = await createImport(
    actor,
    "mpesa",
    "bench-statement.csv",
    Buffer.from([`Account Holder:,Mafunzo`, header, ...lines].join("\n")),
  );
  if (!created.ok) throw new Error(created.message);
  const item = await findImport(created.id);
  if (!item) throw new Error("no import");
  const fingerprint = previewFingerprint(await previewImport(item));

  console.log(
    JSON.stringify({
      cookie,
      runs,
      organisation: ORGANISATION,
      callbackSecret: CALLBACK_SECRET,
      statement: { id: item.id, fingerprint, lines: STATEMENT_LINES },
    }),
  );
} finally {
  await handle.close();
}
