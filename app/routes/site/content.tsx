import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { ContentSectionForm } from "#app/components/admin/content-section-form";
import { CONTENT_SECTIONS } from "#app/components/admin/content-sections";
import { PageHeader } from "#app/components/admin/page-header";
import { useErrorToast } from "#app/components/admin/use-error-toast";
import { useStaff } from "#app/components/admin/use-staff";
import { loadOrReport, writeOrReport } from "#app/platform/forms/admin-result.server";
import { readForm } from "#app/platform/forms/form-input.server";
import { redirectWithToast } from "#app/platform/toast.server";
import { EDITABLE_CONTENT_KEYS, isEditableContentKey, SITE_CONTENT_SCHEMAS } from "#app/site/index";
import { getSiteContent, updateSiteContentSection } from "#app/site/index.server";
import { canEditContent, canReadOffice } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";
import type { Route } from "./+types/content";

export const meta: Route.MetaFunction = () => [{ title: "Content Management | Mafunzo Admin" }];

const FETCH_FAILED = "Failed to fetch site content";
const SAVE_FAILED = "Failed to save content";

export async function loader(args: Route.LoaderArgs) {
  await requireAllowed(args, canReadOffice);
  const { value, error } = await loadOrReport(
    FETCH_FAILED,
    () => getSiteContent(EDITABLE_CONTENT_KEYS),
    null,
  );
  return { content: value, error };
}

type Answer = { error: string; section?: string; result?: SubmissionResult<string[]> };
const answer = (body: Answer, status: number) => data(body, { status });

export async function action(args: Route.ActionArgs) {
  const admin = await requireAllowed(args, canEditContent);
  const formData = await readForm(args.request, Object.values(SITE_CONTENT_SCHEMAS), {
    extra: ["section", "returnTo"],
  });
  const key = formData.get("section");
  if (!isEditableContentKey(key)) return answer({ error: SAVE_FAILED }, 400);
  const submission = parseWithZod(formData, { schema: SITE_CONTENT_SCHEMAS[key] });
  if (submission.status !== "success") {
    return answer({ section: key, result: submission.reply(), error: SAVE_FAILED }, 400);
  }
  const write = await writeOrReport(SAVE_FAILED, () =>
    updateSiteContentSection(admin.actor, key, submission.value as never),
  );
  if (!write.ok)
    return answer(
      { section: key, result: submission.reply({ formErrors: [SAVE_FAILED] }), error: SAVE_FAILED },
      500,
    );
  const title = CONTENT_SECTIONS.find((s) => s.key === key)?.title ?? key;
  const back =
    formData.get("returnTo") === "settings"
      ? "/admin/settings?section=payments#content-payment"
      : "/admin/content";
  return redirectWithToast(back, { title: "Content updated successfully", description: title });
}

export default function Content({ loaderData, actionData }: Route.ComponentProps) {
  const { content, error } = loaderData;
  useErrorToast(actionData);
  const mayEdit = canEditContent(useStaff());
  return (
    <div className="max-w-5xl">
      <PageHeader
        title="Content Management"
        description="The copy of the public website. Each section saves on its own and shows on the site at once."
        actions={
          <Link to="/admin/content/portraits" className="text-sm font-medium text-brand-700 underline">
            Portraits on the About page
          </Link>
        }
      />
      {error || !content ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-red-800">
          {error ?? FETCH_FAILED}
        </p>
      ) : (
        <div className="space-y-6">
          {CONTENT_SECTIONS.map((section) => (
            <ContentSectionForm
              key={`${section.key}-${JSON.stringify(content[section.key])}`}
              section={section}
              value={content[section.key]}
              lastResult={actionData?.section === section.key ? actionData.result : undefined}
              readOnly={!mayEdit}
            />
          ))}
        </div>
      )}
    </div>
  );
}
