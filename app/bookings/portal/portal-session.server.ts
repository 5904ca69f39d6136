import crypto from "node:crypto";
import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { createCookie, type RouterContextProvider, redirect } from "react-router";
import { bookings } from "#app/booking/tables.server";
import { clientColleagues, clientSessions, clientSignInLinks } from "#app/bookings/tables.server";
import { requestInfoContext } from "#app/context";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { db, executeRows } from "#app/platform/db/client.server";
import { enqueueEmails, wakeOutboxWorker } from "#app/platform/email/outbox.server";
import { env, secureCookies } from "#app/platform/env.server";
import { afterAnswer } from "#app/platform/jobs/after-answer.server";
import { consumeRateLimit } from "#app/platform/rate-limit/rate-limit.server";
import { sessionSecret } from "#app/platform/secret.server";
import { now } from "#app/utils/clock";
import { portalSignInMessage } from "../emails.server";
import {
  CLIENT_SESSION_DAYS,
  CLIENT_SESSION_IDLE_HOURS,
  PORTAL_MESSAGES,
  SIGN_IN_LINK_MINUTES,
} from "./portal";

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const LINK_MS = SIGN_IN_LINK_MINUTES * MINUTE;
const IDLE_MS = CLIENT_SESSION_IDLE_HOURS * HOUR;
const SESSION_MS = CLIENT_SESSION_DAYS * 24 * HOUR;
// lastSeenAt is written at most this often, so a page view is not always a write
const TOUCH_MS = MINUTE;

/** Links asked for per address and per network address in a window: enough for a lost e-mail, not a flood. */
const LINKS_PER_EMAIL = { limit: 3, windowMs: 15 * MINUTE };
const LINKS_PER_IP = { limit: 10, windowMs: 15 * MINUTE };

let cookie: ReturnType<typeof createCookie> | undefined;
// its own cookie: a portal session is never a staff session, and signing out of one leaves the other
const clientCookie = () => {
  cookie ??= createCookie("mafunzo_client", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: secureCookies(),
    secrets: [sessionSecret()],
    maxAge: SESSION_MS / 1000,
  });
  return cookie;
};

/** Only hashes are stored: reading the tables hands out neither links nor sessions. */
const hashOf = (token: string) => crypto.createHash("sha256").update(token).digest("base64url");
const newToken = () => crypto.randomBytes(32).toString("base64url");

type Args = { request: Request; context: Readonly<RouterContextProvider> };

export type Client = { email: string; sessionId: string; actor: AuditActor };

/** The client as the audit log names them: their e-mail address, in the role "client". */
function clientActor(context: Readonly<RouterContextProvider>, email: string): AuditActor {
  const info = context.get(requestInfoContext);
  return { id: null, email, roles: ["client"], ip: info.ip, userAgent: info.userAgent };
}

/** Whether the address is a booking's contact or an invited colleague: only then is a link worth sending. */
async function hasPortalAccess(email: string) {
  const rows = await executeRows<{ found: boolean }>(
    db(),
    sql`select exists (select 1 from ${bookings} where lower(${bookings.contactEmail}) = ${email})
      or exists (select 1 from ${clientColleagues} where ${clientColleagues.colleagueEmail} = ${email}) as found`,
  );
  return rows[0]?.found === true;
}

export type LinkRequestOutcome = { ok: true; message: string } | { ok: false; message: string };

/**
 * E-mails a one-time sign-in link to a booking contact. The answer is the same whether or not the address
 * has bookings, so the form tells no one who books with the firm; both the address and the network address
 * are rate limited. Whether the address has bookings, the link's row and its e-mail are worked out after the
 * answer (decision 0709): a known address is not answered measurably later than an unknown one, however busy
 * the tables are.
 */
export async function requestSignInLink(
  context: Readonly<RouterContextProvider>,
  given: string,
): Promise<LinkRequestOutcome> {
  const email = given.trim().toLowerCase();
  const { ip } = context.get(requestInfoContext);
  for (const [bucket, key, limit] of [
    ["portal-link-ip", ip, LINKS_PER_IP],
    ["portal-link-email", email, LINKS_PER_EMAIL],
  ] as const) {
    const verdict = await consumeRateLimit(bucket, key, limit);
    if (!verdict.allowed) {
      return { ok: false, message: PORTAL_MESSAGES.tooManyLinks(Math.ceil(verdict.retryAfterSeconds / 60)) };
    }
  }
  afterAnswer("portal sign-in link", async () => {
    if (await hasPortalAccess(email)) await sendSignInLink(email, ip);
  });
  return { ok: true, message: PORTAL_MESSAGES.linkSent(email) };
}

/** Stores a new link's hash and queues its e-mail, together. */
async function sendSignInLink(email: string, ip: string, invitedBy?: string) {
  const token = newToken();
  const expiresAt = new Date(now().getTime() + LINK_MS);
  await db().transaction(async (tx) => {
    await tx.insert(clientSignInLinks).values({ email, tokenHash: hashOf(token), expiresAt, ip });
    await enqueueEmails(tx, [
      {
        to: email,
        kind: "portal_sign_in",
        ...portalSignInMessage({
          url: `${env().PUBLIC_URL}/account/sign-in/${token}`,
          expiresAt,
          minutes: SIGN_IN_LINK_MINUTES,
          invitedBy,
        }),
      },
    ]);
  });
  // the client is waiting for it, and the link lasts minutes: sent now, not at the outbox's next round
  wakeOutboxWorker();
}

