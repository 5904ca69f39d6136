import { Link } from "react-router";
import { RowStatusBadge } from "#app/components/admin/list-controls";
import { formatKes } from "#app/utils/cents";

type Row = {
  id: string;
  title: string;
  status: string;
  organisation: string;
  contactName: string;
  totalCents: number;
  invoicedCents: number;
};

/** Engagements with their client, total and what is invoiced of it: the list, and the organisation's and enquiry's. */
export function EngagementList({ rows }: { rows: Row[] }) {
  return (
    <ul
      aria-label="Engagements"
      className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      {rows.map((engagement) => (
        <li
          key={engagement.id}
          data-testid="engagement-row"
          className="flex flex-wrap items-start justify-between gap-2 p-4"
        >
          <div className="min-w-0">
            <Link
              to={`/admin/engagements/${engagement.id}`}
              className="font-semibold text-brand-700 underline wrap-anywhere"
            >
              {engagement.title}
            </Link>
            <p className="text-sm text-slate-600 wrap-anywhere">
              {engagement.organisation} · {engagement.contactName}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <span className="tabular-nums">
              {formatKes(engagement.invoicedCents)} of {formatKes(engagement.totalCents)} invoiced
            </span>
            <RowStatusBadge status={engagement.status} />
          </div>
        </li>
      ))}
    </ul>
  );
}
