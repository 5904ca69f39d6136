import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/platform/db/client.server";
import { adminAuditLogs } from "#app/platform/db/tables.server";
import * as courseEdit from "#app/routes/site/course-edit";
import * as courseNew from "#app/routes/site/course-new";
import * as courseList from "#app/routes/site/courses";
import * as testimonialRoute from "#app/routes/site/testimonials";
import { courseRuns, courses, testimonials } from "#app/site/tables.server";
import { answer, routeArgs, signedInAdmin } from "../helpers/admin-session";

let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  admin = await signedInAdmin();
});

const latestAudit = async (recordId: string) => {
  const [row] = await db()
    .select()
    .from(adminAuditLogs)
    .where(eq(adminAuditLogs.recordId, recordId))
    .orderBy(desc(adminAuditLogs.createdAt))
    .limit(1);
  return row;
};

const courseForm = (overrides: Record<string, string> = {}) => ({
  intent: "save-course",
  title: "Records Management for County Officers",
  category: "county",
  durationDays: "5",
  cost: "65,000",
  ...overrides,
});

describe("courses", () => {
  it("adds a course with defaults, nulls for empty optionals and an audit row", async () => {
    const result = await answer(() =>
      courseNew.action(
        admin.args("/admin/courses/new", { form: courseForm({ category: "", description: "  " }) }),
      ),
    );
    expect(result.status).toBe(302);
    const id = result.location?.split("/").pop() as string;
    const [row] = await db().select().from(courses).where(eq(courses.id, id));
    expect(row).toMatchObject({
      title: "Records Management for County Officers",
      slug: "records-management-for-county-officers",
      category: "management",
      status: "active",
      description: null,
      type: null,
      targetAudience: null,
      imageUrl: null,
      durationDays: 5,
      cost: "65000.00",
      faithGroup: null,
      featured: false,
    });
    const audit = await latestAudit(id);
    expect(audit).toMatchObject({ action: "Created course", tableName: "courses", oldValues: null });
    expect(audit?.newValues).toMatchObject({ id, title: row?.title, cost: "65000.00" });
  });

  it("refuses a missing title and non-numeric cost and duration, storing nothing", async () => {
    const before = (await db().select({ id: courses.id }).from(courses)).length;
    const result = await answer(() =>
      courseNew.action(
        admin.args("/admin/courses/new", {
          form: courseForm({ title: "", cost: "lots", durationDays: "five" }),
        }),
      ),
    );
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({
      error: "Failed to save course",
      result: {
        error: {
          title: ["Title is required"],
          cost: ["Cost must be a number"],
          durationDays: ["Duration must be a number"],
        },
      },
    });
    expect((await db().select({ id: courses.id }).from(courses)).length).toBe(before);
  });

  it("requires a faith group for faith-based courses and drops it for others", async () => {
    const missing = await answer(() =>
      courseNew.action(admin.args("/admin/courses/new", { form: courseForm({ category: "faith" }) })),
    );
    expect(missing.status).toBe(400);
    const ok = await answer(() =>
      courseNew.action(
        admin.args("/admin/courses/new", {
          form: courseForm({ title: "Mentoring Youth Leaders", category: "management", faithGroup: "B" }),
        }),
      ),
    );
    const [row] = await db().select().from(courses).where(eq(courses.slug, "mentoring-youth-leaders"));
    expect(ok.status).toBe(302);
    expect(row?.faithGroup).toBeNull();
  });

  it("edits a course with before/after audit, and refuses a slug another course uses", async () => {
    const [course] = await db()
      .select()
      .from(courses)
      .where(eq(courses.slug, "records-management-for-county-officers"));
    const id = course?.id as string;
    const edited = await answer(() =>
      courseEdit.action(
        admin.args(
          `/admin/courses/${id}`,
          {
            form: courseForm({
              title: "Records and Archives Management",
              slug: "records-and-archives-management",
              status: "inactive",
              highlights: "Filing plans\n\n  Retention schedules  \n",
              featured: "on",
            }),
          },
          { courseId: id },
        ),
      ),
    );
    expect(edited).toMatchObject({ status: 302, location: `/admin/courses/${id}` });
    const [after] = await db().select().from(courses).where(eq(courses.id, id));
    expect(after).toMatchObject({
      slug: "records-and-archives-management",
      status: "inactive",
      highlights: ["Filing plans", "Retention schedules"],
      featured: true,
    });
    const audit = await latestAudit(id);
    expect(audit?.action).toBe("Updated course");
    expect(audit?.oldValues).toMatchObject({
      title: "Records Management for County Officers",
      status: "active",
    });
    expect(audit?.newValues).toMatchObject({ title: "Records and Archives Management", status: "inactive" });

    const clash = await answer(() =>
      courseEdit.action(
        admin.args(
          `/admin/courses/${id}`,
          { form: courseForm({ slug: "strategic-planning-and-performance-management" }) },
          { courseId: id },
        ),
      ),
    );
    expect(clash.status).toBe(409);
    expect(clash.data).toMatchObject({
      result: { error: { slug: ["Another course already uses this slug"] } },
    });
  });

  it("adds, edits and deletes runs, each audited", async () => {
    const [course] = await db()
      .select()
      .from(courses)
      .where(eq(courses.slug, "records-and-archives-management"));
    const id = course?.id as string;
    const path = `/admin/courses/${id}`;
    const bad = await answer(() =>
      courseEdit.action(
        admin.args(
          path,
          { form: { intent: "create-run", startDate: "2025-05-09", endDate: "2025-05-05" } },
          { courseId: id },
        ),
      ),
    );
    expect(bad.status).toBe(400);
    const created = await answer(() =>
      courseEdit.action(
        admin.args(
          path,
          {
            form: {
              intent: "create-run",
              startDate: "2025-05-05",
              endDate: "2025-05-09",
              label: "5th - 9th May 2025",
              venue: "Kisumu, Kenya",
              country: "Kenya",
              deliveryMode: "hybrid",
              capacity: "25",
            },
          },
          { courseId: id },
        ),
      ),
    );
    expect(created.status).toBe(302);
    const [run] = await db().select().from(courseRuns).where(eq(courseRuns.courseId, id));
    expect(run).toMatchObject({ deliveryMode: "hybrid", capacity: 25, status: "open", costOverride: null });
    expect((await latestAudit(run?.id as string))?.action).toBe("Created course run");

    await answer(() =>
      courseEdit.action(
        admin.args(
          path,
          {
            form: { intent: "update-run", runId: run?.id as string, deliveryMode: "virtual", status: "full" },
          },
          { courseId: id },
        ),
      ),
    );
    const audit = await latestAudit(run?.id as string);
    expect(audit).toMatchObject({ action: "Updated course run" });
    expect(audit?.oldValues).toMatchObject({ deliveryMode: "hybrid", status: "open" });
    expect(audit?.newValues).toMatchObject({ deliveryMode: "virtual", status: "full", venue: null });

    const removed = await answer(() =>
      courseEdit.action(
        admin.args(path, { form: { intent: "delete-run", runId: run?.id as string } }, { courseId: id }),
      ),
    );
    expect(removed.status).toBe(302);
    expect(await db().select().from(courseRuns).where(eq(courseRuns.courseId, id))).toEqual([]);
    expect((await latestAudit(run?.id as string))?.action).toBe("Deleted course run");
  });

  it("deletes a course with its runs kept in the audit row", async () => {
    const [course] = await db()
      .select()
      .from(courses)
      .where(eq(courses.slug, "strategic-planning-and-performance-management"));
    const id = course?.id as string;
    const result = await answer(() =>
      courseList.action(admin.args("/admin/courses", { form: { intent: "delete", id } })),
    );
    expect(result).toMatchObject({ status: 302, location: "/admin/courses" });
    expect(await db().select().from(courses).where(eq(courses.id, id))).toEqual([]);
    const audit = await latestAudit(id);
    expect(audit?.action).toBe("Deleted course");
    expect((audit?.oldValues as { runs: unknown[] } | undefined)?.runs.length).toBeGreaterThan(0);
    const again = await answer(() =>
      courseList.action(admin.args("/admin/courses", { form: { intent: "delete", id } })),
    );
    expect(again).toMatchObject({ status: 404, data: { error: "Failed to delete course" } });
  });

  it("lists courses newest first for a signed-in admin", async () => {
    const result = await answer(() => courseList.loader(admin.args("/admin/courses")));
    const list = (result.data as unknown as { courses: { title: string }[] }).courses;
    expect(list.length).toBeGreaterThan(30);
    expect(list[0]?.title).toBe("Mentoring Youth Leaders");
  });
});

