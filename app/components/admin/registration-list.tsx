import { Building2, CalendarDays, Mail, Phone } from "lucide-react";
import { Link } from "react-router";
import { CARD_GRID } from "#app/components/admin/page-header";
import { REGISTRATION_STATUSES } from "#app/schemas/admin-lists";
import { formatDateTime } from "#app/utils/datetime";
import { IconFact, RowStatusBadge, SortHeader } from "./list-controls";
import { DeleteRowButton, RowActionsBar, type RowKind, StatusSelect } from "./row-actions";

export const REGISTRATION_KIND: RowKind = { name: "registration", action: "/admin/registrations" };

export type RegistrationListRow = {
  id: string;
  reference: string;
  name: string;
  email: string;
  phone: string | null;
  organization: string | null;
  courseName: string;
  courseDate: string | null;
  courseVenue: string | null;
  courseId: string | null;
  runId: string | null;
  status: string;
  createdAt: string | Date;
};

type Order = { sort: string; dir: "asc" | "desc" };

/** The course date and venue, linking to that run's roster when the registration names one. */
function RunCell({ row }: { row: RegistrationListRow }) {
  const text = [row.courseDate ?? "Date to be confirmed", row.courseVenue].filter(Boolean).join(" · ");
  if (!row.runId || !row.courseId) return <p>{text}</p>;
  return (
    <Link to={`/admin/courses/${row.courseId}/runs/${row.runId}`} className="text-brand-800 hover:underline">
      {text}
    </Link>
  );
}

export function RegistrationTable({ rows, order }: { rows: RegistrationListRow[]; order: Order }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">Course registrations</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <SortHeader label="Name" sort="name" current={order.sort} dir={order.dir} />
            <th scope="col" className="px-4 py-3 text-left font-semibold">
              Contact
            </th>
            <SortHeader label="Course" sort="course" current={order.sort} dir={order.dir} />
            <th scope="col" className="px-4 py-3 text-left font-semibold">
              Date and venue
            </th>
            <SortHeader label="Registered" sort="created" current={order.sort} dir={order.dir} />
            <SortHeader label="Status" sort="status" current={order.sort} dir={order.dir} />
            <th scope="col" className="px-4 py-3 text-left font-semibold">
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.id} className="align-top">
              <td className="px-4 py-3">
                <Link
                  to={`/admin/registrations/${row.id}`}
                  className="font-semibold text-brand-800 hover:underline"
                >
                  {row.name}
                </Link>
                <p className="text-xs text-slate-500">{row.reference}</p>
                {row.organization ? <p className="text-slate-600">{row.organization}</p> : null}
              </td>
              <td className="px-4 py-3 text-slate-700">
                <p>{row.email}</p>
                {row.phone ? <p className="text-slate-500">{row.phone}</p> : null}
              </td>
              <td className="px-4 py-3 text-slate-700">{row.courseName}</td>
              <td className="px-4 py-3 text-slate-700">
                <RunCell row={row} />
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-slate-600">{formatDateTime(row.createdAt)}</td>
              <td className="px-4 py-3">
                <StatusSelect
                  kind={REGISTRATION_KIND}
                  id={row.id}
                  label={row.name}
                  status={row.status}
                  options={REGISTRATION_STATUSES}
                />
              </td>
              <td className="px-4 py-3">
                <DeleteRowButton kind={REGISTRATION_KIND} id={row.id} label={row.name} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function RegistrationCards({ rows }: { rows: RegistrationListRow[] }) {
  return (
    <ul className={CARD_GRID} aria-label="Course registrations">
      {rows.map((row) => (
        <li key={row.id} className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <div className="flex items-start justify-between gap-3">
            <div>
              <h2 className="font-semibold text-slate-900">
                <Link to={`/admin/registrations/${row.id}`} className="text-brand-800 hover:underline">
                  {row.name}
                </Link>
              </h2>
              <p className="text-xs text-slate-500">{row.reference}</p>
            </div>
            <RowStatusBadge status={row.status} />
          </div>
          <p className="mt-3 font-medium text-slate-800">{row.courseName}</p>
          <div className="text-sm text-slate-700">
            <RunCell row={row} />
          </div>
          <ul className="mt-2 space-y-1 text-sm text-slate-600">
            <IconFact icon={Mail}>{row.email}</IconFact>
            {row.phone ? <IconFact icon={Phone}>{row.phone}</IconFact> : null}
            {row.organization ? <IconFact icon={Building2}>{row.organization}</IconFact> : null}
            <IconFact icon={CalendarDays}>{formatDateTime(row.createdAt)}</IconFact>
          </ul>
          <RowActionsBar
            kind={REGISTRATION_KIND}
            row={row}
            options={REGISTRATION_STATUSES}
            className="mt-4 gap-2"
          />
        </li>
      ))}
    </ul>
  );
}
