import { Building2, CalendarDays, Copy } from "lucide-react";
import { Link } from "react-router";
import { DECIDED_REGISTRATION_STATUSES, recordedStatusSource } from "#app/back-office/index";
import type { RegistrationListRow } from "#app/back-office/index.server";
import { CARD_GRID } from "#app/components/admin/page-header";
import { Badge } from "#app/components/ui/badge";
import { cn } from "#app/utils/cn";
import { formatDateTime } from "#app/utils/datetime";
import { BookingLink } from "./booking/booking-link";
import { ContactLinks } from "./contact-links";
import { IconFact, RowStatusBadge, SortHeader, StatusCard } from "./list-controls";
import { DeleteRowButton, RowActionsBar, type RowKind, StatusControl } from "./row-actions";
import { STACKED } from "./stacked-table";

export const REGISTRATION_KIND: RowKind = {
  name: "registration",
  action: "/admin/registrations",
  statuses: DECIDED_REGISTRATION_STATUSES,
  recordedStatusSource,
};

type Order = { sort: string; dir: "asc" | "desc" };

/** The course date and venue, linking to that run's roster when the registration names one. */
function RunCell({ row }: { row: RegistrationListRow }) {
  const text = [row.courseDate ?? "Date to be confirmed", row.courseVenue].filter(Boolean).join(" · ");
  if (!row.runId || !row.courseId) return <p className="text-slate-600">{text}</p>;
  return (
    <Link
      to={`/admin/courses/${row.courseId}/runs/${row.runId}`}
      className="inline-flex items-center text-brand-800 hover:underline"
      aria-label={`${text}: the roster of this course date`}
    >
      {text}
    </Link>
  );
}

/**
 * A participant's name linking to their registration: the heading of a card, in the link colour as the lists
 * show names, or the first line of a roster card.
 */
export function ParticipantName({
  participant,
  heading = false,
}: {
  participant: { id: string; name: string };
  heading?: boolean;
}) {
  const Name = heading ? "h2" : "p";
  return (
    <Name className="font-semibold text-slate-900">
      <Link
        to={`/admin/registrations/${participant.id}`}
        className={cn("inline-flex items-center hover:underline", heading && "text-brand-800")}
      >
        {participant.name}
      </Link>
    </Name>
  );
}

/** The mark of a registration that looks like a second one by the same person for the same date. */
export function DuplicateMark({ row }: { row: { possibleDuplicate: boolean } }) {
  if (!row.possibleDuplicate) return null;
  return (
    <Badge tone="red" className="mt-1 gap-1">
      <Copy aria-hidden className="size-3" />
      Possible duplicate
    </Badge>
  );
}

function CourseWithRun({ row }: { row: RegistrationListRow }) {
  return (
    <>
      <p className="font-medium text-slate-800">{row.courseName}</p>
      <div className="text-sm">
        <RunCell row={row} />
      </div>
    </>
  );
}

/** A table on wide screens; below md each row is a card (the list's default on a phone). */
export function RegistrationTable({ rows, order }: { rows: RegistrationListRow[]; order: Order }) {
  const cell = STACKED.cell;
  return (
    <div className={STACKED.wrapper}>
      <table className={STACKED.table}>
        <caption className="sr-only">Course registrations</caption>
        <thead className={STACKED.thead}>
          <tr>
            <SortHeader label="Name" sort="name" current={order.sort} dir={order.dir} />
            <th scope="col" className="px-4 py-3 text-left font-semibold">
              Contact
            </th>
            <SortHeader label="Course, date and venue" sort="course" current={order.sort} dir={order.dir} />
            <SortHeader label="Registered" sort="created" current={order.sort} dir={order.dir} />
            <SortHeader label="Status" sort="status" current={order.sort} dir={order.dir} />
            <th scope="col" className="px-4 py-3 text-left font-semibold">
              <span className="sr-only">Delete</span>
            </th>
          </tr>
        </thead>
        <tbody className={STACKED.tbody}>
          {rows.map((row) => (
            <tr key={row.id} className={STACKED.row}>
              <td className="px-4 py-3 max-md:flex max-md:items-start max-md:justify-between max-md:gap-3 max-md:px-0 max-md:pt-0">
                <div className="min-w-0">
                  <Link
                    to={`/admin/registrations/${row.id}`}
                    className="inline-flex items-center font-semibold text-brand-800 hover:underline"
                  >
                    {row.name}
                  </Link>
                  <p className="text-xs text-slate-500">
                    <BookingLink reference={row.reference} />
                  </p>
                  {row.organization ? <p className="text-slate-600">{row.organization}</p> : null}
                  <DuplicateMark row={row} />
                </div>
                <span className="md:hidden">
                  <RowStatusBadge status={row.status} />
                </span>
              </td>
              <td className={cell} data-label="Contact">
                <ContactLinks name={row.name} email={row.email} phone={row.phone} />
              </td>
              <td className={cell} data-label="Course">
                <CourseWithRun row={row} />
              </td>
              <td className={`${cell} text-slate-600 md:whitespace-nowrap`} data-label="Registered">
                {formatDateTime(row.createdAt)}
              </td>
              <td className={cell} data-label="Status">
                <div className="flex flex-col items-start gap-2">
                  <span className="max-md:hidden">
                    <RowStatusBadge status={row.status} />
                  </span>
                  <StatusControl kind={REGISTRATION_KIND} row={row} />
                </div>
              </td>
              <td className="px-4 py-3 max-md:flex max-md:justify-end max-md:px-0 max-md:pb-0">
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
        <StatusCard
          key={row.id}
          status={row.status}
          className="p-5"
          head={
            <>
              <ParticipantName participant={row} heading />
              <p className="text-xs text-slate-500">
                <BookingLink reference={row.reference} />
              </p>
              <DuplicateMark row={row} />
            </>
          }
        >
          <div className="mt-3">
            <CourseWithRun row={row} />
          </div>
          <div className="mt-2">
            <ContactLinks name={row.name} email={row.email} phone={row.phone} />
          </div>
          <ul className="mt-2 space-y-1 text-sm text-slate-600">
            {row.organization ? <IconFact icon={Building2}>{row.organization}</IconFact> : null}
            <IconFact icon={CalendarDays}>{formatDateTime(row.createdAt)}</IconFact>
          </ul>
          <RowActionsBar kind={REGISTRATION_KIND} row={row} className="mt-4 gap-2" />
        </StatusCard>
      ))}
    </ul>
  );
}
