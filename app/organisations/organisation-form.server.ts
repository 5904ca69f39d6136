import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { AuditActor } from "#app/platform/audit.server";
import { redirectWithToast } from "#app/platform/toast.server";
import { OrganisationSchema } from "./organisation";
import { createOrganisation, updateOrganisation } from "./organisation.server";

const FAILED = "Organisation not saved";

/**
 * The save step shared by "add organisation" and an organisation's page: validate, write with its audit row,
 * and answer with a redirect to its page and a toast, or 400/404/409 with the field errors and the values kept.
 */
export async function saveOrganisationSubmission(actor: AuditActor, formData: FormData, id?: string) {
  const submission = parseWithZod(formData, { schema: OrganisationSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), error: FAILED }, { status: 400 });
  }
  const outcome = id
    ? await updateOrganisation(actor, id, submission.value)
    : await createOrganisation(actor, submission.value);
  if (!outcome.ok) {
    const reply = outcome.field
      ? submission.reply({ fieldErrors: { [outcome.field]: [outcome.message] } })
      : submission.reply({ formErrors: [outcome.message] });
    return data({ result: reply, error: FAILED }, { status: outcome.status });
  }
  return redirectWithToast(`/admin/organisations/${outcome.id}`, { title: outcome.message });
}
