import { shortRecordId } from "#app/back-office/index";
import type { AuditLogRow } from "#app/back-office/index.server";
import { STACKED } from "#app/components/admin/stacked-table";
import { formatDateTime } from "#app/utils/datetime";
import { AuditChanges } from "./audit-changes";

type Row = Omit<AuditLogRow, "createdAt"> & { createdAt: Date | string };

/** Spec §2: Timestamp, Action, Table, Record ID (8 characters and an ellipsis), Changes (View Changes). */
export function AuditLogTable({ rows, loading }: { rows: Row[]; loading: boolean }) {
  const cell = "px-4 py-3 align-top";
  const stacked = `${STACKED.cell} align-top`;
  return (
    <div className={STACKED.wrapper}>
      <table className={STACKED.table}>
        <thead
          className={`${STACKED.thead} text-left text-xs font-semibold uppercase tracking-wide text-slate-600`}
        >
          <tr>
            <th scope="col" className={cell}>
              Timestamp
            </th>
            <th scope="col" className={cell}>
              Action
            </th>
            <th scope="col" className={cell}>
              Table
            </th>
            <th scope="col" className={cell}>
              Record ID
            </th>
            <th scope="col" className={cell}>
              Changes
            </th>
          </tr>
        </thead>
        <tbody className={STACKED.tbody}>
          {loading ? (
            <tr>
              <td colSpan={5} className="px-4 py-8 text-center text-slate-600" role="status">
                Loading audit logs...
              </td>
            </tr>
          ) : rows.length === 0 ? (
            <tr>
              <td colSpan={5} className="px-4 py-8 text-center text-slate-600">
                No audit logs found.
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.id} data-testid="audit-row" className={STACKED.row}>
                <td className={`${stacked} text-slate-600 md:whitespace-nowrap`} data-label="Timestamp">
                  <time dateTime={new Date(row.createdAt).toISOString()}>
                    {formatDateTime(row.createdAt)}
                  </time>
                </td>
                <td className={`${stacked} font-medium text-slate-900`} data-label="Action">
                  {row.action}
                  {row.actorEmail ? (
                    <span className="block text-xs font-normal text-slate-500">{row.actorEmail}</span>
                  ) : null}
                </td>
                <td className={`${stacked} font-mono text-xs`} data-label="Table">
                  {row.tableName}
                </td>
                <td
                  className={`${stacked} font-mono text-xs`}
                  title={row.recordId ?? undefined}
                  data-label="Record ID"
                >
                  {shortRecordId(row.recordId)}
                </td>
                <td className={`${stacked} md:w-[44rem]`} data-label="Changes">
                  {row.oldValues !== null || row.newValues !== null ? (
                    <details>
                      <summary className="cursor-pointer font-semibold text-brand-700">View Changes</summary>
                      <AuditChanges before={row.oldValues} after={row.newValues} />
                    </details>
                  ) : (
                    <span className="text-slate-400">—</span>
                  )}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
