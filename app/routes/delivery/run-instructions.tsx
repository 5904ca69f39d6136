import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form } from "react-router";
import { RunDeliveryHeader } from "#app/components/admin/run-delivery-nav";
import { SaveButton } from "#app/components/admin/save-button";
import { useStaff } from "#app/components/admin/use-staff";
import { InputField, TextareaField } from "#app/components/ui/field";
import { JoiningInstructionsSchema } from "#app/delivery/index";
import {
  requireRun,
  requireRunAllowed,
  requireRunRole,
  saveJoiningInstructions,
  writtenInstructions,
} from "#app/delivery/index.server";
import { readForm } from "#app/platform/forms/form-input.server";
import { getSetting } from "#app/platform/settings/setting.server";
import { redirectWithToast } from "#app/platform/toast.server";
import { canReadRunDelivery, canWriteInstructions } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";
import type { Route } from "./+types/run-instructions";

export const meta: Route.MetaFunction = () => [{ title: "Joining instructions | Mafunzo Admin" }];

export async function loader(args: Route.LoaderArgs) {
  const admin = await requireRunRole(args, canReadRunDelivery);
  const run = await requireRunAllowed(args, admin, canReadRunDelivery);
  const [instructions, reminderDays] = await Promise.all([
    writtenInstructions(run.id),
    getSetting("reminder_days"),
  ]);
  return { run, instructions, reminderDays };
}

export async function action(args: Route.ActionArgs) {
  const { actor } = await requireAllowed(args, canWriteInstructions);
  const formData = await readForm(args.request, JoiningInstructionsSchema);
  const run = await requireRun(args.params);
  const submission = parseWithZod(formData, { schema: JoiningInstructionsSchema });
  if (submission.status !== "success") {
    return data({ errors: submission.reply().error ?? {} }, { status: 400 });
  }
  await saveJoiningInstructions(actor, run.id, submission.value);
  // back to this page as the address bar shows it: a save made with JavaScript is posted to <path>.data
  return redirectWithToast(args.url.pathname, { title: "Joining instructions saved" });
}

export default function RunInstructions({ loaderData, actionData }: Route.ComponentProps) {
  const { run, instructions, reminderDays } = loaderData;
  const errors = (actionData?.errors ?? {}) as Record<string, string[] | null | undefined>;
  const field = (name: keyof NonNullable<typeof instructions>) => ({
    name,
    defaultValue: instructions?.[name] ?? "",
    errors: errors[name],
  });
  const mayWrite = canWriteInstructions(useStaff());
  return (
    <div className="space-y-6">
      <RunDeliveryHeader run={run} title="Joining instructions" />
      <p className="text-sm text-slate-600">
        Sent with every booking confirmation for this date, and again {reminderDays.replaceAll(",", ", ")}{" "}
        days before the first session to each participant still booked.
      </p>
      <Form method="post" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <fieldset disabled={!mayWrite} className="min-w-0 space-y-4">
          <TextareaField label="Where to go (venue, room, directions)" rows={3} {...field("venueDetails")} />
          <InputField
            label="Map link"
            type="url"
            placeholder="https://maps.google.com/…"
            {...field("mapUrl")}
          />
          <InputField label="Start time on the first day" placeholder="08:30" {...field("startTime")} />
          <TextareaField label="Daily timetable" rows={4} {...field("timetable")} />
          <TextareaField label="What to bring" rows={3} {...field("whatToBring")} />
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField label="Contact on the day" {...field("contactName")} />
            <InputField label="Contact phone" type="tel" {...field("contactPhone")} />
          </div>
          {mayWrite ? <SaveButton isMine={(f) => f.has("venueDetails")}>Save instructions</SaveButton> : null}
        </fieldset>
      </Form>
    </div>
  );
}
