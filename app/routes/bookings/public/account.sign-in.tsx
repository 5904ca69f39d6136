import { data, Form, Link, redirect } from "react-router";
import { PORTAL_MESSAGES } from "#app/bookings/index";
import { inspectSignInLink, redeemSignInLink } from "#app/bookings/index.server";
import { readForm } from "#app/platform/forms/form-input.server";
import { PortalButton, PortalPage, PortalPanel } from "#app/routes/bookings/public/components/portal-parts";
import type { Route } from "./+types/account.sign-in";

export const meta: Route.MetaFunction = () => [
  { title: "Sign in | Mafunzo Training & Consultancy" },
  { name: "robots", content: "noindex" },
];

// the site-wide referrer policy sends no path to other sites, so the token stays here; "no-referrer" would
// make the browser send "Origin: null" with the sign-in button, which the cross-site check refuses
const PRIVATE = { "Cache-Control": "no-store" };
export const headers: Route.HeadersFunction = () => PRIVATE;

const REFUSALS = {
  used: PORTAL_MESSAGES.linkUsed,
  expired: PORTAL_MESSAGES.linkExpired,
  unknown: PORTAL_MESSAGES.linkUnknown,
} as const;

/**
 * Opening the link only shows a button: the link is used by the click, so a mail scanner that fetches every
 * link in an e-mail does not use it up before the client does.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const link = await inspectSignInLink(params.token);
  return data(
    link.state === "valid"
      ? { email: link.email, refused: null }
      : { email: null, refused: REFUSALS[link.state] },
    {
      status: link.state === "unknown" ? 404 : 200,
      headers: PRIVATE,
    },
  );
}

export async function action(args: Route.ActionArgs) {
  await readForm(args.request, [], { extra: ["intent"] });
  const outcome = await redeemSignInLink(args, args.params.token);
  if (outcome.ok) throw redirect("/account", { headers: { "Set-Cookie": outcome.cookie } });
  return data(
    { email: null, refused: REFUSALS[outcome.state] },
    { status: outcome.state === "unknown" ? 404 : 409 },
  );
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { email, refused } = actionData ?? loaderData;
  return (
    <PortalPage title="Sign in to your bookings">
      <PortalPanel id="link-heading" title={refused ? "This link cannot sign you in" : "One click to go"}>
        {refused ? (
          <>
            <p role="alert" className="text-sm text-red-900">
              {refused}
            </p>
            <Link
              to="/account"
              className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
            >
              Ask for a new sign-in link
            </Link>
          </>
        ) : (
          <Form method="post" className="space-y-3">
            <p className="text-sm text-slate-700">
              Signing in as <strong className="break-all">{email}</strong>.
            </p>
            <PortalButton name="intent" value="sign-in">
              Sign in and see my bookings
            </PortalButton>
          </Form>
        )}
      </PortalPanel>
    </PortalPage>
  );
}
