import { BookOpen, Building2 } from "lucide-react";
import { CONTACT_STATUSES } from "#app/back-office/index";
import type { ContactListRow } from "#app/back-office/index.server";
import { ContactLinks } from "#app/components/admin/contact-links";
import { IconFact, StatusCard } from "#app/components/admin/list-controls";
import { RowActionsBar, type RowKind } from "#app/components/admin/row-actions";
import { formatDateTime } from "#app/utils/datetime";

export const CONTACT_KIND: RowKind = {
  name: "contact",
  action: "/admin/contacts",
  statuses: CONTACT_STATUSES,
};

/** One card per message, the whole message shown (spec: "the full message"). */
export function ContactCards({ rows }: { rows: ContactListRow[] }) {
  return (
    <ul className="grid gap-4 lg:grid-cols-2" aria-label="Contact submissions">
      {rows.map((row) => (
        <StatusCard
          key={row.id}
          status={row.status}
          className="p-5"
          head={
            <>
              <h2 className="font-semibold text-slate-900">{row.name}</h2>
              <p className="text-xs text-slate-500">{formatDateTime(row.createdAt)}</p>
            </>
          }
        >
          <div className="mt-3">
            <ContactLinks name={row.name} email={row.email} phone={row.phone} />
          </div>
          <ul className="mt-1 space-y-1 text-sm text-slate-600">
            {row.organization ? <IconFact icon={Building2}>{row.organization}</IconFact> : null}
            {row.courseInterest ? <IconFact icon={BookOpen}>{row.courseInterest}</IconFact> : null}
          </ul>
          <p className="mt-3 flex-1 whitespace-pre-wrap break-words rounded-md bg-slate-50 p-3 text-sm text-slate-800">
            {row.message || "(no message)"}
          </p>
          <RowActionsBar kind={CONTACT_KIND} row={row} className="mt-4 gap-2" />
        </StatusCard>
      ))}
    </ul>
  );
}
