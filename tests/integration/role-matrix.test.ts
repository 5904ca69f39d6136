import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { runTrainers } from "#app/delivery/tables.server";
import { db, executeRows } from "#app/platform/db/client.server";
import { users } from "#app/platform/db/tables.server";
import { courseRuns } from "#app/site/tables.server";
import { ROLES, type Role } from "#app/staff/index.server";
import { startSession } from "#app/staff/testing.server";
import { requestContext, resetAccessTables, sessionCookie } from "../helpers/admin-session";
import { adminRoutes, type GuardedRoute, importAdminRoutes } from "../helpers/route-walker";

// Every admin loader and action × every role: the route table is walked, so a route added without a line here
// fails the first test. Allowed calls answer anything but a refusal (a 404 for a made-up id is an answer);
// refused calls answer 403 and leave every table as it was.

const ANY = "any staff account";
type Allowed = readonly Role[] | typeof ANY;
/** `body`: a well-formed form for actions whose reader refuses any other field before the policy's run check. */
type Access = { loader?: Allowed; action?: Allowed; trainerOnTheirRun?: boolean; body?: string };

const OFFICE: readonly Role[] = ["owner", "registrar", "finance", "editor", "viewer"];
const READ_BOOKINGS: readonly Role[] = ["owner", "registrar", "finance", "viewer"];
const MANAGE_BOOKINGS: readonly Role[] = ["owner", "registrar"];
const CONTENT: readonly Role[] = ["owner", "editor"];
const MONEY_READ: readonly Role[] = ["owner", "registrar", "finance", "viewer"];
const MONEY_WRITE: readonly Role[] = ["owner", "finance"];
const RUN_READ: readonly Role[] = ["owner", "registrar", "viewer"];

