import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { type AdministratorsActionData, AdministratorsCard } from "#app/components/admin/administrators-card";
import { PageHeader } from "#app/components/admin/page-header";
import { readForm } from "#app/platform/forms/form-input.server";
import { AddAdminSchema, canManageStaff, RemoveAdminSchema } from "#app/staff/index";
import {
  addAdmin,
  loadAdministratorsCard,
  removeAdmin,
  requireAllowed,
  requireRecentVerification,
} from "#app/staff/index.server";
import type { Route } from "./+types/administrators";

export const meta: Route.MetaFunction = () => [{ title: "Administrators | Mafunzo Admin" }];

export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAllowed(args, canManageStaff);
  return loadAdministratorsCard(admin.user.id);
}

/**
 * The card posts here from whichever page shows it (with JavaScript through a fetcher, so the page stays;
 * without it the browser lands on this route, which shows the card with the outcome).
 */
export async function action(args: Route.ActionArgs) {
  const admin = await requireAllowed(args, canManageStaff);
  requireRecentVerification(admin, args.request);
  const formData = await readForm(args.request, [AddAdminSchema, RemoveAdminSchema], { extra: ["intent"] });
  const intent = formData.get("intent");
  if (intent === "add") {
    const intent = "add" as const;
    const submission = parseWithZod(formData, { schema: AddAdminSchema });
    if (submission.status !== "success") {
      return reply({ intent, result: submission.reply({ hideFields: ["password"] }) }, 400);
    }
    const outcome = await addAdmin(admin.actor, submission.value);
    if (!outcome.ok) {
      const errors = outcome.field ? { fieldErrors: { [outcome.field]: [outcome.message] } } : {};
      return reply(
        {
          intent,
          result: submission.reply({ formErrors: outcome.field ? [] : [outcome.message], ...errors }),
          error: outcome.message,
        },
        outcome.status,
      );
    }
    return reply({
      intent,
      result: submission.reply({ resetForm: true }),
      message: `Admin account added: ${outcome.email}`,
    });
  }
  if (intent === "remove") {
    const intent = "remove" as const;
    const submission = parseWithZod(formData, { schema: RemoveAdminSchema });
    if (submission.status !== "success") {
      return reply({ intent, result: submission.reply(), error: "Choose an admin account to remove" }, 400);
    }
    const outcome = await removeAdmin(admin.actor, submission.value.userId);
    if (!outcome.ok) {
      return reply(
        { intent, result: submission.reply({ formErrors: [outcome.message] }), error: outcome.message },
        outcome.status,
      );
    }
    return reply({
      intent,
      result: submission.reply({ resetForm: true }),
      message: `Admin account removed: ${outcome.email}`,
    });
  }
  throw new Response("Unknown action", { status: 400 });
}

function reply(body: AdministratorsActionData, status = 200) {
  return data(body, { status });
}

export default function Administrators({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Administrators" description="Who can sign in to the back office." />
      <AdministratorsCard {...loaderData} lastResult={actionData} />
    </>
  );
}
