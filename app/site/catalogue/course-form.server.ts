import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { writeOrReport } from "#app/platform/forms/admin-result.server";
import { redirectWithToast } from "#app/platform/toast.server";
import { CourseSchema } from "#app/site/catalogue/course";
import { createCourse, SLUG_TAKEN, updateCourse } from "#app/site/catalogue/course-admin.server";
import type { AdminSession } from "#app/staff/index.server";

const FAILED = "Failed to save course";
const ARCHIVED = "This course is archived: restore it to make it active again.";

/**
 * The save step shared by "add course" and "edit course": validate, write with its audit row, and answer
 * with a redirect carrying the spec's toast, or 400/404/500 with the field errors and the values kept.
 */
export async function saveCourseSubmission(admin: AdminSession, formData: FormData, courseId?: string) {
  const submission = parseWithZod(formData, { schema: CourseSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), error: FAILED }, { status: 400 });
  }
  const write = await writeOrReport(FAILED, () =>
    courseId
      ? updateCourse(admin.actor, courseId, submission.value)
      : createCourse(admin.actor, submission.value),
  );
  if (!write.ok)
    return data({ result: submission.reply({ formErrors: [FAILED] }), error: FAILED }, { status: 500 });
  const outcome = write.value;
  if (!outcome.ok) {
    const reply =
      outcome.reason === "slug-taken"
        ? submission.reply({ fieldErrors: { slug: [SLUG_TAKEN] } })
        : outcome.reason === "archived"
          ? submission.reply({ fieldErrors: { status: [ARCHIVED] } })
          : submission.reply({ formErrors: ["This course no longer exists"] });
    return data({ result: reply, error: FAILED }, { status: outcome.reason === "not-found" ? 404 : 409 });
  }
  return redirectWithToast(`/admin/courses/${outcome.course.id}`, {
    title: courseId ? "Course updated successfully" : "Course added successfully",
  });
}