const ACCESS: Record<string, Access> = {
  "routes/shell/layout.tsx": { loader: ANY },
  "routes/shell/index.tsx": { loader: ANY },
  "routes/shell/not-found.tsx": { loader: ANY },
  "routes/staff/account.tsx": { loader: ANY, action: ANY },
  "routes/staff/security.tsx": { loader: ANY, action: ANY },
  "routes/staff/step-up.tsx": { loader: ANY, action: ANY },
  "routes/staff/logout.tsx": { loader: ANY, action: ANY },
  "routes/staff/login.verify.tsx": { loader: ANY, action: ANY },
  "routes/staff/passkey-options.ts": { action: ANY },
  // a trainer signing in lands here and is sent on to "My runs"; the launch checklist's items are accepted by
  // those who replace the sample content
  "routes/back-office/dashboard.tsx": { loader: [...OFFICE, "trainer"], action: CONTENT },
  // a trainer answers the requests sent to them there
  "routes/delivery/my-runs.tsx": { loader: ["trainer"], action: ["trainer"] },
  "routes/delivery/my-fee-statement.ts": { loader: ["trainer"] },
  "routes/staff/staff.tsx": { loader: ["owner"], action: ["owner"] },
  "routes/delivery/run-trainers.ts": { action: MANAGE_BOOKINGS },
  "routes/delivery/run-venue.ts": { action: MANAGE_BOOKINGS },
  // trainers' profiles hold day rates, KRA PINs and M-PESA numbers: the schedulers and finance read them
  "routes/delivery/trainers.tsx": { loader: ["owner", "registrar", "finance"] },
  "routes/delivery/trainer.tsx": { loader: ["owner", "registrar", "finance"], action: MANAGE_BOOKINGS },
  "routes/delivery/trainer-fee-statement.ts": { loader: ["owner", "finance"] },
  "routes/delivery/venues.tsx": { loader: OFFICE, action: MANAGE_BOOKINGS },
  // a run's numbers and the profit reports: those who read money; costs kept by the office and finance
  "routes/delivery/economics-report.tsx": { loader: MONEY_READ },
  "routes/bookings/run-economics.ts": { action: ["owner", "registrar", "finance"] },
  "routes/bookings/run-sessions.ts": { action: MANAGE_BOOKINGS },
  "routes/site/holidays.tsx": { loader: MANAGE_BOOKINGS, action: MANAGE_BOOKINGS },
  "routes/staff/administrators.tsx": { loader: ["owner"], action: ["owner"] },
  "routes/back-office/audit-logs.tsx": { loader: ["owner", "viewer"] },
  "routes/back-office/audit-logs.export.ts": { loader: ["owner"] },
  "routes/back-office/data-requests.tsx": { loader: ["owner"], action: ["owner"] },
  "routes/back-office/data-requests.export.ts": { action: ["owner"] },
  "routes/integrations/api-tokens.tsx": { loader: ["owner"], action: ["owner"] },
  "routes/integrations/webhooks.tsx": { loader: ["owner"], action: ["owner"] },
  "routes/integrations/webhook-endpoint.tsx": { loader: ["owner"], action: ["owner"] },
  "routes/back-office/settings.tsx": { loader: ["owner", "finance"], action: ["owner", "finance"] },
  "routes/site/letterhead.tsx": { loader: ["owner"], action: ["owner"] },
  "routes/back-office/bookings.tsx": { loader: READ_BOOKINGS },
  // the one search: each group only for a role that reads it (bookings or money)
  "routes/back-office/search.tsx": { loader: READ_BOOKINGS },
  // finance may send a booking's documents again (and is refused every other change there)
  "routes/bookings/booking.tsx": { loader: READ_BOOKINGS, action: ["owner", "registrar", "finance"] },
  // the buyer's LPO kept with the booking: read by all who read bookings, uploaded by those who invoice it
  "routes/money/booking-lpo.ts": { loader: READ_BOOKINGS, action: ["owner", "registrar", "finance"] },
  "routes/back-office/registrations.tsx": { loader: READ_BOOKINGS, action: MANAGE_BOOKINGS },
  "routes/back-office/registrations.$id.tsx": { loader: READ_BOOKINGS, action: ["owner", "registrar"] },
  "routes/back-office/registrations.deleted.tsx": { loader: READ_BOOKINGS },
  "routes/back-office/registrations.export.ts": { loader: MANAGE_BOOKINGS },
  "routes/sales/enquiries.tsx": { loader: READ_BOOKINGS },
  "routes/sales/enquiry.tsx": { loader: READ_BOOKINGS, action: MANAGE_BOOKINGS },
  "routes/sales/enquiry.quote.tsx": { loader: MANAGE_BOOKINGS, action: MANAGE_BOOKINGS },
  // the quote form's "Preview PDF": drawn from the typed form, stored nowhere
  "routes/sales/enquiry.quote-preview.ts": { action: MANAGE_BOOKINGS },
  "routes/sales/pipeline.tsx": { loader: READ_BOOKINGS },
  "routes/sales/engagements.tsx": { loader: READ_BOOKINGS },
  // marking a milestone reached issues its invoice: finance may; planning and cancelling are the office's
  "routes/sales/engagement.tsx": { loader: READ_BOOKINGS, action: ["owner", "registrar", "finance"] },
  "routes/sales/pipeline.export.ts": { loader: MANAGE_BOOKINGS },
  "routes/organisations/organisations.tsx": { loader: READ_BOOKINGS, action: MANAGE_BOOKINGS },
  "routes/organisations/organisations.review.tsx": { loader: READ_BOOKINGS, action: MANAGE_BOOKINGS },
  "routes/organisations/organisation.tsx": { loader: READ_BOOKINGS, action: MANAGE_BOOKINGS },
  "routes/back-office/contacts.tsx": { loader: READ_BOOKINGS, action: MANAGE_BOOKINGS },
  "routes/back-office/contacts.deleted.tsx": { loader: READ_BOOKINGS },
  "routes/back-office/contacts.export.ts": { loader: MANAGE_BOOKINGS },
  "routes/site/courses.tsx": { loader: OFFICE, action: CONTENT },
  "routes/site/course-new.tsx": { loader: CONTENT, action: CONTENT },
  "routes/site/course-edit.tsx": { loader: OFFICE, action: ["owner", "registrar", "editor"] },
  // finance may invoice a booking from the run page (and is refused anything else there)
  "routes/bookings/course-run.tsx": { loader: READ_BOOKINGS, action: ["owner", "registrar", "finance"] },
  "routes/site/testimonials.tsx": { loader: OFFICE, action: CONTENT },
  "routes/site/clients.tsx": { loader: OFFICE, action: CONTENT },
  "routes/site/facilitators.tsx": { loader: OFFICE, action: CONTENT },
  "routes/site/content.tsx": { loader: OFFICE, action: CONTENT },
  "routes/site/portraits.tsx": { loader: OFFICE, action: CONTENT },
  "routes/site/documents.tsx": { loader: OFFICE, action: CONTENT },
  "routes/site/images.tsx": { loader: OFFICE, action: CONTENT },
  "routes/site/gallery.tsx": { loader: OFFICE, action: CONTENT },
  "routes/money/finance.tsx": { loader: MONEY_READ, action: MONEY_WRITE },
  // KRA's messages and the retry are finance's work
  "routes/money/finance-tax-invoices.tsx": { loader: MONEY_WRITE, action: MONEY_WRITE },
  "routes/money/finance-payments.tsx": { loader: MONEY_READ, action: MONEY_WRITE },
  // discounts: the office reads the rules and codes it quotes; finance sets them (decision 0750)
  "routes/money/finance-discounts.tsx": { loader: MONEY_READ, action: MONEY_WRITE },
  // selling offices: read by all who read money; changed by owner and finance (issue 52, decision 0790)
  "routes/offices/offices.tsx": { loader: MONEY_READ, action: MONEY_WRITE },
  "routes/money/finance-imports.tsx": { loader: MONEY_READ, action: MONEY_WRITE },
  "routes/money/finance-import.tsx": { loader: MONEY_READ, action: MONEY_WRITE },
  "routes/money/finance.export.ts": { loader: MONEY_WRITE },
  // withholding certificates: recorded and voided by finance (decision 0746); statements read by all who read money
  "routes/money/finance-withholding.tsx": { loader: MONEY_READ, action: MONEY_WRITE },
  "routes/money/withholding-certificate-file.ts": { loader: MONEY_READ },
  "routes/money/finance-statement.tsx": { loader: MONEY_READ },
  "routes/money/statement-file.ts": { loader: MONEY_READ },
  "routes/money/tax-invoice-file.ts": { loader: MONEY_READ },
  "routes/delivery/run-attendance.tsx": {
    loader: RUN_READ,
    action: MANAGE_BOOKINGS,
    trainerOnTheirRun: true,
    body: `id=${crypto.randomUUID()}&day=2099-01-05&present=true`,
  },
  "routes/delivery/run-certificates.tsx": {
    loader: RUN_READ,
    action: MANAGE_BOOKINGS,
    trainerOnTheirRun: true,
    body: `intent=revoke&id=${crypto.randomUUID()}&reason=made-up`,
  },
  "routes/delivery/run-certificate-file.ts": { loader: RUN_READ, trainerOnTheirRun: true },
  "routes/delivery/run-certificates-zip.ts": { loader: RUN_READ, trainerOnTheirRun: true },
  "routes/delivery/run-sign-in-sheet.ts": { loader: RUN_READ, trainerOnTheirRun: true },
  "routes/delivery/run-feedback.tsx": {
    loader: [...RUN_READ, "editor"],
    action: CONTENT,
    trainerOnTheirRun: true,
  },
  "routes/delivery/run-instructions.tsx": {
    loader: RUN_READ,
    action: MANAGE_BOOKINGS,
    trainerOnTheirRun: true,
  },
  "routes/delivery/run-nita.tsx": {
    loader: ["owner", "registrar", "finance"],
    action: ["owner", "registrar", "finance"],
  },
  "routes/delivery/run-nita-pack.ts": { loader: ["owner", "registrar", "finance"] },
};

