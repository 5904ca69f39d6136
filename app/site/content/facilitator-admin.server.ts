import { asc, eq, inArray, isNull } from "drizzle-orm";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { lockRow } from "#app/platform/audited-change.server";
import { db, type Executor } from "#app/platform/db/client.server";
import { type TempFile, UploadError } from "#app/platform/files/upload.server";
import { discardPicture, withPicture } from "#app/site/images/picture.server";
import { courses, facilitatorCourses, facilitators } from "#app/site/tables.server";
import { isActiveTrainer } from "#app/staff/index.server";
import { FACILITATOR_MESSAGES, type FacilitatorInput } from "./facilitator";

const columns = {
  id: facilitators.id,
  name: facilitators.name,
  title: facilitators.title,
  bio: facilitators.bio,
  userId: facilitators.userId,
  imageUrl: facilitators.imageUrl,
  imageWidth: facilitators.imageWidth,
  imageHeight: facilitators.imageHeight,
  imageVariants: facilitators.imageVariants,
  imageStorageKey: facilitators.imageStorageKey,
  status: facilitators.status,
  sortOrder: facilitators.sortOrder,
  createdAt: facilitators.createdAt,
  updatedAt: facilitators.updatedAt,
};

type Row = Awaited<ReturnType<typeof selectRows>>[number];

const selectRows = (executor: Executor) =>
  executor
    .select(columns)
    .from(facilitators)
    .orderBy(asc(facilitators.sortOrder), asc(facilitators.name), asc(facilitators.createdAt));

/** The ids of the courses each of these facilitators teaches. */
async function coursesOf(executor: Executor, ids: string[]) {
  const links = ids.length
    ? await executor
        .select({ facilitatorId: facilitatorCourses.facilitatorId, courseId: facilitatorCourses.courseId })
        .from(facilitatorCourses)
        .where(inArray(facilitatorCourses.facilitatorId, ids))
    : [];
  const byFacilitator = new Map<string, string[]>(ids.map((id) => [id, []]));
  for (const link of links) byFacilitator.get(link.facilitatorId)?.push(link.courseId);
  return byFacilitator;
}

/** Every facilitator, active or not, in the order the public pages show them, with the courses they teach. */
export async function listFacilitatorsForAdmin(executor: Executor = db()) {
  const rows = await selectRows(executor);
  const taught = await coursesOf(
    executor,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, courses: taught.get(row.id) ?? [] }));
}

export type AdminFacilitator = Awaited<ReturnType<typeof listFacilitatorsForAdmin>>[number];

/** What the audit log keeps of a facilitator: everything but the variants, which the picture's key names. */
const audited = ({ imageVariants, ...row }: Row, courseIds: string[]) => ({ ...row, courses: courseIds });

/** The trainer account and the courses a form names must exist: otherwise the admin is told which to fix. */
async function checkLinks(tx: Executor, input: FacilitatorInput) {
  if (input.userId && !(await isActiveTrainer(input.userId, tx))) {
    throw new UploadError(FACILITATOR_MESSAGES.notTrainer);
  }
  const wanted = [...new Set(input.courses)];
  const found = wanted.length
    ? await tx.select({ id: courses.id }).from(courses).where(inArray(courses.id, wanted))
    : [];
  if (found.length !== wanted.length) throw new UploadError(FACILITATOR_MESSAGES.unknownCourse);
  return wanted;
}

async function setCourses(tx: Executor, facilitatorId: string, courseIds: string[]) {
  await tx.delete(facilitatorCourses).where(eq(facilitatorCourses.facilitatorId, facilitatorId));
  if (courseIds.length) {
    await tx.insert(facilitatorCourses).values(courseIds.map((courseId) => ({ facilitatorId, courseId })));
  }
}

/** Adds a facilitator with their photo, which goes through the image pipeline first, and their courses. */
export async function createFacilitator(actor: AuditActor, input: FacilitatorInput, file: TempFile) {
  const { courses: _, ...fields } = input;
  return withPicture(file, (picture) => {
    if (!picture) throw new UploadError(FACILITATOR_MESSAGES.needsPhoto);
    return db().transaction(async (tx) => {
      const courseIds = await checkLinks(tx, input);
      const [row] = await tx
        .insert(facilitators)
        .values({ ...fields, ...picture })
        .returning(columns);
      if (!row) throw new Error("Facilitator insert returned no row");
      await setCourses(tx, row.id, courseIds);
      await recordAudit(tx, actor, {
        action: "Created facilitator",
        tableName: "facilitators",
        recordId: row.id,
        newValues: audited(row, courseIds),
      });
      return row;
    });
  });
}

/** Changes a facilitator, their courses, and their photo when a new file came; undefined when there is none. */
export async function updateFacilitator(
  actor: AuditActor,
  id: string,
  input: FacilitatorInput,
  file: TempFile | null,
) {
  const { courses: _, ...fields } = input;
  const saved = await withPicture(file, (picture) =>
    db().transaction(async (tx) => {
      const before = await lockRow(tx, { table: facilitators, columns, where: eq(facilitators.id, id) });
      if (!before) return undefined;
      const courseIds = await checkLinks(tx, input);
      const taughtBefore = (await coursesOf(tx, [id])).get(id) ?? [];
      const [after] = await tx
        .update(facilitators)
        .set({ ...fields, ...picture, updatedAt: new Date() })
        .where(eq(facilitators.id, id))
        .returning(columns);
      if (!after) return undefined;
      await setCourses(tx, id, courseIds);
      await recordAudit(tx, actor, {
        action: "Updated facilitator",
        tableName: "facilitators",
        recordId: id,
        oldValues: audited(before, taughtBefore),
        newValues: audited(after, courseIds),
      });
      return { before, after };
    }),
  );
  if (saved && file) await discardPicture(saved.before);
  return saved?.after;
}

/** Deletes the facilitator (their course links go with them), then the files of their photo. */
export async function deleteFacilitator(actor: AuditActor, id: string) {
  const deleted = await db().transaction(async (tx) => {
    const before = await lockRow(tx, { table: facilitators, columns, where: eq(facilitators.id, id) });
    if (!before) return undefined;
    const taught = (await coursesOf(tx, [id])).get(id) ?? [];
    await tx.delete(facilitators).where(eq(facilitators.id, id));
    await recordAudit(tx, actor, {
      action: "Deleted facilitator",
      tableName: "facilitators",
      recordId: id,
      oldValues: audited(before, taught),
    });
    return before;
  });
  if (deleted) await discardPicture(deleted);
  return deleted !== undefined;
}

/** The courses a facilitator can be said to teach: every course not archived, by title. */
export async function listFacilitatorCourseChoices(executor: Executor = db()) {
  return executor
    .select({ id: courses.id, title: courses.title })
    .from(courses)
    .where(isNull(courses.archivedAt))
    .orderBy(asc(courses.title));
}
