import { ArrowLeft } from "lucide-react";
import { data, Link } from "react-router";
import { z } from "zod";
import { RevealIdNumberSchema } from "#app/back-office/index";
import { findRegistration, revealIdNumber } from "#app/back-office/index.server";
import { ContactLinks } from "#app/components/admin/contact-links";
import { FinanceProfileNotice } from "#app/components/admin/finance-parts";
import { IdNumber, type RevealAnswer } from "#app/components/admin/id-number";
import { RowStatusBadge } from "#app/components/admin/list-controls";
import { PageHeader } from "#app/components/admin/page-header";
import { recordErrorBoundary } from "#app/components/admin/record-not-found";
import { DuplicateMark, REGISTRATION_KIND } from "#app/components/admin/registration-list";
import { RestoreRowButton, RowActionsBar, RowActionToasts } from "#app/components/admin/row-actions";
import { buttonClass } from "#app/components/ui/button";
import { currentFinanceProfileGaps } from "#app/money/index.server";
import { readForm } from "#app/platform/forms/form-input.server";
import { canReadBookings, canSeeIdNumbers } from "#app/staff/index";
import { requireAllowed, staffOf } from "#app/staff/index.server";
import { formatDateTime } from "#app/utils/datetime";
import type { Route } from "./+types/registrations.$id";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.registration.name ?? "Registration"} | Mafunzo Admin` },
];

export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAllowed(args, canReadBookings);
  const id = z.uuid().safeParse(args.params.id);
  const registration = id.success ? await findRegistration(id.data) : undefined;
  if (!registration) throw data("Registration not found", { status: 404 });
  return {
    registration,
    canRevealIdNumber: canSeeIdNumbers(staffOf(admin)),
    financeGaps: await currentFinanceProfileGaps(),
  };
}

/** Reveal: the ID number in full, audited (the roster's Reveal posts here too). */
export async function action(args: Route.ActionArgs) {
  const { actor } = await requireAllowed(args, canSeeIdNumbers);
  const id = z.uuid().safeParse(args.params.id);
  const parsed = RevealIdNumberSchema.safeParse(
    Object.fromEntries(await readForm(args.request, RevealIdNumberSchema)),
  );
  if (!parsed.success) {
    return data<RevealAnswer>(
      { ok: false, message: parsed.error.issues[0]?.message ?? "Unknown action." },
      { status: 400 },
    );
  }
  const outcome = id.success
    ? await revealIdNumber(actor, id.data)
    : ({ ok: false, status: 404, message: "This registration has no ID number." } as const);
  if (!outcome.ok) return data<RevealAnswer>({ ok: false, message: outcome.message }, { status: 404 });
  // never stored by a cache or kept in the browser's history of responses
  return data<RevealAnswer>(outcome, { headers: { "Cache-Control": "no-store" } });
}

export const ErrorBoundary = recordErrorBoundary({
  title: "Registration not found",
  text: "No registration has this address. It may have been deleted for good, or the link is incomplete.",
  list: "/admin/registrations",
  listLabel: "All registrations",
});

const SOURCE_LABELS: Record<string, string> = {
  contact: "Contact page",
  office: "Added by the office to its booking",
  portal: "Added by the booking's contact in their account",
};

export default function RegistrationDetail({ loaderData, actionData }: Route.ComponentProps) {
  const r = loaderData.registration;
  // a reveal posted without JavaScript lands here with the number
  const revealed = actionData?.ok && actionData.id === r.id ? actionData.idNumber : null;
  const deleted = r.deletedAt !== null;
  const facts: [string, string | null][] = [
    ["Reference", r.reference],
    ["Organization", r.organization],
    ["Course", r.courseName],
    ["Course date", r.courseDate],
    ["Venue", r.courseVenue],
    ["Cost", r.courseCost],
    ["Duration", r.courseDuration],
    ["Registered", formatDateTime(r.createdAt)],
    ["Last changed", formatDateTime(r.updatedAt)],
    ["Submitted from", SOURCE_LABELS[r.source] ?? "Registration page"],
  ];
  return (
    <div className="max-w-4xl">
      <RowActionToasts kind={REGISTRATION_KIND} />
      <PageHeader
        title={r.name}
        badge={
          <span className="flex flex-wrap items-center gap-2">
            <RowStatusBadge status={r.status} />
            <DuplicateMark row={r} />
          </span>
        }
        description={
          r.possibleDuplicate ? (
            <Link
              to={`/admin/registrations?q=${encodeURIComponent(r.email)}&duplicates=1`}
              className="text-brand-800 underline"
            >
              Compare with the other registration of {r.email} for this date
            </Link>
          ) : null
        }
        actions={
          <Link to="/admin/registrations" className={buttonClass("outline")}>
            <ArrowLeft aria-hidden className="size-4" />
            All registrations
          </Link>
        }
      />
      <FinanceProfileNotice gaps={loaderData.financeGaps} />
      {deleted ? (
        <div
          role="status"
          className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-md border border-yellow-200 bg-yellow-50 p-4 text-yellow-900"
        >
          <p>This registration was deleted on {formatDateTime(r.deletedAt as Date)}.</p>
          <RestoreRowButton kind={REGISTRATION_KIND} id={r.id} label={r.name} />
        </div>
      ) : null}
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <dt className="text-sm font-medium text-slate-500">Contact</dt>
            <dd className="mt-0.5">
              <ContactLinks name={r.name} email={r.email} phone={r.phone} />
            </dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-slate-500">ID or passport number</dt>
            <dd className="mt-0.5 text-slate-900">
              {r.maskedIdNumber ? (
                <IdNumber
                  registrationId={r.id}
                  name={r.name}
                  masked={r.maskedIdNumber}
                  canReveal={loaderData.canRevealIdNumber}
                  revealed={revealed}
                />
              ) : (
                "—"
              )}
            </dd>
          </div>
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt className="text-sm font-medium text-slate-500">{label}</dt>
              <dd className="mt-0.5 break-words text-slate-900">{value || "—"}</dd>
            </div>
          ))}
          <div className="sm:col-span-2">
            <dt className="text-sm font-medium text-slate-500">Message / special requirements</dt>
            <dd className="mt-0.5 whitespace-pre-wrap text-slate-900">{r.specialRequirements || "—"}</dd>
          </div>
        </dl>
        {deleted ? null : <RowActionsBar kind={REGISTRATION_KIND} row={r} className="mt-6 gap-3" />}
      </div>
    </div>
  );
}
