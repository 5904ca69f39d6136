import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { PageHeader } from "#app/components/admin/page-header";
import { useErrorToast } from "#app/components/admin/use-error-toast";
import { readForm } from "#app/platform/forms/form-input.server";
import { CourseForm } from "#app/routes/site/components/course-form";
import { CourseSchema } from "#app/site/index";
import { saveCourseSubmission } from "#app/site/index.server";
import { canEditContent } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";
import type { Route } from "./+types/course-new";

export const meta: Route.MetaFunction = () => [{ title: "Add Course | Mafunzo Admin" }];

export async function loader(args: Route.LoaderArgs) {
  await requireAllowed(args, canEditContent);
  return null;
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAllowed(args, canEditContent);
  return saveCourseSubmission(admin, await readForm(args.request, CourseSchema, { extra: ["intent"] }));
}

export default function NewCourse({ actionData }: Route.ComponentProps) {
  useErrorToast(actionData);
  return (
    <div className="max-w-4xl">
      <Link to="/admin/courses" className="mb-4 inline-flex items-center gap-1 text-sm text-brand-700">
        <ArrowLeft aria-hidden className="size-4" /> All courses
      </Link>
      <PageHeader
        title="Add Course"
        description="Course dates (with their venues) can be added once the course is saved."
      />
      <CourseForm lastResult={actionData?.result} submitLabel="Add Course" />
    </div>
  );
}
