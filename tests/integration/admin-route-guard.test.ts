import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { createCookie } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/platform/db/client.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import { getAdmin, getAdminSession, SESSION_IDLE_MS } from "#app/staff/index.server";
import { adminPasskeys, sessions } from "#app/staff/tables.server";
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
// Changes a character inside the signature: the last base64 character also carries padding bits, so
// changing only it can decode to the same bytes and prove nothing.
function tamper(cookie: string) {
  const at = cookie.length - 10;
  const changed = cookie[at] === "A" ? "Q" : "A";
  return `${cookie.slice(0, at)}${changed}${cookie.slice(at + 1)}`;
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
        "routes/shell/index.tsx",
        "routes/staff/logout.tsx",
        "routes/shell/layout.tsx",
        "routes/back-office/dashboard.tsx",
        "routes/staff/account.tsx",
        "routes/staff/administrators.tsx",
      ]),
    );
    expect(files).not.toContain("routes/staff/login.tsx");
    expect(files).not.toContain("routes/staff/signup.tsx");
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
    expect(problems.join("\n")).not.toContain("→ /admin/login");
  });

  it("refuses every loader and action without a session, with an expired one and with forged cookies", async () => {
    const problems = await findUnguardedCalls(modules, refusedCredentials, () => requestContext());
    expect(problems).toEqual([]);
  });

  it("refuses a session that has passed only the password of an admin with a second factor, but on the second-factor step", async () => {
    const { user, cookie } = await signedInAdmin({ email: "half-signed-in@mafunzo.test" });
    await db()
      .insert(adminPasskeys)
      .values({
        userId: user.id,
        credentialId: crypto.randomBytes(16).toString("base64url"),
        publicKey: "unused",
        name: "Laptop",
      });
    await db().update(sessions).set({ needsSecondFactor: true }).where(eq(sessions.userId, user.id));
    expect((await getAdminSession(routeArgs("/admin/dashboard", { cookie })))?.state).toBe("verify");
    const problems = await findUnguardedCalls(
      modules,
      [
        {
          name: "a password-only session",
          cookie,
          refusedTo: "/admin/login/verify",
          // the second step itself, and signing out
          exempt: [
            "routes/staff/login.verify.tsx loader",
            "routes/staff/login.verify.tsx action",
            "routes/staff/logout.tsx action",
          ],
        },
      ],
      () => requestContext(),
    );
    expect(problems).toEqual([]);
  });

  it("refuses an admin without a second factor everything but enrolment while the policy requires one", async () => {
    const { cookie } = await signedInAdmin({ email: "no-factor@mafunzo.test" });
    await setSettingValue(db(), "require_second_factor", true, null);
    try {
      expect((await getAdminSession(routeArgs("/admin/dashboard", { cookie })))?.state).toBe("enrol");
      const problems = await findUnguardedCalls(
        modules,
        [
          {
            name: "a session that must enrol first",
            cookie,
            refusedTo: "/admin/security",
            exempt: [
              "routes/staff/security.tsx loader",
              "routes/staff/security.tsx action",
              "routes/staff/passkey-options.ts action",
              "routes/staff/logout.tsx action",
            ],
          },
        ],
        () => requestContext(),
      );
      expect(problems).toEqual([]);
      // the layout lets the enrolment page through, and only it
      const layout = modules.find((m) => m.file === "routes/shell/layout.tsx")?.module.loader;
      const security = routeArgs("/admin/security", { cookie });
      expect(await layout?.(security)).toMatchObject({ email: "no-factor@mafunzo.test" });
    } finally {
      await setSettingValue(db(), "require_second_factor", false, null);
    }
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
          loader: (args) => import("#app/staff/index.server").then((m) => m.requireAdmin(args as never)),
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
