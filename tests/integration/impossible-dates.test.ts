import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/platform/db/client.server";
import * as listRoute from "#app/routes/back-office/registrations";
import * as exportRoute from "#app/routes/back-office/registrations.export";
import * as courseEdit from "#app/routes/site/course-edit";
import { courseRuns, courses } from "#app/site/tables.server";
import { answer, signedInAdmin } from "../helpers/admin-session";

// One date reader for the whole app (app/utils/calendar-date.ts): year 0000 is a date to JavaScript but not to
// PostgreSQL, and 2026-02-30 is one to neither; neither may reach the database, from any screen.

let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  admin = await signedInAdmin();
});

describe("impossible dates in the back office", () => {
  it.each(["0000-01-01", "2026-02-30", "9999-12-31"])(
    "the registrations list and its export ignore from=%s rather than fail",
    async (day) => {
      const list = await answer(() =>
        listRoute.loader(admin.args(`/admin/registrations?from=${day}&to=${day}`) as never),
      );
      expect(list.status).toBe(200);
      const csv = (await exportRoute.loader(
        admin.args(`/admin/registrations/export?from=${day}`) as never,
      )) as Response;
      expect(csv.status).toBe(200);
      expect(await csv.text()).toMatch(/^\uFEFF?Reference,/);
    },
  );

  it.each([
    ["startDate", { startDate: "2026-02-30", endDate: "2026-03-02" }],
    ["endDate", { startDate: "2026-04-27", endDate: "2026-04-31" }],
    ["startDate", { startDate: "0000-01-01", endDate: "2026-04-30" }],
  ])(
    "a course run with an impossible %s is refused on that field and nothing is stored",
    async (field, dates) => {
      const [course] = await db().select({ id: courses.id }).from(courses).limit(1);
      const id = course?.id as string;
      const before = await db().$count(courseRuns, eq(courseRuns.courseId, id));
      const refused = await answer(() =>
        courseEdit.action(
          admin.args(
            `/admin/courses/${id}`,
            { form: { intent: "create-run", ...dates } },
            { courseId: id },
          ) as never,
        ),
      );
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.data)).toContain(`"${field}":["Not a real date"]`);
      expect(await db().$count(courseRuns, eq(courseRuns.courseId, id))).toBe(before);
    },
  );
});
