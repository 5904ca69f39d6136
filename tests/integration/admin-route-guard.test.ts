import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { createCookie } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/client.server";
import { sessions } from "#app/db/schema";
import { getAdmin, SESSION_IDLE_MS } from "#app/services/auth.server";
import { requestContext, resetAccessTables, routeArgs, signedInAdmin } from "../helpers/admin-session";
import {
  adminRoutes,
  type Credential,
  findUnguardedCalls,
  type GuardedRoute,
  importAdminRoutes,
} from "../helpers/route-walker";

/** A cookie for a real session row, checked to work before it is expired by `expire`. */
async function expiredSessionCookie(email: string, expire: Partial<typeof sessions.$inferInsert>) {
  const { user, cookie } = await signedInAdmin({ email });
  expect(await getAdmin(routeArgs("/admin/dashboard", { cookie }))).not.toBeNull();
  await db().update(sessions).set(expire).where(eq(sessions.userId, user.id));
  return cookie;
}

/** Changes the last character of the cookie's signature. */
function tamper(cookie: string) {
  const last = cookie.at(-1) === "A" ? "B" : "A";
  return `${cookie.slice(0, -1)}${last}`;
}

let modules: GuardedRoute[];
let liveCookie: string;
let refusedCredentials: Credential[];

beforeAll(async () => {
  await resetAccessTables();
  modules = await importAdminRoutes();
  liveCookie = (await signedInAdmin({ email: "live@mafunzo.test" })).cookie;
  const randomToken = crypto.randomBytes(32).toString("base64url");
  const attackerCookie = createCookie("mafunzo_admin", { secrets: ["not-the-server-secret-0123456789"] });
  refusedCredentials = [
    { name: "no cookie" },
    {
      name: "an expired session",
      cookie: await expiredSessionCookie("expired@mafunzo.test", { expiresAt: new Date(Date.now() - 1000) }),
    },
    {
      name: "an idle session",
      cookie: await expiredSessionCookie("idle@mafunzo.test", {
        lastSeenAt: new Date(Date.now() - SESSION_IDLE_MS - 60_000),
      }),
    },
    { name: "an unsigned random token", cookie: `mafunzo_admin=${randomToken}` },
    {
      name: "a random token signed with another secret",
      cookie: (await attackerCookie.serialize(randomToken)).split(";")[0],
    },
    { name: "a live session's cookie with a tampered signature", cookie: tamper(liveCookie) },
  ];
});

describe("every admin route checks the session itself", () => {
  it("finds the admin routes of app/routes.ts, with the layout and without login and signup", () => {
    const files = adminRoutes().map((r) => r.file);
    expect(files).toEqual(
      expect.arrayContaining([
        "routes/admin/index.tsx",
        "routes/admin/logout.tsx",
        "routes/admin/layout.tsx",
        "routes/admin/dashboard.tsx",
        "routes/admin/account.tsx",
        "routes/admin/administrators.tsx",
      ]),
    );
    expect(files).not.toContain("routes/admin/login.tsx");
    expect(files).not.toContain("routes/admin/signup.tsx");
    expect(modules.filter((m) => m.module.action).length).toBeGreaterThanOrEqual(3);
  });

  it("lets the live session through (the refusals below are about the credential, not the harness)", async () => {
    const problems = await findUnguardedCalls(
      modules.map((m) => ({ ...m, module: { loader: m.module.loader, default: m.module.default } })),
      [{ name: "the live session", cookie: liveCookie }],
      () => requestContext(),
    );
    // every loader with a session is "not refused", so each is listed
    expect(problems).toHaveLength(modules.filter((m) => m.module.loader).length);
    expect(problems.join("\n")).not.toContain("/admin/login");
  });

  it("refuses every loader and action without a session, with an expired one and with forged cookies", async () => {
    const problems = await findUnguardedCalls(modules, refusedCredentials, () => requestContext());
    expect(problems).toEqual([]);
  });

  it("reports a route that forgets requireAdmin", async () => {
    const forgetful: GuardedRoute[] = [
      {
        file: "routes/admin/forgetful.tsx",
        url: "/admin/forgetful",
        module: {
          loader: async () => ({ secrets: ["every registration"] }),
          action: async () => ({ deleted: true }),
          default: () => null,
        },
      },
      {
        file: "routes/admin/half-guarded.tsx",
        url: "/admin/half-guarded",
        module: {
          loader: (args) => import("#app/services/auth.server").then((m) => m.requireAdmin(args as never)),
          action: async () => new Response(null, { status: 204 }),
        },
      },
    ];
    const problems = await findUnguardedCalls(forgetful, refusedCredentials, () => requestContext());
    const count = refusedCredentials.length;
    expect(problems.filter((p) => p.startsWith("routes/admin/forgetful.tsx loader"))).toHaveLength(count);
    expect(problems.filter((p) => p.startsWith("routes/admin/forgetful.tsx action"))).toHaveLength(count);
    expect(problems.filter((p) => p.startsWith("routes/admin/half-guarded.tsx action"))).toHaveLength(count);
    expect(problems.filter((p) => p.startsWith("routes/admin/half-guarded.tsx loader"))).toEqual([]);
  });
});
