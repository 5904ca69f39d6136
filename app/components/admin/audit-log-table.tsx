import type { AuditLogRow } from "#app/models/audit-log.server";
import { shortRecordId } from "#app/schemas/audit-log";
import { formatDateTime } from "#app/utils/datetime";

type Row = Omit<AuditLogRow, "createdAt"> & { createdAt: Date | string };

function Json({ label, value }: { label: string; value: unknown }) {
  return (
    <div className="min-w-0 flex-1">
      <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</p>
      <pre className="mt-1 max-h-80 overflow-auto rounded-md bg-slate-900 p-3 text-xs text-slate-100">
        {value === null || value === undefined ? "null" : JSON.stringify(value, null, 2)}
      </pre>
    </div>
  );
}

/** Spec §2: Timestamp, Action, Table, Record ID (8 characters and an ellipsis), Changes (View Changes). */
export function AuditLogTable({ rows, loading }: { rows: Row[]; loading: boolean }) {
  const cell = "px-4 py-3 align-top";
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
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
        <tbody className="divide-y divide-slate-200 bg-white">
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
              <tr key={row.id} data-testid="audit-row">
                <td className={`${cell} whitespace-nowrap text-slate-600`}>
                  <time dateTime={new Date(row.createdAt).toISOString()}>
                    {formatDateTime(row.createdAt)}
                  </time>
                </td>
                <td className={`${cell} font-medium text-slate-900`}>
                  {row.action}
                  {row.actorEmail ? (
                    <span className="block text-xs font-normal text-slate-500">{row.actorEmail}</span>
                  ) : null}
                </td>
                <td className={`${cell} font-mono text-xs`}>{row.tableName}</td>
                <td className={`${cell} font-mono text-xs`} title={row.recordId ?? undefined}>
                  {shortRecordId(row.recordId)}
                </td>
                <td className={cell}>
                  {row.oldValues !== null || row.newValues !== null ? (
                    <details>
                      <summary className="cursor-pointer font-semibold text-brand-700">View Changes</summary>
                      <div className="mt-2 flex w-[min(48rem,80vw)] flex-col gap-3 md:flex-row">
                        <Json label="Before" value={row.oldValues} />
                        <Json label="After" value={row.newValues} />
                      </div>
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
