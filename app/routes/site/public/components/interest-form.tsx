import { PersonFields, PublicForm } from "#app/components/public/form-controls";
import { usePublicForm } from "#app/components/public/use-public-form";
import type { FormResult } from "#app/site/index";

/** "Notify me of new dates" for a course with no upcoming run; it posts to the course page's action. */
export function InterestForm({
  slug,
  formKey,
  serverResult,
}: {
  slug: string;
  formKey: string;
  serverResult?: FormResult;
}) {
  const form = usePublicForm("interest", formKey, serverResult);
  return (
    <PublicForm
      form={form}
      action={`/courses/${slug}`}
      label="Notify me of new dates"
      submitLabel="Notify me of new dates"
      busyLabel="Saving..."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <PersonFields form={form} phone={false} organization={false} />
      </div>
    </PublicForm>
  );
}
