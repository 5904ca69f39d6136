import { and, count, eq, isNull, ne } from "drizzle-orm";
import { lockRunSeats } from "#app/booking/index.server";
import type { AuditActor } from "#app/platform/audit.server";
import { db } from "#app/platform/db/client.server";
import { courseRegistrations } from "#app/platform/db/schema";
import type { CourseRunInput } from "#app/site/index";
import {
  insertCourseRun,
  lockRun,
  NO_SUCH_RUN,
  type RunWriteOutcome,
  saveCourseRun,
} from "#app/site/index.server";
import { notifyInterestedOfRun } from "../interest/course-interest.server";
import { offerFreeSeats } from "../waiting-list/waitlist-offer.server";

// The office adds or changes a run (the site's run record) and, in the same transaction, what that sets going for
// bookings: the people who asked to hear of new dates are told, and seats a change frees go to the waiting list.

/** Adds a run of the given course; whoever asked to hear of its new dates is e-mailed with it. */
export async function createCourseRun(actor: AuditActor, courseId: string, input: CourseRunInput) {
  return db().transaction(async (tx) => {
    const run = await insertCourseRun(tx, actor, courseId, input);
    await notifyInterestedOfRun(tx, run);
    return run;
  });
}

/** Updates a run of the given course; seats it frees (a larger capacity, no longer full) go to its waiting list. */
export async function updateCourseRun(
  actor: AuditActor,
  courseId: string,
  runId: string,
  input: CourseRunInput,
) {
  return db().transaction(async (tx): Promise<RunWriteOutcome> => {
    const before = await lockRun(tx, courseId, runId);
    if (!before) return NO_SUCH_RUN;
    if (input.status === "cancelled" && before.status !== "cancelled") {
      const [booked] = await tx
        .select({ n: count() })
        .from(courseRegistrations)
        .where(
          and(
            eq(courseRegistrations.runId, runId),
            ne(courseRegistrations.status, "cancelled"),
            isNull(courseRegistrations.deletedAt),
          ),
        );
      // a status alone would leave its participants booked (or waiting) on a date that does not happen
      if (Number(booked?.n ?? 0) > 0) {
        return {
          ok: false,
          status: 409,
          message: `Participants are booked on this course date: use "Cancel this course date" on its page, which tells them and issues the credit notes.`,
        };
      }
    }
    const saved = await saveCourseRun(tx, actor, courseId, before, input);
    if (!saved.ok) return saved;
    const seats = await lockRunSeats(tx, runId);
    if (seats && seats.status !== "cancelled") await offerFreeSeats(tx, seats);
    return saved;
  });
}
