import { Pencil, Plus } from "lucide-react";
import { data, Link } from "react-router";
import { courseHasHistory, courseHistory } from "#app/bookings/index.server";
import { LoadError, PageHeader } from "#app/components/admin/page-header";
import { useErrorToast } from "#app/components/admin/use-error-toast";
import { useStaff } from "#app/components/admin/use-staff";
import { Badge } from "#app/components/ui/badge";
import { buttonClass } from "#app/components/ui/button";
import { parseId } from "#app/platform/forms/admin-ids";
import { loadOrReport, writeOrReport } from "#app/platform/forms/admin-result.server";
import { readForm } from "#app/platform/forms/form-input.server";
import { redirectWithToast } from "#app/platform/toast.server";
import { ArchiveCourseForm } from "#app/routes/site/components/archive-course-form";
import { Card, CardActions, CardGrid, CardTitle } from "#app/routes/site/components/card-grid";
import { DeleteCardForm } from "#app/routes/site/components/delete-card-form";
import { deleteCourse, listCoursesForAdmin, setCourseArchived } from "#app/site/index.server";
import { canEditContent, canReadOffice } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";
import { CATEGORY_LABELS } from "#app/utils/course-categories";
import { formatKsh } from "#app/utils/money";
import type { Route } from "./+types/courses";

export const meta: Route.MetaFunction = () => [{ title: "Course Management | Mafunzo Admin" }];

export async function loader(args: Route.LoaderArgs) {
  await requireAllowed(args, canReadOffice);
  const { value, error } = await loadOrReport(
    "Failed to fetch courses",
    () => listCoursesForAdmin(courseHasHistory),
    [],
  );
  return { courses: value, error };
}

const FAILED = { archive: "Failed to archive course", restore: "Failed to restore course" } as const;

export async function action(args: Route.ActionArgs) {
  const admin = await requireAllowed(args, canEditContent);
  const form = await readForm(args.request, [], { extra: ["intent", "id"] });
  const id = parseId(form.get("id"));
  const intent = form.get("intent");
  if (intent === "archive" || intent === "restore") {
    if (!id) return data({ error: FAILED[intent] }, { status: 400 });
    const changed = await writeOrReport(FAILED[intent], () =>
      setCourseArchived(admin.actor, id, intent === "archive"),
    );
    if (!changed.ok) return data({ error: changed.error }, { status: 500 });
    if (!changed.value.ok) return data({ error: changed.value.message }, { status: changed.value.status });
    return redirectWithToast("/admin/courses", {
      title: intent === "archive" ? "Course archived" : "Course restored",
    });
  }
  if (intent !== "delete" || !id) return data({ error: "Failed to delete course" }, { status: 400 });
  const result = await writeOrReport("Failed to delete course", () =>
    deleteCourse(admin.actor, id, courseHistory),
  );
  if (!result.ok) return data({ error: result.error }, { status: 500 });
  if (!result.value.ok) return data({ error: result.value.message }, { status: result.value.status });
  return redirectWithToast("/admin/courses", { title: "Course deleted successfully" });
}

export default function Courses({ loaderData, actionData }: Route.ComponentProps) {
  const { courses, error } = loaderData;
  useErrorToast(actionData);
  const mayEdit = canEditContent(useStaff());
  return (
    <div>
      <PageHeader
        title="Course Management"
        badge={<Badge tone="brand">{courses.length} courses</Badge>}
        description="The catalogue shown on the public site: courses, their course dates and their public details."
        actions={
          mayEdit ? (
            <Link to="/admin/courses/new" className={buttonClass()}>
              <Plus aria-hidden className="size-4" />
              Add Course
            </Link>
          ) : null
        }
      />
      <LoadError error={error} className="mb-4" />
      <CardGrid
        items={courses}
        empty={error ? null : "No courses found. Add your first course to get started."}
      >
        {(course) => (
          <Card key={course.id} data-testid="course-card">
            <CardTitle status={course.archivedAt ? "archived" : course.status}>{course.title}</CardTitle>
            <p className="mt-1 text-sm text-brand-700">
              {CATEGORY_LABELS[course.category]}
              {course.faithGroup ? ` · Category ${course.faithGroup}` : ""}
              {course.featured ? " · Featured" : ""}
            </p>
            {course.description ? (
              <p className="mt-2 line-clamp-3 text-sm text-slate-600">{course.description}</p>
            ) : null}
            <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
              <div>
                <dt className="text-slate-500">Duration</dt>
                <dd className="font-medium">{course.durationDays ? `${course.durationDays} days` : "—"}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Cost</dt>
                <dd className="font-medium">{formatKsh(course.cost)}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Course dates</dt>
                <dd className="font-medium">{course.runs}</dd>
              </div>
            </dl>
            {course.hasHistory ? (
              <p className="mt-2 text-xs text-slate-600">
                {course.archivedAt
                  ? "Archived: off the website, kept with its bookings and documents."
                  : "Has bookings: it can be archived, not deleted."}
              </p>
            ) : null}
            <CardActions>
              <Link
                to={`/admin/courses/${course.id}`}
                className={buttonClass("outline", "sm")}
                aria-label={`${mayEdit ? "Edit" : "Open"} ${course.title}`}
              >
                <Pencil aria-hidden className="size-4" />
                {mayEdit ? "Edit" : "Open"}
              </Link>
              {!mayEdit ? null : course.hasHistory || course.archivedAt ? (
                <ArchiveCourseForm
                  id={course.id}
                  title={course.title}
                  archived={course.archivedAt !== null}
                  label={course.archivedAt ? "Restore" : "Archive"}
                />
              ) : (
                <DeleteCardForm
                  id={course.id}
                  label={course.title}
                  message={`Are you sure you want to delete "${course.title}"? Its runs are deleted too.`}
                  showPending
                />
              )}
            </CardActions>
          </Card>
        )}
      </CardGrid>
    </div>
  );
}
