import type { SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { DeletedQuerySchema, parseListQuery } from "#app/back-office/lists/admin-lists";
import {
  listDeletedRows,
  purgeExpiredRows,
  restoreRow,
  type SoftTable,
  type StatusChange,
  type StatusFollowUp,
  setRowStatus,
  softDeleteRow,
} from "#app/back-office/lists/soft-delete.server";
import type { RowActionResult } from "#app/components/admin/row-actions";
import type { AuditActor } from "#app/platform/audit.server";
import { readForm } from "#app/platform/forms/form-input.server";
import { logger } from "#app/platform/logger.server";
import { canManageBookings } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";

type Intent = "delete" | "restore" | "status";
type RowAction<Status extends string> = { intent: Intent; id: string; status?: Status };
type RouteArgs = { request: Request; context: Readonly<RouterContextProvider> };

type RowActionMessages = {
  deleted: string;
  deleteFailed: string;
  restored: string;
  restoreFailed: string;
  statusUpdated: string;
  statusFailed: string;
};

/**
 * A list screen of a table whose rows the admin deletes and restores (registrations, contacts): the query its
 * address carries, the row actions it answers with the spec's messages, and those actions, the purge and
 * "Recently deleted" on the table.
 */
export function listScreen<
  Query extends z.ZodType,
  Status extends string,
  Deleted extends Record<string, PgColumn | SQL>,
>(
  table: SoftTable,
  {
    deletedColumns,
    statusFollowUp,
    ...screen
  }: {
    query: Query;
    actions: z.ZodType<RowAction<Status>>;
    messages: RowActionMessages & { fetchFailed: string };
    /** what "Recently deleted" shows of a row, besides when it was deleted */
    deletedColumns: Deleted;
    statusFollowUp?: StatusFollowUp;
  },
) {
  return {
    ...screen,
    remove: (id: string, actor: AuditActor) => softDeleteRow(table, id, actor),
    restore: (id: string, actor: AuditActor) => restoreRow(table, id, actor),
    setStatus: (id: string, status: Status, actor: AuditActor) =>
      setRowStatus(table, id, status, actor, statusFollowUp),
    purgeExpired: (actor: AuditActor) => purgeExpiredRows(table, actor),
    listDeleted: (page: number) => listDeletedRows(table, deletedColumns, page),
  };
}

type RowActions<Status extends string> = {
  actions: z.ZodType<RowAction<Status>>;
  messages: RowActionMessages;
  remove: (id: string, actor: AuditActor) => Promise<boolean>;
  restore: (id: string, actor: AuditActor) => Promise<boolean>;
  setStatus: (
    id: string,
    status: Status,
    actor: AuditActor,
  ) => Promise<StatusChange | { refused: string } | false>;
};

const outcome = (messages: RowActionMessages, intent: Intent) =>
  ({
    delete: { ok: messages.deleted, failed: messages.deleteFailed },
    restore: { ok: messages.restored, failed: messages.restoreFailed },
    status: { ok: messages.statusUpdated, failed: messages.statusFailed },
  })[intent];

/**
 * The delete / restore / status action of a list screen: one form contract (`intent`, `id`, `status`), the
 * spec's messages, 404 when the row is gone, 400 on bad input; the registrar's and owner's work.
 */
export async function handleRowAction<Status extends string>(args: RouteArgs, screen: RowActions<Status>) {
  const { actor } = await requireAllowed(args, canManageBookings);
  const schema = screen.actions;
  const form = Object.fromEntries(await readForm(args.request, schema));
  const parsed = schema.safeParse(form);
  const intent: Intent = ["delete", "restore", "status"].includes(String(form.intent))
    ? (form.intent as Intent)
    : "status";
  const text = outcome(screen.messages, intent);
  const reply = (result: RowActionResult, status = 200) => data(result, { status });
  if (!parsed.success) {
    const detail = parsed.error.issues[0]?.message ?? "Invalid request.";
    return reply({ ok: false, intent, id: String(form.id ?? ""), title: text.failed, message: detail }, 400);
  }
  const { id } = parsed.data;
  try {
    const done =
      parsed.data.intent === "delete"
        ? await screen.remove(id, actor)
        : parsed.data.intent === "restore"
          ? await screen.restore(id, actor)
          : await screen.setStatus(id, parsed.data.status as Status, actor);
    if (!done) {
      return reply(
        { ok: false, intent, id, title: text.failed, message: "The record no longer exists." },
        404,
      );
    }
    if (typeof done === "object" && "refused" in done) {
      return reply({ ok: false, intent, id, title: text.failed, message: done.refused }, 409);
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
 * A list screen's query and data after the purge of expired deleted rows (decision 0251: on read) or, when the
 * database fails, the screen's failure message with a 500 (and a log line), so the page still renders its
 * header and filters around the message.
 */
export async function loadListScreen<Query extends z.ZodType, Loaded extends object, Failed extends object>(
  actor: AuditActor,
  request: Request,
  screen: {
    query: Query;
    messages: { fetchFailed: string };
    purgeExpired: (actor: AuditActor) => Promise<number>;
  },
  load: (query: z.output<Query>) => Promise<Loaded>,
  failed: Failed,
) {
  const query = parseListQuery(screen.query, new URL(request.url));
  const message = screen.messages.fetchFailed;
  try {
    await screen.purgeExpired(actor);
    return { query, ...(await load(query)), error: null };
  } catch (error) {
    logger.error({ err: error }, message);
    return data({ query, ...failed, error: message }, { status: 500 });
  }
}

/** A "Recently deleted" screen's page, after the purge of the rows past the restore window. */
export async function loadDeletedList<Deleted>(
  actor: AuditActor,
  request: Request,
  screen: {
    purgeExpired: (actor: AuditActor) => Promise<number>;
    listDeleted: (page: number) => Promise<Deleted>;
  },
) {
  const { page } = parseListQuery(DeletedQuerySchema, new URL(request.url));
  await screen.purgeExpired(actor);
  return { list: await screen.listDeleted(page) };
}
