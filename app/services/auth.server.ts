import crypto from "node:crypto";
import { createCookie, data, type RouterContextProvider, redirect } from "react-router";
import { requestInfoContext } from "#app/context";
import type { Executor } from "#app/db/client.server";
import { deleteSession, findLiveSession, insertSession, touchSession } from "#app/models/session.server";
import type { AuditActor } from "./audit.server";
import { secureCookies } from "./env.server";
import { sessionSecret } from "./secret.server";

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

export type AdminUser = { id: string; email: string; role: string };
export type AdminSession = { user: AdminUser; sessionId: string; actor: AuditActor };

type Args = { request: Request; context: Readonly<RouterContextProvider> };

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
  });
  return sessionCookie().serialize(token);
}

async function readSessionId(request: Request) {
  const token = await sessionCookie().parse(request.headers.get("Cookie"));
  return typeof token === "string" && token.length > 0 ? hashToken(token) : null;
}

/** The signed-in admin, or null. */
export async function getAdmin({ request, context }: Args): Promise<AdminSession | null> {
  const id = await readSessionId(request);
  if (!id) return null;
  const session = await findLiveSession(id, SESSION_IDLE_MS);
  if (session?.user.role !== "admin") return null;
  if (Date.now() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) await touchSession(id);
  const info = context.get(requestInfoContext);
  return {
    user: session.user,
    sessionId: id,
    actor: { id: session.user.id, email: session.user.email, ip: info.ip, userAgent: info.userAgent },
  };
}

/**
 * Every admin loader and action calls this itself. A page request without a live session is sent to the
 * login page with the path it asked for; anything else (form posts, fetches) is answered 401.
 */
export async function requireAdmin(args: Args): Promise<AdminSession> {
  const admin = await getAdmin(args);
  if (admin) return admin;
  const url = new URL(args.request.url);
  if (args.request.method === "GET" || args.request.method === "HEAD") {
    const target = `${url.pathname}${url.search}`;
    throw redirect(`/admin/login?redirectTo=${encodeURIComponent(target)}`);
  }
  throw data({ error: SESSION_ENDED_MESSAGE }, { status: 401 });
}

/** Ends the current session; returns the Set-Cookie header that clears the cookie. */
export async function endSession(executor: Executor, request: Request) {
  const id = await readSessionId(request);
  if (id) await deleteSession(executor, id);
  return sessionCookie().serialize("", { maxAge: 0 });
}
