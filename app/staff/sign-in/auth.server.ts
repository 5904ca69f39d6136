import crypto from "node:crypto";
import { createCookie, data, type RouterContextProvider, redirect } from "react-router";
import { requestInfoContext } from "#app/context";
import type { AuditActor } from "#app/platform/audit.server";
import type { Executor } from "#app/platform/db/client.server";
import { secureCookies } from "#app/platform/env.server";
import { sessionSecret } from "#app/platform/secret.server";
import { getSetting } from "#app/platform/settings/setting.server";
import { safeAdminRedirect } from "#app/staff/sign-in/auth";
import {
  deleteSession,
  findLiveSession,
  insertSession,
  touchSession,
} from "#app/staff/sign-in/session.server";
import { now } from "#app/utils/clock";
import type { Role, Staff } from "../policy";

/**
 * The toast after signing in. It names no screen: a trainer lands on their own course dates, not on an "admin
 * dashboard" (issue 45).
 */
export const SIGNED_IN_TOAST = {
  type: "success",
  title: "Login Successful",
  description: "You are signed in.",
} as const;

export const SESSION_IDLE_MS = 8 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
// lastSeenAt is written at most this often, so every admin request is not a write
const TOUCH_INTERVAL_MS = 60 * 1000;

let cookie: ReturnType<typeof createCookie> | undefined;
const sessionCookie = () => {
  cookie ??= createCookie("mafunzo_admin", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: secureCookies(),
    secrets: [sessionSecret()],
    maxAge: SESSION_ABSOLUTE_MS / 1000,
  });
  return cookie;
};

/** The table keeps only a hash of the token, so reading the table does not hand out live sessions. */
export function hashToken(token: string) {
  return crypto.createHash("sha256").update(token).digest("base64url");
}

export const SESSION_ENDED_MESSAGE = "Your session has ended. Please sign in again.";

export const SECOND_FACTOR_MESSAGE = "Finish signing in with your second factor first.";
const ENROLMENT_MESSAGE = "Set up a second factor first: this site requires one for every admin.";

/** Where a page request of a session in each unfinished state is sent. */
export const VERIFY_PATH = "/admin/login/verify";
export const ENROL_PATH = "/admin/security";

export type AdminUser = { id: string; email: string; roles: Role[] };
/**
 * `full`: signed in. `verify`: the password was right, the admin's second factor is still to be checked.
 * `enrol`: signed in with the password, but the policy requires a second factor and the admin has none yet.
 */
export type SessionState = "full" | "verify" | "enrol";
export type AdminSession = {
  user: AdminUser;
  sessionId: string;
  actor: AuditActor;
  state: SessionState;
  verifiedAt: Date;
  hasSecondFactor: boolean;
};

// `url` is the request's URL as React Router hands it to loaders: without the ".data" of client navigations
type Args = { request: Request; context: Readonly<RouterContextProvider>; url?: URL };

export function anonymousActor(
  context: Readonly<RouterContextProvider>,
  email: string | null = null,
): AuditActor {
  const info = context.get(requestInfoContext);
  return { id: null, email, ip: info.ip, userAgent: info.userAgent };
}

/**
 * Starts a session with a fresh id; given the sign-in request, also ends any session it still presents, so an
 * id known before sign-in is never the one used after it. Returns the Set-Cookie header.
 */
export async function startSession(
  executor: Executor,
  user: AdminUser,
  context: Readonly<RouterContextProvider>,
  request?: Request,
  { needsSecondFactor = false } = {},
) {
  const previous = request ? await readSessionId(request) : null;
  if (previous) await deleteSession(executor, previous);
  const token = crypto.randomBytes(32).toString("base64url");
  const info = context.get(requestInfoContext);
  await insertSession(executor, {
    id: hashToken(token),
    userId: user.id,
    ip: info.ip,
    userAgent: info.userAgent.slice(0, 500),
    expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_MS),
    needsSecondFactor,
  });
  return sessionCookie().serialize(token);
}

async function readSessionId(request: Request) {
  const token = await sessionCookie().parse(request.headers.get("Cookie"));
  return typeof token === "string" && token.length > 0 ? hashToken(token) : null;
}