let modules: GuardedRoute[];
let run: { id: string; courseId: string };
const cookies = new Map<Role, string>();
const ids = new Map<Role, string>();

/** Every table's rows as one digest: a refused call must leave it as it was. */
async function databaseDigest() {
  const tables = await executeRows<{ name: string }>(
    db(),
    // the session's last-seen time is kept fresh on every request, refused or not
    sql`select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('sessions', '__drizzle_migrations')
      order by table_name`,
  );
  const parts = tables.map(
    ({ name }) =>
      `select '${name}' as t, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as d from "${name}" x`,
  );
  const rows = await executeRows<{ t: string; d: string }>(db(), sql.raw(parts.join(" union all ")));
  return rows.map((r) => `${r.t}:${r.d}`).join(",");
}

/** The address of a route, with this run's ids where it names a course date and made-up ids elsewhere. */
function target(routePath: string, at: { id: string; courseId: string } = run) {
  const params: Record<string, string> = {};
  const url = routePath
    .split("/")
    .map((segment) => {
      if (!segment.startsWith(":") && segment !== "*") return segment;
      const name = segment === "*" ? "*" : segment.slice(1);
      params[name] =
        name === "courseId"
          ? at.courseId
          : name === "runId"
            ? at.id
            : name === "*"
              ? "x"
              : crypto.randomUUID();
      return params[name];
    })
    .join("/");
  return { url: `/${url}`, params };
}

