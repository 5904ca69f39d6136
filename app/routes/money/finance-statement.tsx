import { data } from "react-router";
import { BackLink } from "#app/components/admin/back-link";
import { PageHeader } from "#app/components/admin/page-header";
import { StatementOfAccount } from "#app/components/booking/statement-of-account";
import { bookingStatement, organisationStatement } from "#app/money/index.server";
import { parseId } from "#app/platform/forms/admin-ids";
import { canReadMoney } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";
import type { Route } from "./+types/finance-statement";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Statement of account ${loaderData?.statement.name ?? ""} | Mafunzo Admin` },
];

const REFERENCE = /^MF-[A-Z0-9]{8}$/;

/** An organisation's (?organisation=<id>) or a booking's (?booking=<reference>) statement of account. */
export async function loader(args: Route.LoaderArgs) {
  await requireAllowed(args, canReadMoney);
  const query = new URL(args.request.url).searchParams;
  const id = parseId(query.get("organisation") ?? undefined);
  const typed = query.get("booking")?.toUpperCase() ?? "";
  const reference = REFERENCE.test(typed) ? typed : null;
  const statement = id
    ? await organisationStatement(id)
    : reference
      ? await bookingStatement(reference)
      : null;
  if (!statement) throw data("No such organisation or booking", { status: 404 });
  const pdfUrl = id
    ? `/admin/finance/statement/organisation/${id}`
    : `/admin/finance/statement/booking/${reference}`;
  const back = id
    ? { to: `/admin/organisations/${id}`, label: "Back to the organisation" }
    : { to: `/admin/bookings/${reference}`, label: "Back to the booking" };
  return { statement, pdfUrl, back };
}

export default function FinanceStatement({ loaderData }: Route.ComponentProps) {
  const { statement, pdfUrl, back } = loaderData;
  return (
    <div className="space-y-6">
      <BackLink to={back.to}>{back.label}</BackLink>
      <PageHeader
        title={`Statement of account: ${statement.name}`}
        description="Invoices, credit notes, payments and withholding certificates, with the running balance: the document a client's auditor asks for."
      />
      <StatementOfAccount statement={statement} pdfUrl={pdfUrl} />
    </div>
  );
}