/** The e-mail a colleague receives when a contact shares their bookings: a sign-in link, like any other. */
export function sendColleagueLink(email: string, ip: string, invitedBy: string) {
  return sendSignInLink(email, ip, invitedBy);
}

export type LinkState = { state: "valid"; email: string } | { state: "used" | "expired" | "unknown" };

/** What a sign-in link is, without using it: the page shows the button, or says why there is none. */
export async function inspectSignInLink(token: string): Promise<LinkState> {
  const [link] = await db()
    .select({
      email: clientSignInLinks.email,
      usedAt: clientSignInLinks.usedAt,
      expiresAt: clientSignInLinks.expiresAt,
    })
    .from(clientSignInLinks)
    .where(eq(clientSignInLinks.tokenHash, hashOf(token)));
  if (!link) return { state: "unknown" };
  if (link.usedAt) return { state: "used" };
  if (link.expiresAt <= now()) return { state: "expired" };
  return { state: "valid", email: link.email };
}

/**
 * Uses a sign-in link: marks it used in the same statement that checks it is unused and unexpired, so two
 * clicks racing each other start one session. Returns the session's Set-Cookie header, or why not.
 */
export async function redeemSignInLink(
  { request, context }: Args,
  token: string,
): Promise<{ ok: true; cookie: string } | { ok: false; state: "used" | "expired" | "unknown" }> {
  const at = now();
  const info = context.get(requestInfoContext);
  const started = await db().transaction(async (tx) => {
    const [link] = await tx
      .update(clientSignInLinks)
      .set({ usedAt: at })
      .where(
        and(
          eq(clientSignInLinks.tokenHash, hashOf(token)),
          isNull(clientSignInLinks.usedAt),
          gt(clientSignInLinks.expiresAt, at),
        ),
      )
      .returning({ email: clientSignInLinks.email });
    if (!link) return null;
    // a session the browser still presents ends: the id known before sign-in is never the one used after it
    const previous = await readSessionId(request);
    if (previous) await tx.delete(clientSessions).where(eq(clientSessions.id, previous));
    const sessionToken = newToken();
    await tx.insert(clientSessions).values({
      id: hashOf(sessionToken),
      email: link.email,
      ip: info.ip,
      userAgent: info.userAgent.slice(0, 500),
      expiresAt: new Date(Date.now() + SESSION_MS),
    });
    await recordAudit(tx, clientActor(context, link.email), {
      action: "Signed in to the client portal",
      tableName: "client_sessions",
    });
    return sessionToken;
  });
  if (started) return { ok: true, cookie: await clientCookie().serialize(started) };
  const seen = await inspectSignInLink(token);
  return { ok: false, state: seen.state === "valid" ? "used" : seen.state };
}

async function readSessionId(request: Request) {
  const token = await clientCookie().parse(request.headers.get("Cookie"));
  return typeof token === "string" && token.length > 0 ? hashOf(token) : null;
}

/** The signed-in client behind the request, or null. */
export async function getClient({ request, context }: Args): Promise<Client | null> {
  const id = await readSessionId(request);
  if (!id) return null;
  const [session] = await db()
    .select({ email: clientSessions.email, lastSeenAt: clientSessions.lastSeenAt })
    .from(clientSessions)
    .where(
      and(
        eq(clientSessions.id, id),
        gt(clientSessions.expiresAt, new Date()),
        gt(clientSessions.lastSeenAt, new Date(Date.now() - IDLE_MS)),
      ),
    );
  if (!session) return null;
  if (Date.now() - session.lastSeenAt.getTime() > TOUCH_MS) {
    await db().update(clientSessions).set({ lastSeenAt: new Date() }).where(eq(clientSessions.id, id));
  }
  return { email: session.email, sessionId: id, actor: clientActor(context, session.email) };
}

/** The signed-in client, or a redirect to the portal's sign-in form. */
export async function requireClient(args: Args): Promise<Client> {
  const client = await getClient(args);
  if (!client) throw redirect("/account");
  return client;
}

/** Ends the request's portal session; returns the Set-Cookie header that clears the cookie. */
export async function endClientSession(request: Request) {
  const id = await readSessionId(request);
  if (id) await db().delete(clientSessions).where(eq(clientSessions.id, id));
  return clientCookie().serialize("", { maxAge: 0 });
}

/** The sweep: links and sessions past use are deleted (a used link is kept a day, for the audit of a dispute). */
export async function forgetOldPortalRows() {
  await db()
    .delete(clientSignInLinks)
    .where(lt(clientSignInLinks.expiresAt, new Date(now().getTime() - 24 * HOUR)));
  await db()
    .delete(clientSessions)
    .where(
      or(
        lt(clientSessions.expiresAt, new Date()),
        lt(clientSessions.lastSeenAt, new Date(Date.now() - IDLE_MS)),
      ),
    );
}
