import { data, Form, Link } from "react-router";
import { claimOffer, describeOffer, type OfferView } from "#app/bookings/index.server";
import { readForm } from "#app/platform/forms/form-input.server";
import { formatKes } from "#app/utils/cents";
import { formatDateTime } from "#app/utils/datetime";
import type { Route } from "./+types/register.offer";

export const meta: Route.MetaFunction = () => [
  { title: "Your waiting-list place | Mafunzo Training & Consultancy" },
  { name: "robots", content: "noindex" },
];

export async function loader({ params }: Route.LoaderArgs) {
  const offer = await describeOffer(params.token);
  return data(
    { offer },
    { status: offer.state === "unknown" ? 404 : 200, headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, params }: Route.ActionArgs) {
  // the claim button posts nothing but itself
  await readForm(request, [], { extra: ["intent"] });
  const { claimedNow, ...offer } = await claimOffer(params.token);
  return data({ offer, claimedNow }, { status: offer.state === "unknown" ? 404 : 200 });
}

function Explanation({ offer, claimedNow }: { offer: OfferView; claimedNow: boolean }) {
  switch (offer.state) {
    case "unknown":
      return (
        <p>
          This link is not valid. Please use the link in your e-mail exactly as it was sent, or contact us and
          we will help.
        </p>
      );
    case "expired":
      return (
        <p>
          This offer for booking <strong>{offer.reference}</strong> expired on{" "}
          {formatDateTime(offer.expiresAt)} (Nairobi time), and the seat went to the next person on the
          waiting list. Please{" "}
          <Link to="/courses/calendar" className="underline">
            choose another date
          </Link>{" "}
          or contact us.
        </p>
      );
    case "claimed":
      return (
        <>
          <p role="status">
            {claimedNow ? "Your place is confirmed: " : "This offer has already been claimed: "}
            booking <strong className="whitespace-nowrap">{offer.reference}</strong> holds{" "}
            {offer.seats === 1 ? "a seat" : `${offer.seats} seats`} on {offer.courseName}. We will send the
            joining instructions and the invoice by e-mail.
          </p>
          {offer.claimed ? (
            <>
              <p data-testid="claimed-amount">
                {offer.claimed.amountCents === null ? (
                  "The amount to pay follows on the invoice."
                ) : (
                  <>
                    To pay: <strong>{formatKes(offer.claimed.amountCents)}</strong> (VAT included), by M-PESA
                    or bank transfer with <span className="whitespace-nowrap">{offer.reference}</span> as the
                    account number.
                  </>
                )}
              </p>
              <div className="mt-6 flex flex-wrap items-center gap-4">
                <Link
                  to={offer.claimed.payPath}
                  className="inline-flex min-h-11 items-center rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
                >
                  Pay now
                </Link>
                <Link to={offer.claimed.bookingPath} className="font-semibold text-brand-700 underline">
                  See your booking
                </Link>
              </div>
            </>
          ) : null}
        </>
      );
    default:
      return (
        <>
          <p>
            {offer.seats === 1 ? "A seat is" : `${offer.seats} seats are`} held for booking{" "}
            <strong>{offer.reference}</strong> on {offer.courseName} until {formatDateTime(offer.expiresAt)}{" "}
            (Nairobi time).
          </p>
          <Form method="post" className="mt-6">
            <button
              type="submit"
              name="intent"
              value="claim"
              className="inline-flex min-h-11 items-center rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
            >
              Claim my place
            </button>
          </Form>
        </>
      );
  }
}

export default function WaitlistOffer({ loaderData, actionData }: Route.ComponentProps) {
  const offer = actionData?.offer ?? loaderData.offer;
  return (
    <section className="bg-cream px-4 py-16">
      <div className="mx-auto max-w-2xl rounded-lg bg-white p-6 text-slate-800 shadow-sm">
        <h1 className="text-2xl font-bold text-brand-900">Your place from the waiting list</h1>
        <div className="mt-4 space-y-3">
          <Explanation offer={offer} claimedNow={actionData?.claimedNow ?? false} />
        </div>
      </div>
    </section>
  );
}
