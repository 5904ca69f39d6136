import { expect, test } from "@playwright/test";
import pg from "pg";
import {
  type AppServer,
  COURSE_SLUG,
  createScratchDatabase,
  freePort,
  startAppServer,
  tempDataDir,
} from "../../scripts/reliability/app-server.mjs";
import { runJobsOnce } from "../helpers/job-passes";
import { startSmtpServer } from "../helpers/smtp";

// Reminders and certificate e-mails with two server processes on one PostgreSQL database: each is sent once.
// Needs PostgreSQL: CI runs it with SCALE_DATABASE_URL set, like scale-out.spec.ts.
const POSTGRES = process.env.SCALE_DATABASE_URL;
test.skip(!POSTGRES, "set SCALE_DATABASE_URL to a PostgreSQL server to run the two-process delivery test");
test.describe.configure({ timeout: 240_000 });

const ADMIN = { email: "delivery-scale@mafunzo.test", password: "Two-Processes-2026" };
const PEOPLE = 6;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const START = day(21);

async function query<T>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

test("two processes schedule and send each reminder and each certificate e-mail once", async () => {
  const database = await createScratchDatabase(POSTGRES as string, "delivery");
  const smtp = await startSmtpServer();
  const servers: AppServer[] = [];
  const env = (now: string) => ({
    SESSION_SECRET: "delivery-scale-test-secret-shared-by-every-process",
    SMTP_URL: smtp.url,
    OUTBOX_LEASE_SECONDS: "10",
    TEST_NOW: now,
  });
  try {
    // first start: migrate and seed, and the data of one booked run with its attendance
    const first = await startAppServer({
      databaseUrl: database.url,
      dataDir: tempDataDir("delivery-0"),
      env: env(new Date().toISOString()),
    });
    const signup = await fetch(`${first.url}/admin/signup`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: first.url },
      body: new URLSearchParams({
        email: ADMIN.email,
        password: ADMIN.password,
        confirmPassword: ADMIN.password,
      }),
    });
    expect(signup.status).toBe(302);
    await first.stop();
    const [run] = await query<{ id: string; course_id: string }>(
      database.url,
      `insert into course_runs (course_id, start_date, end_date, venue)
       select id, $2::date, $2::date + 1, 'Scale Hall, Nairobi' from courses where slug = $1 returning id, course_id`,
      [COURSE_SLUG, START],
    );
    // held on both its days, whatever weekday they fall on (a run's course days are its sessions, DESIGN §9)
    await query(
      database.url,
      "insert into run_sessions (run_id, date) values ($1, $2::date), ($1, $2::date + 1)",
      [run?.id, START],
    );
    const [booking] = await query<{ id: string }>(
      database.url,
      `insert into bookings (reference, course_id, run_id, contact_name, contact_email, participants)
       values ('MF-SCALEDLV', $1, $2, 'HR', 'hr@scale.example.com', ${PEOPLE}) returning id`,
      [run?.course_id, run?.id],
    );
    for (let i = 0; i < PEOPLE; i++) {
      const [reg] = await query<{ id: string }>(
        database.url,
        `insert into course_registrations (reference, name, email, course_name, course_id, run_id, booking_id)
         values ($1, $2, $3, 'Strategic Planning', $4, $5, $6) returning id`,
        [`MF-SCD${i}`, `Scale Person ${i}`, `scale${i}@example.com`, run?.course_id, run?.id, booking?.id],
      );
      // four attend both days (certificate), two only the first (below 80 %)
      await query(
        database.url,
        `insert into attendance_marks (registration_id, run_id, day, present, marked_at)
         values ($1, $2, $3::date, true, now()), ($1, $2, $3::date + 1, $4, now())`,
        [reg?.id, run?.id, START, i < 4],
      );
    }

    // a day before the start, both processes start together: both sweep, both run an outbox worker
    const ports = [await freePort(), await freePort()];
    const now = `${day(20)}T08:05:00+03:00`;
    servers.push(
      ...(await Promise.all(
        ports.map((port, i) =>
          startAppServer({
            port,
            databaseUrl: database.url,
            dataDir: tempDataDir(`delivery-${i + 1}`),
            env: env(now),
          }),
        ),
      )),
    );
    const reminders = () => smtp.messages.filter((m) => m.subject.startsWith("Reminder"));
    await smtp.waitFor(() => reminders().length >= PEOPLE, 60_000);

    // certificates are due after the run's last session (decision 0681): both processes restart after it
    await Promise.all(servers.map((server) => server.stop()));
    const after = `${new Date(Date.parse(`${START}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)}T17:05:00+03:00`;
    servers.splice(
      0,
      servers.length,
      ...(await Promise.all(
        ports.map((port, i) =>
          startAppServer({
            port,
            databaseUrl: database.url,
            dataDir: tempDataDir(`delivery-${i + 1}`),
            env: env(after),
          }),
        ),
      )),
    );
    // both processes are asked to issue the run's certificates at the same moment
    const cookies = await Promise.all(
      servers.map(async (server) => {
        const login = await fetch(`${server.url}/admin/login`, {
          method: "POST",
          redirect: "manual",
          headers: { origin: server.url },
          body: new URLSearchParams(ADMIN),
        });
        return (
          (login.headers.getSetCookie().find((c) => c.startsWith("mafunzo_admin=")) ?? "").split(";")[0] ?? ""
        );
      }),
    );
    const issued = await Promise.all(
      servers.map((server, i) =>
        fetch(`${server.url}/admin/courses/${run?.course_id}/runs/${run?.id}/certificates`, {
          method: "POST",
          headers: { origin: server.url, cookie: cookies[i] as string },
          body: new URLSearchParams({ intent: "issue" }),
        }),
      ),
    );
    expect(issued.map((r) => r.status)).toEqual([200, 200]);
    const certificateMails = () => smtp.messages.filter((m) => m.subject.startsWith("Your certificate"));
    await smtp.waitFor(() => certificateMails().length >= 4, 60_000);
    // one more pass of every job in both processes at once must add nothing
    await Promise.all(servers.map((server) => runJobsOnce(server.url)));

    for (let i = 0; i < PEOPLE; i++) {
      const to = `scale${i}@example.com`;
      expect(
        reminders().filter((m) => m.to.includes(to)),
        to,
      ).toHaveLength(1);
      expect(
        certificateMails().filter((m) => m.to.includes(to)),
        to,
      ).toHaveLength(i < 4 ? 1 : 0);
    }
    const rows = await query<{ n: string }>(database.url, "select count(*) as n from certificates");
    expect(Number(rows[0]?.n)).toBe(4);
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await smtp.close();
    await database.drop();
  }
});
