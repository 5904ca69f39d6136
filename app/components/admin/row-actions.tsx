import { Trash2, Undo2 } from "lucide-react";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { toast } from "#app/components/toast";
import { Button } from "#app/components/ui/button";
import { controlClass } from "#app/components/ui/field";
import { canManageBookings } from "#app/staff/index";
import { cn } from "#app/utils/cn";
import { useStaff } from "./use-staff";

export type RowActionResult = {
  ok: boolean;
  intent: "delete" | "restore" | "status";
  id: string;
  title: string;
  message?: string;
  /** After a status change: the status it had, which Undo sets again. */
  undoStatus?: string;
};

/**
 * Which list a row belongs to: the URL its actions post to and the fetcher keys they share. Rows use
 * shared keyed fetchers, so the toast (and its Undo) is shown by the page even when the row itself has
 * disappeared from the list after the change (decision 0252).
 */
export type RowKind = {
  name: "registration" | "contact";
  action: string;
  /** the statuses a person chooses for a row */
  statuses: readonly string[];
  /** where a status nobody chooses by hand comes from, shown instead of the choice; null for the rest */
  recordedStatusSource?: (status: string) => string | null;
};

const keys = (kind: RowKind) => ({
  remove: `${kind.name}-delete`,
  restore: `${kind.name}-restore`,
  status: `${kind.name}-status`,
});

function useResultToast(result: RowActionResult | undefined, onOk: (result: RowActionResult) => void) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: one toast per answer, not per render
  useEffect(() => {
    if (!result) return;
    if (result.ok) onOk(result);
    else toast.error(result.title, { description: result.message });
  }, [result]);
}

/** Mount once per page: shows the answers of the row actions as toasts, with Undo after a delete. */
export function RowActionToasts({ kind }: { kind: RowKind }) {
  const k = keys(kind);
  const remover = useFetcher<RowActionResult>({ key: k.remove });
  const restorer = useFetcher<RowActionResult>({ key: k.restore });
  const status = useFetcher<RowActionResult>({ key: k.status });
  useResultToast(remover.data, (result) =>
    toast.success(result.title, {
      duration: 10_000,
      action: {
        label: "Undo",
        onClick: () =>
          restorer.submit({ intent: "restore", id: result.id }, { method: "post", action: kind.action }),
      },
    }),
  );
  useResultToast(restorer.data, (result) => toast.success(result.title));
  useResultToast(status.data, (result) => {
    const undoStatus = result.undoStatus;
    toast.success(result.title, {
      description: result.message,
      duration: 10_000,
      action: undoStatus
        ? {
            label: "Undo",
            onClick: () =>
              status.submit(
                { intent: "status", id: result.id, status: undoStatus },
                { method: "post", action: kind.action },
              ),
          }
        : undefined,
    });
  });
  return null;
}

const pendingFor = (fetcher: { state: string; formData?: FormData }, id: string) =>
  fetcher.state !== "idle" && fetcher.formData?.get("id") === id;

/** Deletes at once (spec §5: no question); the toast offers Undo and the row stays restorable for 30 days. */
export function DeleteRowButton({ kind, id, label }: { kind: RowKind; id: string; label: string }) {
  const fetcher = useFetcher<RowActionResult>({ key: keys(kind).remove });
  // registrations and contacts are the registrar's and the owner's to change
  if (!canManageBookings(useStaff())) return null;
  const busy = fetcher.state !== "idle";
  const mine = pendingFor(fetcher, id);
  return (
    <fetcher.Form method="post" action={kind.action}>
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={id} />
      <Button
        type="submit"
        variant="ghost"
        size="sm"
        disabled={busy}
        aria-label={`Delete ${label}`}
        className="min-h-11 text-slate-600"
      >
        <Trash2 aria-hidden className="size-4" />
        {mine ? "Saving..." : "Delete"}
      </Button>
    </fetcher.Form>
  );
}

