import { data, Form, Link } from "react-router";
import { AccountActionSchema, SIGN_IN_LINK_MINUTES, SignInRequestSchema } from "#app/bookings/index";
import {
  clientOrganisations,
  getClient,
  getClientSharing,
  inviteColleague,
  listClientBookings,
  removeColleague,
  requestSignInLink,
} from "#app/bookings/index.server";
import { readForm } from "#app/platform/forms/form-input.server";
import { ClientBookingList } from "#app/routes/bookings/public/components/client-booking-list";
import { ColleaguesPanel } from "#app/routes/bookings/public/components/colleagues-panel";
import {
  PortalButton,
  PortalField,
  PortalNotice,
  PortalPage,
  PortalPanel,
} from "#app/routes/bookings/public/components/portal-parts";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = () => [
  { title: "My bookings | Mafunzo Training & Consultancy" },
  { name: "robots", content: "noindex" },
];

/** A client's bookings are theirs alone: never stored by a browser or proxy on the way. */
const PRIVATE = { "Cache-Control": "no-store" };
export const headers: Route.HeadersFunction = () => PRIVATE;

export async function loader(args: Route.LoaderArgs) {
  const client = await getClient(args);
  if (!client)
    return data({ email: null, bookings: [], sharing: null, organisations: [] }, { headers: PRIVATE });
  const [bookings, sharing, organisations] = await Promise.all([
    listClientBookings(client),
    getClientSharing(client),
    clientOrganisations(client),
  ]);
  return data({ email: client.email, bookings, sharing, organisations }, { headers: PRIVATE });
}

type Outcome = { ok: boolean; message: string; field?: string };

const refused = (error: { issues: { message: string; path: PropertyKey[] }[] }) => {
  const issue = error.issues[0];
  return data<Outcome>(
    { ok: false, message: issue?.message ?? "Invalid request.", field: String(issue?.path[0] ?? "") },
    { status: 400 },
  );
};

/** Signed out: ask for a sign-in link. Signed in: share with a colleague, or stop sharing. */
export async function action(args: Route.ActionArgs) {
  const client = await getClient(args);
  if (!client) {
    const form = await readForm(args.request, SignInRequestSchema, { extra: ["intent"] });
    const parsed = SignInRequestSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) return refused(parsed.error);
    const outcome = await requestSignInLink(args.context, parsed.data.email);
    return data<Outcome>(outcome, { status: outcome.ok ? 200 : 429 });
  }
  const form = await readForm(args.request, AccountActionSchema);
  const parsed = AccountActionSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return refused(parsed.error);
  const outcome =
    parsed.data.intent === "invite"
      ? await inviteColleague(client, parsed.data)
      : await removeColleague(client, parsed.data);
  return data<Outcome>(outcome, { status: outcome.ok ? 200 : 400 });
}

function SignInForm({ outcome }: { outcome?: Outcome }) {
  return (
    <PortalPanel id="sign-in-heading" title="Sign in with your e-mail">
      <p className="text-sm text-slate-700">
        Enter the e-mail address you booked with. We e-mail you a link that signs you in: it works once, for{" "}
        {SIGN_IN_LINK_MINUTES} minutes. No password is needed.
      </p>
      <Form method="post" className="space-y-4" aria-label="Ask for a sign-in link">
        <PortalField
          label="E-mail address"
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          error={outcome && !outcome.ok && outcome.field === "email" ? outcome.message : null}
        />
        <PortalNotice outcome={outcome && (outcome.ok || outcome.field !== "email") ? outcome : null} />
        <PortalButton name="intent" value="link">
          E-mail me a sign-in link
        </PortalButton>
      </Form>
    </PortalPanel>
  );
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { email, bookings, sharing, organisations } = loaderData;
  if (!email) {
    return (
      <PortalPage
        title="My bookings"
        intro="See your course bookings with us: dates and joining instructions, invoices and receipts, certificates, and change a booking yourself."
      >
        <SignInForm outcome={actionData} />
      </PortalPage>
    );
  }
  return (
    <PortalPage
      title="My bookings"
      intro={
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
          <span>
            Signed in as <strong className="break-all">{email}</strong>.
          </span>
          <Form method="post" action="/account/sign-out">
            <button type="submit" className="min-h-11 text-brand-700 underline">
              Sign out
            </button>
          </Form>
        </div>
      }
    >
      <PortalNotice outcome={actionData} />
      {bookings.length === 0 ? (
        <PortalPanel id="bookings-heading" title="Your bookings">
          <p className="text-sm text-slate-700">
            No booking is shared with this address any more. Browse our{" "}
            <Link to="/courses/calendar" className="text-brand-700 underline">
              course calendar
            </Link>{" "}
            to book.
          </p>
        </PortalPanel>
      ) : (
        <ClientBookingList bookings={bookings} />
      )}
      {organisations.length > 0 ? (
        <PortalPanel id="statements-heading" title="Statements of account">
          <p className="text-sm text-slate-700">
            Every invoice, credit note, payment and withholding certificate of your organisation's bookings
            with the balance: the statement your auditor asks for. Each booking's own is on its page.
          </p>
          <ul className="space-y-2">
            {organisations.map((organisation) => (
              <li key={organisation.id}>
                <a
                  href={`/account/statement/organisation/${organisation.id}`}
                  className="inline-flex min-h-11 items-center text-brand-700 underline"
                  download
                >
                  Download the statement of {organisation.name} (PDF)
                </a>
              </li>
            ))}
          </ul>
        </PortalPanel>
      ) : null}
      {sharing && sharing.organisations.length > 0 ? (
        <ColleaguesPanel sharing={sharing} outcome={actionData} />
      ) : null}
    </PortalPage>
  );
}