describe("testimonials", () => {
  it("adds with rating 5 and active by default, edits and deletes, all audited", async () => {
    const form = {
      intent: "save",
      name: "Grace Wanjiru",
      position: "HR Manager, Kisumu Water",
      course: "HR Analytics",
      content: "Practical and well run.",
    };
    const added = await answer(() => testimonialRoute.action(admin.args("/admin/testimonials", { form })));
    expect(added).toMatchObject({ status: 302, location: "/admin/testimonials" });
    const [row] = await db().select().from(testimonials).where(eq(testimonials.name, "Grace Wanjiru"));
    expect(row).toMatchObject({
      rating: 5,
      status: "active",
      showOnHome: false,
      imageUrl: null,
      sortOrder: 0,
    });
    expect((await latestAudit(row?.id as string))?.action).toBe("Created testimonial");

    await answer(() =>
      testimonialRoute.action(
        admin.args("/admin/testimonials", {
          form: {
            ...form,
            id: row?.id as string,
            rating: "4",
            status: "inactive",
            showOnHome: "on",
            sortOrder: "2",
          },
        }),
      ),
    );
    const audit = await latestAudit(row?.id as string);
    expect(audit?.action).toBe("Updated testimonial");
    expect(audit?.oldValues).toMatchObject({ rating: 5, status: "active", showOnHome: false });
    expect(audit?.newValues).toMatchObject({ rating: 4, status: "inactive", showOnHome: true, sortOrder: 2 });

    const deleted = await answer(() =>
      testimonialRoute.action(
        admin.args("/admin/testimonials", { form: { intent: "delete", id: row?.id as string } }),
      ),
    );
    expect(deleted.status).toBe(302);
    expect((await latestAudit(row?.id as string))?.oldValues).toMatchObject({ name: "Grace Wanjiru" });
  });

  it("refuses missing required fields and a rating outside 1 to 5", async () => {
    const result = await answer(() =>
      testimonialRoute.action(admin.args("/admin/testimonials", { form: { intent: "save", rating: "6" } })),
    );
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({
      error: "Failed to save testimonial",
      result: {
        error: {
          name: ["Name is required"],
          position: ["Position is required"],
          course: ["Course is required"],
          content: ["Content is required"],
          rating: ["Rating must be from 1 to 5"],
        },
      },
    });
  });
});

describe("without a session", () => {
  it("is refused: pages redirect to the login, posts answer 401, and nothing changes", async () => {
    const page = await answer(() => courseList.loader(routeArgs("/admin/courses")));
    expect(page).toMatchObject({ status: 302, location: "/admin/login?redirectTo=%2Fadmin%2Fcourses" });
    const [course] = await db().select({ id: courses.id }).from(courses).limit(1);
    const post = await answer(() =>
      courseList.action(
        routeArgs("/admin/courses", { form: { intent: "delete", id: course?.id as string } }),
      ),
    );
    expect(post.status).toBe(401);
    expect(
      await db()
        .select({ id: courses.id })
        .from(courses)
        .where(eq(courses.id, course?.id as string)),
    ).toHaveLength(1);
    const testimonial = await answer(() =>
      testimonialRoute.action(routeArgs("/admin/testimonials", { form: { intent: "save", name: "x" } })),
    );
    expect(testimonial.status).toBe(401);
  });
});
