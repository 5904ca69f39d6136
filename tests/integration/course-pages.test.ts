import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/platform/db/client.server";
import * as courseEdit from "#app/routes/site/course-edit";
import * as courseNew from "#app/routes/site/course-new";
import { loader as courseLoader } from "#app/routes/site/public/courses.course";
import { courses } from "#app/site/tables.server";
import { seedCourses } from "#app/site/testing.server";
import { answer, routeArgs, signedInAdmin } from "../helpers/admin-session";

// Issue 49 item 3: what a buyer decides on is on every seeded course page, and the course editor holds each part.

const page = (slug: string) => courseLoader(routeArgs(`/courses/${slug}`, {}, { slug }) as never);

describe("every seeded course page", () => {
  it("has objectives, who should attend, an outline covering each day and a method; no two share objectives", async () => {
    const seen = new Map<string, string>();
    let counted = 0;
    for (const seeded of seedCourses) {
      const { course, outline } = await page(seeded.slug);
      expect(course.objectives.length, `${seeded.slug}: objectives`).toBeGreaterThanOrEqual(3);
      expect(course.targetAudience?.length ?? 0, `${seeded.slug}: who should attend`).toBeGreaterThan(60);
      expect(course.method?.length ?? 0, `${seeded.slug}: method`).toBeGreaterThan(60);
      expect(outline.length, `${seeded.slug}: outline`).toBeGreaterThan(0);
      // the outline describes the course's every day, in order, none empty
      expect(course.outline.at(-1)?.toDay, `${seeded.slug}: outline length`).toBe(course.durationDays);
      for (const day of course.outline)
        expect(day.topics.length, `${seeded.slug} ${day.title}`).toBeGreaterThan(0);
      const objectives = course.objectives.join("\n");
      expect(seen.get(objectives), `${seeded.slug} repeats another course's objectives`).toBeUndefined();
      seen.set(objectives, seeded.slug);
      counted += 1;
    }
    expect(counted).toBe(37);
  });

  it("no objective, topic or method is filler copied between courses", async () => {
    const rows = await db()
      .select({ slug: courses.slug, objectives: courses.objectives, method: courses.method })
      .from(courses);
    const objectives = rows.flatMap((row) => row.objectives);
    expect(new Set(objectives).size).toBe(objectives.length);
    const methods = rows.map((row) => row.method);
    expect(new Set(methods).size).toBe(methods.length);
    for (const text of [...objectives, ...methods.map(String)])
      expect(text).not.toMatch(/lorem|ipsum|tbd|todo/i);
  });
});

let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  admin = await signedInAdmin();
});

const form = (overrides: Record<string, string> = {}) => ({
  intent: "save-course",
  title: "Board Secretaries' Practice",
  category: "leadership",
  durationDays: "2",
  cost: "48,000",
  ...overrides,
});

const OUTLINE = "Day 1: The board calendar\n- Annual work plans\n- Notices\n\nDay 2: Minutes\n- Resolutions";

async function newCourse(slug: string) {
  const added = await answer(() =>
    courseNew.action(admin.args("/admin/courses/new", { form: form({ slug }) })),
  );
  expect(added.status).toBe(302);
  return added.location?.split("/").pop() as string;
}

const save = (id: string, fields: Record<string, string>) =>
  answer(() =>
    courseEdit.action(admin.args(`/admin/courses/${id}`, { form: form(fields) }, { courseId: id })),
  );

const stored = async (id: string) => {
  const [row] = await db().select().from(courses).where(eq(courses.id, id));
  return row;
};

