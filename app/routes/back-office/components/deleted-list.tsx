import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { RESTORE_WINDOW_DAYS } from "#app/back-office/index";
import { ListBody, RowStatusBadge } from "#app/components/admin/list-controls";
import { PageHeader } from "#app/components/admin/page-header";
import { RestoreRowButton, RowActionToasts, type RowKind } from "#app/components/admin/row-actions";
import { buttonClass } from "#app/components/ui/button";
import { formatDateTime } from "#app/utils/datetime";

export type DeletedRow = {
  id: string;
  name: string;
  email: string;
  detail: string | null;
  status: string;
  deletedAt: string | Date;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** The "Recently deleted" screen shared by registrations and contacts. */
export function DeletedList({
  kind,
  title,
  backTo,
  backLabel,
  rows,
  page,
}: {
  kind: RowKind;
  title: string;
  backTo: string;
  backLabel: string;
  rows: DeletedRow[];
  page: { page: number; pageCount: number; total: number };
}) {
  return (
    <div>
      <RowActionToasts kind={kind} />
      <PageHeader
        title={title}
        description={`Deleted rows can be restored for ${RESTORE_WINDOW_DAYS} days; after that they are removed for good.`}
        actions={
          <Link to={backTo} className={buttonClass("outline")}>
            <ArrowLeft aria-hidden className="size-4" />
            {backLabel}
          </Link>
        }
      />
      <ListBody
        error={null}
        list={{ ...page, rows }}
        empty={`Nothing was deleted in the last ${RESTORE_WINDOW_DAYS} days.`}
      >
        {() => (
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white shadow-sm">
            {rows.map((row) => {
              const deletedAt = new Date(row.deletedAt);
              const daysLeft = Math.max(
                0,
                Math.ceil((deletedAt.getTime() + RESTORE_WINDOW_DAYS * DAY_MS - Date.now()) / DAY_MS),
              );
              return (
                <li key={row.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                      {row.name} <RowStatusBadge status={row.status} />
                    </p>
                    <p className="break-words text-sm text-slate-600">
                      {row.email}
                      {row.detail ? ` · ${row.detail}` : ""}
                    </p>
                    <p className="text-xs text-slate-500">
                      Deleted {formatDateTime(deletedAt)} · {daysLeft} {daysLeft === 1 ? "day" : "days"} left
                      to restore
                    </p>
                  </div>
                  <RestoreRowButton kind={kind} id={row.id} label={row.name} />
                </li>
              );
            })}
          </ul>
        )}
      </ListBody>
    </div>
  );
}