export function RestoreRowButton({ kind, id, label }: { kind: RowKind; id: string; label: string }) {
  const fetcher = useFetcher<RowActionResult>({ key: keys(kind).restore });
  if (!canManageBookings(useStaff())) return null;
  const mine = pendingFor(fetcher, id);
  return (
    <fetcher.Form method="post" action={kind.action}>
      <input type="hidden" name="intent" value="restore" />
      <input type="hidden" name="id" value={id} />
      <Button
        type="submit"
        variant="outline"
        size="sm"
        disabled={fetcher.state !== "idle"}
        aria-label={`Restore ${label}`}
        className="min-h-11"
      >
        <Undo2 aria-hidden className="size-4" />
        {mine ? "Saving..." : "Restore"}
      </Button>
    </fetcher.Form>
  );
}

/**
 * A status select that saves on change; the Save button is what submits it without JavaScript.
 * The select shows the value being saved while the change is in flight.
 */
export function StatusSelect({
  kind,
  id,
  label,
  status,
  options,
  className,
}: {
  kind: RowKind;
  id: string;
  label: string;
  status: string;
  options: readonly string[];
  className?: string;
}) {
  const fetcher = useFetcher<RowActionResult>({ key: keys(kind).status });
  const mine = pendingFor(fetcher, id);
  const shown = mine ? String(fetcher.formData?.get("status")) : status;
  const selectId = `status-${id}`;
  return (
    <fetcher.Form method="post" action={kind.action} className={cn("flex items-center gap-2", className)}>
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="id" value={id} />
      <label htmlFor={selectId} className="sr-only">
        Status of {label}
      </label>
      <select
        id={selectId}
        name="status"
        value={shown}
        disabled={fetcher.state !== "idle"}
        className={cn(controlClass, "min-h-11 w-auto min-w-40 py-1 capitalize")}
        onChange={(event) => fetcher.submit(event.currentTarget.form)}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      <noscript>
        <Button type="submit" size="sm" variant="outline">
          Save
        </Button>
      </noscript>
      {mine ? <span className="text-xs text-slate-600">Saving...</span> : null}
    </fetcher.Form>
  );
}

type StatusControlProps = { kind: RowKind; row: { id: string; name: string; status: string } };

/** The row's status select, or the text saying where a status nobody chooses by hand comes from. */
export function StatusControl({ kind, row }: StatusControlProps) {
  const recordedSource = kind.recordedStatusSource?.(row.status);
  const mayChange = canManageBookings(useStaff());
  if (!mayChange) {
    return <p className="text-sm capitalize text-slate-700">{row.status.replace(/_/g, " ")}</p>;
  }
  if (recordedSource) {
    return (
      <p data-testid="recorded-status" className="max-w-xs text-xs text-slate-600">
        {recordedSource}
      </p>
    );
  }
  return (
    <StatusSelect kind={kind} id={row.id} label={row.name} status={row.status} options={kind.statuses} />
  );
}

/** A row's status control and delete button side by side, as the cards and the detail page end. */
export function RowActionsBar({ kind, row, className }: StatusControlProps & { className: string }) {
  return (
    <div
      className={cn("flex flex-wrap items-center justify-between border-t border-slate-100 pt-4", className)}
    >
      <StatusControl kind={kind} row={row} />
      <DeleteRowButton kind={kind} id={row.id} label={row.name} />
    </div>
  );
}

/**
 * Without JavaScript a row action posts the page itself and the list renders again with the answer: it is
 * shown here (with JavaScript the same answer is a toast), with the undo of a delete as a plain form.
 */
export function ActionNotice({ kind, result }: { kind: RowKind; result?: RowActionResult }) {
  if (!result) return null;
  return (
    <div
      role={result.ok ? "status" : "alert"}
      className={cn(
        "mb-6 flex flex-wrap items-center justify-between gap-3 rounded-md border p-4",
        result.ok ? "border-green-200 bg-green-50 text-green-900" : "border-red-200 bg-red-50 text-red-800",
      )}
    >
      <p>
        <strong>{result.title}</strong>
        {result.message ? ` ${result.message}` : null}
      </p>
      {result.ok && result.intent === "delete" ? (
        <RestoreRowButton kind={kind} id={result.id} label="the deleted row" />
      ) : null}
    </div>
  );
}