describe("the course editor holds each part a buyer reads", () => {
  it("saves the outline by day, the method and the CPD points, and the page shows them", async () => {
    const id = await newCourse("board-secretaries-practice");
    const saved = await save(id, {
      slug: "board-secretaries-practice",
      targetAudience: "Company secretaries and board administrators of SACCOs and state corporations",
      objectives: "Plan a board year\nWrite minutes the board approves",
      outline: OUTLINE,
      method: "  Worked examples from real board packs  ",
      certificate: "Certificate of participation",
      cpdPoints: "10 CPD points (ICS Kenya)",
    });
    expect(saved.status).toBe(302);
    expect(await stored(id)).toMatchObject({
      outline: [
        { fromDay: 1, toDay: 1, title: "The board calendar", topics: ["Annual work plans", "Notices"] },
        { fromDay: 2, toDay: 2, title: "Minutes", topics: ["Resolutions"] },
      ],
      method: "Worked examples from real board packs",
      cpdPoints: "10 CPD points (ICS Kenya)",
    });
    const shown = await page("board-secretaries-practice");
    expect(shown.outline).toEqual([
      { heading: "Day 1: The board calendar", topics: ["Annual work plans", "Notices"] },
      { heading: "Day 2: Minutes", topics: ["Resolutions"] },
    ]);
    expect(shown.course).toMatchObject({
      method: "Worked examples from real board packs",
      certificate: "Certificate of participation. CPD: 10 CPD points (ICS Kenya)",
    });

    // emptied, each part is gone rather than kept as an empty heading's text
    expect((await save(id, { slug: "board-secretaries-practice" })).status).toBe(302);
    expect(await stored(id)).toMatchObject({ outline: [], method: null, cpdPoints: null, objectives: [] });
    expect((await page("board-secretaries-practice")).outline).toEqual([]);
  });

  it("refuses an outline that does not match the course's days, or is malformed, changing nothing", async () => {
    const id = await newCourse("board-secretaries-refusals");
    const before = await stored(id);
    const refused = async (fields: Record<string, string>, field: string, message: string) => {
      const result = await save(id, { slug: "board-secretaries-refusals", ...fields });
      expect(result.status, message).toBe(400);
      expect(result.data).toMatchObject({
        error: "Failed to save course",
        result: { error: { [field]: [message] } },
      });
      expect(await stored(id)).toEqual(before);
    };
    await refused(
      { outline: "Day 1: The board calendar\n- Annual work plans" },
      "outline",
      "The outline ends at day 1 but the course runs 2 days: describe every day",
    );
    await refused(
      { outline: `${OUTLINE}\nDay 3: Extra\n- More` },
      "outline",
      "The outline's Day 3 is past the course's 2 days: change the duration or the outline",
    );
    await refused(
      { outline: "Day 2: Minutes\n- Resolutions" },
      "outline",
      "Line 1: day 2 comes where day 1 should. The outline goes day by day from day 1, with no day missing or repeated",
    );
    await refused(
      { outline: "Board calendar\n- Notices" },
      "outline",
      'Line 1: start the outline with a day\'s heading, such as "Day 1: Reading financial statements"',
    );
    // a value past its field's length never reaches the schema: the form guard refuses it in the field's words
    const tooLong = async (fields: Record<string, string>, message: string) => {
      const thrown = await courseEdit
        .action(
          admin.args(
            `/admin/courses/${id}`,
            { form: form({ slug: "board-secretaries-refusals", ...fields }) },
            {
              courseId: id,
            },
          ),
        )
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(400);
      expect(await (thrown as Response).text()).toBe(message);
      expect(await stored(id)).toEqual(before);
    };
    await tooLong({ method: "m".repeat(1501) }, "Must be at most 1500 characters");
    await tooLong({ cpdPoints: "c".repeat(201) }, "Must be at most 200 characters");
    await tooLong({ outline: "o".repeat(20_001) }, "The outline must be at most 20000 characters");
    await refused(
      { objectives: Array.from({ length: 16 }, (_, i) => `Objective ${i + 1}`).join("\n") },
      "objectives",
      "At most 15 lines, one item per line",
    );
  });

  it("a registrar, who schedules the dates, cannot change a course's content", async () => {
    const id = await newCourse("board-secretaries-readonly");
    const reader = await signedInAdmin({ roles: ["registrar"] });
    const result = await answer(() =>
      courseEdit.action(
        reader.args(`/admin/courses/${id}`, { form: form({ outline: OUTLINE }) }, { courseId: id }),
      ),
    );
    expect(result.status).toBe(403);
    expect((await stored(id))?.outline).toEqual([]);
  });
});
