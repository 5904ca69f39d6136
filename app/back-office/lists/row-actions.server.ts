import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import type { StatusChange } from "#app/back-office/lists/soft-delete.server";
import type { RowActionResult } from "#app/components/admin/row-actions";
import type { AuditActor } from "#app/platform/audit.server";
import { readForm } from "#app/platform/forms/form-input.server";
import { logger } from "#app/platform/logger.server";
import { canManageBookings } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";

type Intent = "delete" | "restore" | "status";
type Parsed = { intent: Intent; id: string; status?: string };

export type RowActionHandlers = {
  remove: (id: string, actor: AuditActor) => Promise<boolean>;
  restore: (id: string, actor: AuditActor) => Promise<boolean>;
  setStatus: (id: string, status: string, actor: AuditActor) => Promise<StatusChange | false>;
};

export type RowActionMessages = {
  deleted: string;
  deleteFailed: string;
  restored: string;
  restoreFailed: string;
  statusUpdated: string;
  statusFailed: string;
};

const outcome = (messages: RowActionMessages, intent: Intent) =>
  ({
    delete: { ok: messages.deleted, failed: messages.deleteFailed },
    restore: { ok: messages.restored, failed: messages.restoreFailed },
    status: { ok: messages.statusUpdated, failed: messages.statusFailed },
  })[intent];

/**
 * The delete / restore / status action shared by the registrations and contacts screens: one form
 * contract (`intent`, `id`, `status`), the spec's messages, 404 when the row is gone, 400 on bad input; the
 * registrar's and owner's work (`canManageBookings`).
 */
export async function handleRowAction(
  args: { request: Request; context: Readonly<RouterContextProvider> },
  schema: z.ZodType<Parsed>,
  handlers: RowActionHandlers,
  messages: RowActionMessages,
) {
  const { actor } = await requireAllowed(args, canManageBookings);
  const form = Object.fromEntries(await readForm(args.request, schema));
  const parsed = schema.safeParse(form);
  const intent: Intent = ["delete", "restore", "status"].includes(String(form.intent))
    ? (form.intent as Intent)
    : "status";
  const text = outcome(messages, intent);
  const reply = (result: RowActionResult, status = 200) => data(result, { status });
  if (!parsed.success) {
    const detail = parsed.error.issues[0]?.message ?? "Invalid request.";
    return reply({ ok: false, intent, id: String(form.id ?? ""), title: text.failed, message: detail }, 400);
  }
  const { id } = parsed.data;
  try {
    const done =
      parsed.data.intent === "delete"
        ? await handlers.remove(id, actor)
        : parsed.data.intent === "restore"
          ? await handlers.restore(id, actor)
          : await handlers.setStatus(id, parsed.data.status as string, actor);
    if (!done) {
      return reply(
        { ok: false, intent, id, title: text.failed, message: "The record no longer exists." },
        404,
      );
    }
    if (typeof done === "object") {
      // whose status became what, and the status Undo puts back
      const status = parsed.data.status as string;
      if (done.previous === status) {
        return reply({ ok: true, intent, id, title: text.ok, message: `${done.name} is already ${status}.` });
      }
      const message = [`${done.name} is now ${status} (was ${done.previous}).`, done.note]
        .filter(Boolean)
        .join(" ");
      return reply({ ok: true, intent, id, title: text.ok, message, undoStatus: done.previous });
    }
    return reply({ ok: true, intent, id, title: text.ok });
  } catch (error) {
    logger.error({ err: error, intent, id }, text.failed);
    return reply(
      { ok: false, intent, id, title: text.failed, message: "An unexpected error occurred." },
      500,
    );
  }
}

/**
 * A list screen's data or, when the database fails, the screen's failure message with a 500 (and a log line),
 * so the page still renders its header and filters around the message.
 */
export async function loadListScreen<Loaded extends object, Failed extends object>(
  load: () => Promise<Loaded>,
  failed: Failed,
  message: string,
) {
  try {
    return { ...(await load()), error: null };
  } catch (error) {
    logger.error({ err: error }, message);
    return data({ ...failed, error: message }, { status: 500 });
  }
}