/** The admin behind the request's session in whatever state it is, or null. */
export async function getAdminSession({ request, context }: Args): Promise<AdminSession | null> {
  const id = await readSessionId(request);
  if (!id) return null;
  const session = await findLiveSession(id, SESSION_IDLE_MS);
  if (!session) return null;
  if (Date.now() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) await touchSession(id);
  const info = context.get(requestInfoContext);
  // a pending check lapses if the admin's factors were all removed meanwhile (only a full session can do that)
  let state: SessionState = "full";
  if (session.needsSecondFactor && session.hasSecondFactor) state = "verify";
  else if (!session.hasSecondFactor && (await getSetting("require_second_factor"))) state = "enrol";
  return {
    user: session.user,
    sessionId: id,
    actor: {
      id: session.user.id,
      email: session.user.email,
      roles: session.user.roles,
      ip: info.ip,
      userAgent: info.userAgent,
    },
    state,
    verifiedAt: session.verifiedAt,
    hasSecondFactor: session.hasSecondFactor,
  };
}

/** The fully signed-in admin, or null. */
export async function getAdmin(args: Args): Promise<AdminSession | null> {
  const admin = await getAdminSession(args);
  return admin?.state === "full" ? admin : null;
}

/** The page a request is for, as the address bar shows it. */
function pagePath(args: Args) {
  const url = args.url ?? new URL(args.request.url);
  return `${url.pathname}${url.search}`;
}

/**
 * Every admin loader and action calls this itself. A page request without a live session is sent to the
 * login page with the path it asked for; anything else (form posts, fetches) is answered 401. A session that
 * has passed only the password is refused the same way, its pages sent to the second-factor check (or to
 * enrolment when the policy requires a factor the admin lacks); only the routes of that step `allow` it.
 */
export async function requireAdmin(
  args: Args,
  { allow = [] }: { allow?: readonly Exclude<SessionState, "full">[] } = {},
): Promise<AdminSession> {
  const admin = await getAdminSession(args);
  if (admin && (admin.state === "full" || allow.includes(admin.state))) return admin;
  const page = args.request.method === "GET" || args.request.method === "HEAD";
  const target = encodeURIComponent(pagePath(args));
  if (!admin) {
    if (page) throw redirect(`/admin/login?redirectTo=${target}`);
    throw data({ error: SESSION_ENDED_MESSAGE }, { status: 401 });
  }
  const verify = admin.state === "verify";
  if (page) throw redirect(`${verify ? VERIFY_PATH : ENROL_PATH}?redirectTo=${target}`);
  throw data({ error: verify ? SECOND_FACTOR_MESSAGE : ENROLMENT_MESSAGE }, { status: 401 });
}

export const NOT_ALLOWED_MESSAGE = "Your account's role does not allow this.";

/** The signed-in account as the policy sees it. */
export const staffOf = (admin: AdminSession): Staff => ({ id: admin.user.id, roles: admin.user.roles });

/**
 * `requireAdmin`, then the policy: an account the rule refuses is answered 403 — a page with the admin error
 * page that says so, a form post or fetch with the message — and nothing is read or changed.
 */
export async function requireAllowed(
  args: Args,
  rule: (staff: Staff) => boolean,
  options?: Parameters<typeof requireAdmin>[1],
): Promise<AdminSession> {
  const admin = await requireAdmin(args, options);
  requireRule(admin, rule);
  return admin;
}

/** For a route whose parts ask different rules (a form's intents, a setting's key): 403 unless `rule` allows. */
export function requireRule(admin: AdminSession, rule: (staff: Staff) => boolean) {
  if (!rule(staffOf(admin))) throw data({ error: NOT_ALLOWED_MESSAGE }, { status: 403 });
}

/** How long a sign-in or step-up counts as recent for the sensitive changes that ask for it again. */
export const STEP_UP_MAX_AGE_MS = 5 * 60 * 1000;
const STEP_UP_PATH = "/admin/step-up";

/**
 * For sensitive changes (admins, security settings, exports of personal data, payment details): unless the
 * admin proved who they are within STEP_UP_MAX_AGE_MS, sends them to the step-up page, which returns them to
 * the page they came from (read from the Referer; for a link opened directly, the requested path).
 */
export function requireRecentVerification(admin: AdminSession, request: Request) {
  if (now().getTime() - admin.verifiedAt.getTime() <= STEP_UP_MAX_AGE_MS) return;
  const url = new URL(request.url);
  const referer = request.headers.get("Referer");
  const from = referer ? URL.parse(referer, url) : null;
  let back = "/admin/dashboard";
  if (from && from.origin === url.origin) back = `${from.pathname}${from.search}`;
  else if (request.method === "GET") back = `${url.pathname}${url.search}`;
  throw redirect(`${STEP_UP_PATH}?redirectTo=${encodeURIComponent(safeAdminRedirect(back))}`);
}

/** Ends the current session; returns the Set-Cookie header that clears the cookie. */
export async function endSession(executor: Executor, request: Request) {
  const id = await readSessionId(request);
  if (id) await deleteSession(executor, id);
  return sessionCookie().serialize("", { maxAge: 0 });
}
