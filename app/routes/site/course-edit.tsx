import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft, ExternalLink, Trash2 } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import {
  courseHistory,
  createCourseRun,
  deleteCourseRun,
  listCourseInterests,
  listRunsWithHistory,
  updateCourseRun,
} from "#app/bookings/index.server";
import { CourseInterests } from "#app/components/admin/course-interests";
import { PageHeader } from "#app/components/admin/page-header";
import { recordErrorBoundary } from "#app/components/admin/record-not-found";
import { useErrorToast } from "#app/components/admin/use-error-toast";
import { useStaff } from "#app/components/admin/use-staff";
import { StatusBadge } from "#app/components/ui/badge";
import { ConfirmButton } from "#app/components/ui/confirm-button";
import { parseId } from "#app/platform/forms/admin-ids";
import { writeOrReport } from "#app/platform/forms/admin-result.server";
import { readForm } from "#app/platform/forms/form-input.server";
import { redirectWithToast } from "#app/platform/toast.server";
import { ArchiveCourseForm } from "#app/routes/site/components/archive-course-form";
import { CourseForm } from "#app/routes/site/components/course-form";
import { CourseRuns, type RunFormResult } from "#app/routes/site/components/course-runs";
import { CourseRunSchema, CourseSchema } from "#app/site/index";
import {
  courseKeeping,
  deleteCourse,
  findCourseForAdmin,
  listCourseFacilitators,
  type RunWriteOutcome,
  saveCourseSubmission,
  setCourseArchived,
} from "#app/site/index.server";
import { canEditContent, canReadOffice, canScheduleRuns } from "#app/staff/index";
import { type AdminSession, requireAllowed, requireRule } from "#app/staff/index.server";
import type { Route } from "./+types/course-edit";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.course.title ?? "Course"} | Mafunzo Admin` },
];

function notFound(): never {
  throw data("Course not found", { status: 404 });
}

export async function loader(args: Route.LoaderArgs) {
  await requireAllowed(args, canReadOffice);
  const id = parseId(args.params.courseId) ?? notFound();
  const course = (await findCourseForAdmin(id)) ?? notFound();
  const [runs, interests, keptBecause, facilitators] = await Promise.all([
    listRunsWithHistory(id),
    listCourseInterests(id),
    courseKeeping(course, courseHistory),
    listCourseFacilitators(id),
  ]);
  return {
    course,
    runs,
    interests,
    keptBecause,
    facilitators: facilitators.map(({ id, name, title }) => ({ id, name, title })),
  };
}

export const ErrorBoundary = recordErrorBoundary({
  title: "Course not found",
  text: "No course has this address. It may have been deleted, or the link is incomplete.",
  list: "/admin/courses",
  listLabel: "All courses",
});

const RUN_FAILED = "Failed to save the course date";

/** Every answer of this action has this shape, so the page can tell which form an error belongs to. */
type Answer = { error: string; result?: SubmissionResult<string[]>; run?: RunFormResult };
const answer = (body: Answer, status: number) => data(body, { status });

async function saveRun(admin: AdminSession, courseId: string, formData: FormData) {
  const formId = String(formData.get("formId") ?? "run-new");
  const submission = parseWithZod(formData, { schema: CourseRunSchema });
  if (submission.status !== "success") {
    return answer({ run: { formId, result: submission.reply() }, error: RUN_FAILED }, 400);
  }
  const { runId, ...input } = submission.value;
  const write = await writeOrReport(RUN_FAILED, async (): Promise<RunWriteOutcome> => {
    if (runId) return updateCourseRun(admin.actor, courseId, runId, input);
    const run = await createCourseRun(admin.actor, courseId, input);
    return { ok: true, notice: run.notice };
  });
  if (!write.ok) {
    const run = { formId, result: submission.reply({ formErrors: [RUN_FAILED] }) };
    return answer({ run, error: RUN_FAILED }, 500);
  }
  if (!write.value.ok) {
    const { message, status } = write.value;
    const run = { formId, result: submission.reply({ formErrors: [message] }) };
    return answer({ run, error: message }, status);
  }
  return redirectWithToast(`/admin/courses/${courseId}`, {
    title: runId ? "Course date updated successfully" : "Course date added successfully",
    // a run across a public holiday says so: that day is not a session (DESIGN §9)
    ...(write.value.notice ? { description: write.value.notice.trim() } : {}),
  });
}

export async function action(args: Route.ActionArgs) {
  // the course's content is the editors', its runs' dates the registrars': each intent asks its own rule
  const admin = await requireAllowed(args, (staff) => canEditContent(staff) || canScheduleRuns(staff));
  const courseId = parseId(args.params.courseId) ?? notFound();
  const formData = await readForm(args.request, [CourseSchema, CourseRunSchema], {
    extra: ["intent", "formId"],
  });
  switch (formData.get("intent")) {
    case "save-course":
      requireRule(admin, canEditContent);
      return saveCourseSubmission(admin, formData, courseId);
    case "create-run":
    case "update-run":
      requireRule(admin, canScheduleRuns);
      return saveRun(admin, courseId, formData);
    case "delete-run": {
      requireRule(admin, canScheduleRuns);
      const runId = parseId(formData.get("runId"));
      if (!runId) return answer({ error: "Failed to delete the course date" }, 400);
      const write = await writeOrReport("Failed to delete the course date", () =>
        deleteCourseRun(admin.actor, courseId, runId),
      );
      if (!write.ok) return answer({ error: write.error }, 500);
      if (!write.value.ok) return answer({ error: write.value.message }, write.value.status);
      return redirectWithToast(`/admin/courses/${courseId}`, { title: "Course date deleted successfully" });
    }
    case "delete-course": {
      requireRule(admin, canEditContent);
      const write = await writeOrReport("Failed to delete course", () =>
        deleteCourse(admin.actor, courseId, courseHistory),
      );
      if (!write.ok) return answer({ error: write.error }, 500);
      if (!write.value.ok) return answer({ error: write.value.message }, write.value.status);
      return redirectWithToast("/admin/courses", { title: "Course deleted successfully" });
    }
    case "archive":
    case "restore": {
      requireRule(admin, canEditContent);
      const archive = formData.get("intent") === "archive";
      const failed = archive ? "Failed to archive course" : "Failed to restore course";
      const write = await writeOrReport(failed, () => setCourseArchived(admin.actor, courseId, archive));
      if (!write.ok) return answer({ error: write.error }, 500);
      if (!write.value.ok) return answer({ error: write.value.message }, write.value.status);
      return redirectWithToast(`/admin/courses/${courseId}`, {
        title: archive ? "Course archived" : "Course restored",
      });
    }
    default:
      return answer({ error: "Unknown action" }, 400);
  }
}

export default function EditCourse({ loaderData, actionData }: Route.ComponentProps) {
  const { course, runs, interests, keptBecause, facilitators } = loaderData;
  const staff = useStaff();
  const mayEdit = canEditContent(staff);
  const navigation = useNavigation();
  const deleting = navigation.formData?.get("intent") === "delete-course";
  useErrorToast(actionData);
  return (
    <div className="max-w-4xl space-y-6">
      <Link to="/admin/courses" className="inline-flex items-center gap-1 text-sm text-brand-700">
        <ArrowLeft aria-hidden className="size-4" /> All courses
      </Link>
      <PageHeader
        title={course.title}
        badge={<StatusBadge status={course.archivedAt ? "archived" : course.status} />}
        description={
          <a
            href={`/courses/${course.slug}`}
            className="inline-flex items-center gap-1 text-brand-700 underline"
          >
            /courses/{course.slug} <ExternalLink aria-hidden className="size-3" />
          </a>
        }
      />
      {mayEdit ? null : (
        <p className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700">
          Your role reads this course; an editor or an owner changes its content.
        </p>
      )}
      {/* a role that may not change the course sees its form greyed, with nothing to press */}
      <fieldset disabled={!mayEdit} className="min-w-0">
        <CourseForm
          key={new Date(course.updatedAt).toISOString()}
          course={course}
          lastResult={actionData?.result}
          submitLabel="Save Course"
        />
      </fieldset>
      <section
        aria-labelledby="course-facilitators"
        className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
        data-testid="course-facilitators"
      >
        <h2 id="course-facilitators" className="font-semibold text-slate-900">
          Facilitators
        </h2>
        {facilitators.length > 0 ? (
          <ul className="mt-2 space-y-1 text-sm text-slate-700">
            {facilitators.map((facilitator) => (
              <li key={facilitator.id}>
                <span className="font-medium text-slate-900">{facilitator.name}</span>
                {facilitator.title ? `, ${facilitator.title}` : ""}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-slate-600">No active facilitator teaches this course yet.</p>
        )}
        <p className="mt-2 text-sm text-slate-600">
          The course page shows them after its outline. Who teaches which course is chosen on{" "}
          <Link to="/admin/facilitators" className="text-brand-700 underline">
            Facilitators
          </Link>
          .
        </p>
      </section>
      <CourseRuns
        runs={runs}
        lastResult={actionData && "run" in actionData ? actionData.run : undefined}
        canSchedule={canScheduleRuns(staff)}
      />
      <CourseInterests interests={interests} />
      {!mayEdit ? null : keptBecause || course.archivedAt ? (
        <section
          aria-labelledby="keep-course"
          className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
        >
          <h2 id="keep-course" className="font-semibold text-slate-900">
            {course.archivedAt ? "Restore this course" : "Archive this course"}
          </h2>
          <p className="mt-1 text-sm text-slate-600" data-testid="course-kept-because">
            {keptBecause ? `${keptBecause} ` : ""}
            {course.archivedAt
              ? "It is off the website and the registration form. Restoring it makes it active again."
              : "Archiving takes it off the website and the registration form and keeps its history; you can restore it later."}
          </p>
          <div className="mt-3">
            <ArchiveCourseForm
              title={course.title}
              archived={course.archivedAt !== null}
              label={course.archivedAt ? "Restore Course" : "Archive Course"}
            />
          </div>
        </section>
      ) : (
        <section
          aria-labelledby="delete-course"
          className="rounded-xl border border-red-200 bg-white p-4 shadow-sm sm:p-6"
        >
          <h2 id="delete-course" className="font-semibold text-slate-900">
            Delete this course
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Nobody has booked it yet, so it can be deleted: it and its dates leave the site for good.
          </p>
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="delete-course" />
            <ConfirmButton
              message={`Are you sure you want to delete "${course.title}"? Its runs are deleted too.`}
              disabled={deleting}
              variant="outline"
              className="border-red-300 text-clay-600 hover:bg-red-50"
            >
              <Trash2 aria-hidden className="size-4" />
              {deleting ? "Deleting..." : "Delete Course"}
            </ConfirmButton>
          </Form>
        </section>
      )}
    </div>
  );
}