const isRefusal = (value: unknown, anonymous: boolean) => {
  const status =
    value instanceof Response
      ? value.status
      : (value as { type?: string; init?: ResponseInit | null } | null)?.type === "DataWithResponseInit"
        ? ((value as { init?: ResponseInit | null }).init?.status ?? 200)
        : 200;
  const location = value instanceof Response ? (value.headers.get("Location") ?? "") : "";
  if (anonymous) return status === 401 || location.startsWith("/admin/login?redirectTo=");
  return status === 403 || status === 401 || location.startsWith("/admin/login?redirectTo=");
};

async function call(
  route: GuardedRoute,
  kind: "loader" | "action",
  { url, params }: { url: string; params: Record<string, string> },
  cookie?: string,
) {
  const handler = route.module[kind];
  if (!handler) throw new Error(`${route.file} has no ${kind}`);
  const headers: HeadersInit = cookie ? { Cookie: cookie } : {};
  const request =
    kind === "loader"
      ? new Request(`http://localhost${url}`, { headers })
      : new Request(`http://localhost${url}`, {
          method: "POST",
          headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
          body: ACCESS[route.file]?.body ?? "intent=none",
        });
  try {
    return await handler({
      request,
      url: new URL(request.url),
      pattern: url,
      context: requestContext(),
      params,
    });
  } catch (thrown) {
    return thrown;
  }
}

async function signIn(role: Role) {
  const user = { id: ids.get(role) as string, email: `${role}@mafunzo.test`, roles: [role] };
  cookies.set(role, sessionCookie(await startSession(db(), user, requestContext())));
}

beforeAll(async () => {
  await resetAccessTables();
  modules = await importAdminRoutes();
  const [first] = await db()
    .select({ id: courseRuns.id, courseId: courseRuns.courseId })
    .from(courseRuns)
    .limit(1);
  if (!first) throw new Error("the seed has no course run");
  run = first;
  for (const role of ROLES) {
    const [user] = await db()
      .insert(users)
      .values({ email: `${role}@mafunzo.test`, passwordHash: "x", roles: [role] })
      .returning({ id: users.id });
    if (!user) throw new Error("no user");
    ids.set(role, user.id);
    await signIn(role);
  }
});

