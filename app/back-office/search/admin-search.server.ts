import { searchBookings, searchParticipants } from "#app/booking/index.server";
import { searchFinanceDocuments, searchPayments } from "#app/money/index.server";
import { searchOrganisations } from "#app/organisations/index.server";
import { searchText } from "#app/platform/search/search-text.server";
import { canReadBookings, canReadMoney, type Staff } from "#app/staff/index";
import { formatMinor, type MinorCurrency } from "#app/utils/minor-units";
import type { SearchGroup, SearchHit } from "./admin-search";

const joined = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(" · ");
const bookingHref = (reference: string) => `/admin/bookings/${encodeURIComponent(reference)}`;

/**
 * The office's one search (issue 49): each feature searches its own records through its surface, and only the
 * kinds the signed-in role may read are searched at all. Groups with nothing found are left out.
 */
export async function adminSearch(staff: Staff, typed: string): Promise<SearchGroup[]> {
  const search = searchText(typed);
  const people = canReadBookings(staff);
  const money = canReadMoney(staff);
  const [bookings, participants, organisations, payments, documents] = await Promise.all([
    people ? searchBookings(search) : [],
    people ? searchParticipants(search) : [],
    people ? searchOrganisations(search) : [],
    money ? searchPayments(search) : [],
    money ? searchFinanceDocuments(search) : [],
  ]);
  const groups: SearchGroup[] = [
    {
      kind: "bookings",
      title: "Bookings",
      hits: bookings.map((b) => ({
        title: `${b.reference} · ${b.contactName}`,
        detail: joined(
          b.organisation,
          b.courseTitle,
          `${b.participants} participant${b.participants === 1 ? "" : "s"}`,
          b.status,
        ),
        href: bookingHref(b.reference),
      })),
    },
    {
      kind: "participants",
      title: "Participants",
      hits: participants.map((p) => ({
        title: p.name,
        detail: joined(p.bookingReference, p.organisation, p.courseName, p.status),
        href: `/admin/registrations/${p.id}`,
      })),
    },
    {
      kind: "organisations",
      title: "Organisations",
      hits: organisations.map((o) => ({
        title: o.name,
        detail: joined(o.kraPin ? `KRA PIN ${o.kraPin}` : null, o.type),
        href: `/admin/organisations/${o.id}`,
      })),
    },
    {
      kind: "payments",
      title: "Payments",
      hits: payments.map(
        (p): SearchHit => ({
          title: joined(p.transactionCode ?? p.method, formatMinor(p.amountCents, "KES")),
          detail: joined(
            p.payer,
            `received ${p.receivedOn}`,
            p.bookingReference ?? "not yet matched to a booking",
          ),
          href: p.bookingReference
            ? bookingHref(p.bookingReference)
            : "/admin/finance/payments?view=unmatched",
        }),
      ),
    },
    {
      kind: "documents",
      title: "Invoices, receipts and credit notes",
      hits: documents.map((d) => ({
        title: d.number,
        detail: joined(
          d.kind,
          `issued ${d.issuedOn}`,
          formatMinor(d.totalCents, d.currency as MinorCurrency),
          d.bookingReference,
        ),
        href: bookingHref(d.bookingReference),
      })),
    },
  ];
  return groups.filter((group) => group.hits.length > 0);
}
