import { createCookieSessionStorage, redirect } from "react-router";
import { secureCookies } from "#app/platform/env.server";
import { sessionSecret } from "#app/platform/secret.server";
import { LIMITS } from "#app/site/index";
import type { Fields } from "#app/site/index.server";

/** The contact form's fields that the in-house request asks for too, under the in-house form's names. */
const CARRIED = [
  ["name", "name", LIMITS.name],
  ["email", "email", LIMITS.email],
  ["phone", "phone", LIMITS.phone],
  ["organization", "organization", LIMITS.organization],
  ["courseInterest", "topic", LIMITS.name],
  ["message", "message", LIMITS.message],
] as const;

// a cookie holds about 4 KB, and its value is the JSON in base64 (4/3 larger) and signed: a long message stays
// behind rather than losing the whole hand-over (the other fields alone always fit)
const JSON_BUDGET = 2_700;

type HandoffData = { values: Record<string, string> };
let storage: ReturnType<typeof createCookieSessionStorage<Record<string, never>, HandoffData>> | undefined;
const handoffStorage = () => {
  storage ??= createCookieSessionStorage<Record<string, never>, HandoffData>({
    cookie: {
      name: "mafunzo_in_house",
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      maxAge: 15 * 60,
      secrets: [sessionSecret()],
      secure: secureCookies(),
    },
  });
  return storage;
};

async function handoffCookie(values: Record<string, string>) {
  const session = await handoffStorage().getSession();
  session.flash("values", values);
  return handoffStorage().commitSession(session);
}

/**
 * The contact form sent with "In-house training" chosen: nothing is stored; the visitor goes on to the in-house
 * request form, which opens with what they typed (in a flash cookie, not the URL: a URL is logged and shared).
 */
export async function handOverToInHouseForm(fields: Fields) {
  const values: Record<string, string> = {};
  for (const [from, to, max] of CARRIED) {
    const value = (fields[from] ?? "").trim().slice(0, max);
    if (value) values[to] = value;
  }
  const { message: _left, ...rest } = values;
  const fits = Buffer.byteLength(JSON.stringify(values)) <= JSON_BUDGET;
  const cookie = await handoffCookie(fits ? values : rest);
  return redirect("/in-house-training#in-house-form", { status: 303, headers: { "Set-Cookie": cookie } });
}

/** What the contact form handed over (read once), and the header that clears it. */
export async function takeInHouseHandoff(request: Request) {
  const session = await handoffStorage().getSession(request.headers.get("Cookie"));
  const values = session.get("values");
  if (!values) return { values: undefined, headers: undefined };
  return { values, headers: { "Set-Cookie": await handoffStorage().destroySession(session) } };
}