describe("the route × role matrix", () => {
  it("names every admin loader and action of the route table", () => {
    const missing: string[] = [];
    for (const route of adminRoutes()) {
      const access = ACCESS[route.file];
      const module = modules.find((m) => m.file === route.file)?.module;
      if (module?.loader && !access?.loader) missing.push(`${route.file} loader`);
      if (module?.action && !access?.action) missing.push(`${route.file} action`);
    }
    expect(missing).toEqual([]);
  });

  it("answers each role what the policy allows, refuses the rest with 403 and changes nothing", async () => {
    const wrong: string[] = [];
    for (const route of modules) {
      const access = ACCESS[route.file];
      if (!access) continue;
      for (const kind of ["loader", "action"] as const) {
        const allowed = access[kind];
        if (!route.module[kind] || !allowed) continue;
        const url = target(route.path ?? route.url);
        for (const role of ROLES) {
          const expectAllowed = allowed === ANY || allowed.includes(role);
          const before = expectAllowed ? "" : await databaseDigest();
          const result = await call(route, kind, url, cookies.get(role));
          // signing out ends the session: the next calls need a new one
          if (route.file === "routes/staff/logout.tsx" && kind === "action") await signIn(role);
          if (result instanceof Error) {
            wrong.push(`${route.file} ${kind} as ${role}: threw ${result.message}`);
            continue;
          }
          const refused = isRefusal(result, false);
          if (expectAllowed && refused) wrong.push(`${route.file} ${kind} as ${role}: refused`);
          if (!expectAllowed) {
            if (!refused) wrong.push(`${route.file} ${kind} as ${role}: allowed`);
            else if ((await databaseDigest()) !== before)
              wrong.push(`${route.file} ${kind} as ${role}: changed data`);
          }
        }
        const anonymous = await call(route, kind, url);
        if (!isRefusal(anonymous, true)) wrong.push(`${route.file} ${kind} anonymous: not refused`);
      }
    }
    expect(wrong).toEqual([]);
    // every route × every role, with a database digest around each refusal: it grows with the route table
  }, 120_000);

  it("lets a trainer at the runs assigned to them, and at no other", async () => {
    const trainer = ids.get("trainer") as string;
    await db().insert(runTrainers).values({ runId: run.id, userId: trainer });
    const [other] = await db()
      .select({ id: courseRuns.id, courseId: courseRuns.courseId })
      .from(courseRuns)
      .where(sql`${courseRuns.id} <> ${run.id}`)
      .limit(1);
    if (!other) throw new Error("the seed has one course run only");
    const wrong: string[] = [];
    for (const route of modules) {
      const access = ACCESS[route.file];
      if (!access?.trainerOnTheirRun) continue;
      for (const kind of ["loader", "action"] as const) {
        if (!route.module[kind] || !access[kind]) continue;
        const own = target(route.path ?? route.url);
        const mayDo =
          kind === "loader" ||
          !["routes/delivery/run-feedback.tsx", "routes/delivery/run-instructions.tsx"].includes(route.file);
        if (isRefusal(await call(route, kind, own, cookies.get("trainer")), false) === mayDo) {
          wrong.push(`${route.file} ${kind} on their run: ${mayDo ? "refused" : "allowed"}`);
        }
        const elsewhere = target(route.path ?? route.url, other);
        const before = await databaseDigest();
        if (!isRefusal(await call(route, kind, elsewhere, cookies.get("trainer")), false)) {
          wrong.push(`${route.file} ${kind} on another run: allowed`);
        } else if ((await databaseDigest()) !== before) {
          wrong.push(`${route.file} ${kind} on another run: changed data`);
        }
      }
    }
    await db().delete(runTrainers);
    expect(wrong).toEqual([]);
  });
});
