import { and, count, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "#app/platform/db/client.server";
import { adminAuditLogs } from "#app/platform/db/tables.server";
import { action as administratorsAction } from "#app/routes/staff/administrators";
import { action as signupAction } from "#app/routes/staff/signup";
import {
  type AdminSession,
  addPasskey,
  adminExists,
  announceFirstStart,
  attemptLogin,
  authenticationOptions,
  completeSignIn,
  confirmTotp,
  getAdminSession,
  pendingTotp,
  registrationOptions,
  requireRecentVerification,
  setupCodeAccepted,
  startTotpEnrolment,
  stepUp,
} from "#app/staff/index.server";
import {
  MAX_FAILED_LOGINS,
  relyingParty,
  STEP_UP_MAX_AGE_MS,
  totpCode,
  totpStep,
  WRONG_FACTOR_MESSAGE,
} from "#app/staff/testing.server";
import { advanceClock, now, setClock } from "#app/utils/clock";
import {
  answer,
  requestContext,
  resetAccessTables,
  routeArgs,
  sessionCookie,
  signedInAdmin,
} from "../helpers/admin-session";
import { softPasskey } from "../helpers/soft-authenticator";

const auditCount = async (action: string, recordId?: string) =>
  (
    await db()
      .select({ n: count() })
      .from(adminAuditLogs)
      .where(
        and(eq(adminAuditLogs.action, action), recordId ? eq(adminAuditLogs.recordId, recordId) : undefined),
      )
  )[0]?.n;

type Admin = Awaited<ReturnType<typeof signedInAdmin>>;

/** An admin with a confirmed authenticator app; returns its secret and the recovery codes it was given. */
async function withTotp(admin: Admin) {
  await startTotpEnrolment(admin);
  const secret = (await pendingTotp(admin))?.secret.replaceAll(" ", "") ?? "";
  const confirmed = await confirmTotp(admin, totpCode(secret, totpStep(now().getTime())));
  if (!confirmed.ok || !confirmed.value) throw new Error("enrolment failed");
  // the code used to confirm is spent: later codes come from the next step on
  advanceClock(30_000);
  return { secret, recoveryCodes: confirmed.value };
}

const currentCode = (secret: string) => totpCode(secret, totpStep(now().getTime()));

/** Signs in with the password and returns the session that waits for the second factor. */
async function passwordOnly(admin: Admin, ip = "198.51.100.20") {
  const outcome = await attemptLogin(routeArgs("/admin/login", { method: "POST", ip }), {
    email: admin.user.email,
    password: admin.password,
  });
  if (!outcome.ok) throw new Error(outcome.message);
  expect(outcome.response.headers.get("Location")).toMatch(/^\/admin\/login\/verify\?redirectTo=/);
  const cookie = sessionCookie(outcome.response.headers.getSetCookie());
  const args = routeArgs("/admin/login/verify", { method: "POST", cookie, ip });
  const session = (await getAdminSession(args)) as AdminSession;
  expect(session.state).toBe("verify");
  return { args, session };
}

async function registeredPasskey(admin: Admin) {
  const key = softPasskey();
  const { rpID, origin } = relyingParty();
  const options = await registrationOptions(admin.user);
  const added = await addPasskey(admin, {
    name: "Laptop",
    credential: key.register({ challenge: options.challenge, origin, rpId: rpID }),
  });
  expect(added.ok).toBe(true);
  return key;
}

beforeEach(resetAccessTables);
afterEach(() => setClock(null));

describe("authenticator app (TOTP)", () => {
  it("completes a sign-in once per code: a replayed code is refused", async () => {
    const admin = await signedInAdmin();
    const { secret } = await withTotp(admin);
    const first = await passwordOnly(admin);
    const code = currentCode(secret);
    const done = await completeSignIn(first.args, first.session, { method: "totp", code });
    expect(done.ok).toBe(true);
    if (done.ok) expect(done.value.headers.get("Location")).toBe("/admin/dashboard");

    const second = await passwordOnly(admin);
    const replay = await completeSignIn(second.args, second.session, { method: "totp", code });
    expect(replay).toEqual({ ok: false, status: 401, message: WRONG_FACTOR_MESSAGE });
    expect(await auditCount("Failed admin second factor", admin.user.id)).toBe(1);
    // the session still waits for a good code
    expect((await getAdminSession(second.args))?.state).toBe("verify");
  });

  it("lets one of two sign-ins sent at the same moment with the same code through", async () => {
    const admin = await signedInAdmin();
    const { secret } = await withTotp(admin);
    const [a, b] = [await passwordOnly(admin), await passwordOnly(admin, "198.51.100.21")];
    const code = currentCode(secret);
    const outcomes = await Promise.all([
      completeSignIn(a.args, a.session, { method: "totp", code }),
      completeSignIn(b.args, b.session, { method: "totp", code }),
    ]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
  });

  it("refuses a code two steps away and the code of another admin's app", async () => {
    const admin = await signedInAdmin();
    const other = await signedInAdmin();
    const { secret } = await withTotp(admin);
    const { secret: otherSecret } = await withTotp(other);
    const pending = await passwordOnly(admin);
    const old = totpCode(secret, totpStep(now().getTime()) - 2);
    expect((await completeSignIn(pending.args, pending.session, { method: "totp", code: old })).ok).toBe(
      false,
    );
    const foreign = currentCode(otherSecret);
    expect(foreign).not.toBe(currentCode(secret));
    expect((await completeSignIn(pending.args, pending.session, { method: "totp", code: foreign })).ok).toBe(
      false,
    );
  });

  it("throttles second-factor guesses with the password attempts: then even the right code is refused", async () => {
    const admin = await signedInAdmin();
    const { secret } = await withTotp(admin);
    const pending = await passwordOnly(admin);
    const statuses: number[] = [];
    for (let i = 0; i < MAX_FAILED_LOGINS + 1; i++) {
      const outcome = await completeSignIn(pending.args, pending.session, { method: "totp", code: "000000" });
      statuses.push(outcome.ok ? 200 : outcome.status);
    }
    expect(statuses.slice(0, MAX_FAILED_LOGINS - 1)).toEqual(Array(MAX_FAILED_LOGINS - 1).fill(401));
    expect(statuses.slice(MAX_FAILED_LOGINS - 1)).toEqual([429, 429]);
    const right = await completeSignIn(pending.args, pending.session, {
      method: "totp",
      code: currentCode(secret),
    });
    expect(right).toMatchObject({ ok: false, status: 429 });
    expect(await auditCount("Locked admin login", admin.user.id)).toBe(1);
  });
});

describe("recovery codes", () => {
  it("signs in once with a code; the same code is refused the second time, and another admin's always", async () => {
    const admin = await signedInAdmin();
    const other = await signedInAdmin();
    const { recoveryCodes } = await withTotp(admin);
    const { recoveryCodes: otherCodes } = await withTotp(other);
    expect(recoveryCodes).toHaveLength(10);
    const [code] = recoveryCodes;

    const first = await passwordOnly(admin);
    expect((await completeSignIn(first.args, first.session, { method: "recovery", code })).ok).toBe(true);
    const second = await passwordOnly(admin);
    expect((await completeSignIn(second.args, second.session, { method: "recovery", code })).ok).toBe(false);
    const foreign = await completeSignIn(second.args, second.session, {
      method: "recovery",
      code: otherCodes[0],
    });
    expect(foreign.ok).toBe(false);
    expect(await auditCount("Used admin recovery code", admin.user.id)).toBe(1);
  });
});

describe("passkeys", () => {
  it("refuses a registration made for another origin or RP ID, and accepts the right one", async () => {
    const admin = await signedInAdmin();
    const { rpID, origin } = relyingParty();
    const key = softPasskey();
    for (const wrong of [
      { origin: "https://mafunzo.example.net", rpId: rpID },
      { origin, rpId: "mafunzo.example.net" },
    ]) {
      const options = await registrationOptions(admin.user);
      const outcome = await addPasskey(admin, {
        name: "Phishing",
        credential: key.register({ challenge: options.challenge, ...wrong }),
      });
      expect(outcome.ok).toBe(false);
    }
    const options = await registrationOptions(admin.user);
    const credential = key.register({ challenge: options.challenge, origin, rpId: rpID });
    const added = await addPasskey(admin, { name: "Laptop", credential });
    expect(added.ok).toBe(true);
    // the first factor comes with recovery codes
    if (added.ok) expect(added.value).toHaveLength(10);
    // a challenge answers once
    expect((await addPasskey(admin, { name: "Again", credential })).ok).toBe(false);
    expect(await auditCount("Added admin passkey")).toBe(1);
  });

  it("completes a sign-in with the admin's own passkey only, for our origin and RP ID only, once per challenge", async () => {
    const admin = await signedInAdmin();
    const other = await signedInAdmin();
    const key = await registeredPasskey(admin);
    const otherKey = await registeredPasskey(other);
    const { rpID, origin } = relyingParty();
    const pending = await passwordOnly(admin);
    const sign = async (
      signer: ReturnType<typeof softPasskey>,
      where: { origin: string; rpId: string } = { origin, rpId: rpID },
    ) => {
      const options = await authenticationOptions("verify", admin.user);
      return signer.authenticate({ challenge: options.challenge, ...where });
    };
    const attempt = (credential: string) =>
      completeSignIn(pending.args, pending.session, { method: "passkey", credential });

    expect((await attempt(await sign(otherKey))).ok).toBe(false);
    expect((await attempt(await sign(key, { origin: "https://mafunzo.example.net", rpId: rpID }))).ok).toBe(
      false,
    );
    expect((await attempt(await sign(key, { origin, rpId: "mafunzo.example.net" }))).ok).toBe(false);
    const good = await sign(key);
    expect((await attempt(good)).ok).toBe(true);
    // the same answer again: its challenge is gone
    const again = await passwordOnly(admin);
    expect(
      (await completeSignIn(again.args, again.session, { method: "passkey", credential: good })).ok,
    ).toBe(false);
  });
});

describe("step-up", () => {
  it("asks again after five minutes, and a step-up makes the session recent again", async () => {
    const admin = await signedInAdmin();
    const args = admin.args("/admin/administrators", { form: { intent: "add" } });
    args.request.headers.set("Referer", "http://localhost/admin/settings");
    const session = (await getAdminSession(args)) as AdminSession;
    expect(() => requireRecentVerification(session, args.request)).not.toThrow();

    advanceClock(STEP_UP_MAX_AGE_MS + 1000);
    const stale = await answer(() =>
      administratorsAction(
        admin.args("/admin/administrators", {
          form: { intent: "add", email: "x@mafunzo.test", password: "secret-1" },
        }),
      ),
    );
    expect(stale).toMatchObject({ status: 302 });
    expect(stale.location).toMatch(/^\/admin\/step-up\?redirectTo=/);
    expect(() => requireRecentVerification(session, args.request)).toThrow();
    const thrown = await Promise.resolve()
      .then(() => requireRecentVerification(session, args.request))
      .catch((e: unknown) => e as Response);
    expect(thrown instanceof Response && thrown.headers.get("Location")).toBe(
      "/admin/step-up?redirectTo=%2Fadmin%2Fsettings",
    );

    // an admin without a second factor steps up with the password; a wrong one is refused and audited
    expect((await stepUp(session, { method: "password", code: "wrong" })).ok).toBe(false);
    expect((await stepUp(session, { method: "password", code: admin.password })).ok).toBe(true);
    const fresh = (await getAdminSession(args)) as AdminSession;
    expect(() => requireRecentVerification(fresh, args.request)).not.toThrow();
    expect(await auditCount("Admin step-up", admin.user.id)).toBe(1);
    expect(await auditCount("Failed admin step-up", admin.user.id)).toBe(1);
  });

  it("does not take the password from an admin who has a second factor", async () => {
    const admin = await signedInAdmin();
    await withTotp(admin);
    const session = (await getAdminSession(admin.args("/admin/step-up"))) as AdminSession;
    expect((await stepUp(session, { method: "password", code: admin.password })).ok).toBe(false);
  });
});

describe("first start", () => {
  it("lets a signup from this machine through, and one from elsewhere only with the latest setup code", async () => {
    const oldCode = await announceFirstStart();
    const code = await announceFirstStart();
    expect(code).toMatch(/^[0-9A-F]{5}-[0-9A-F]{5}$/);
    const remote = requestContext("203.0.113.7");
    const local = requestContext("127.0.0.1");
    local.set((await import("#app/context")).requestInfoContext, {
      requestId: "t",
      nonce: "",
      ip: "127.0.0.1",
      userAgent: "",
      fromLoopback: true,
    });
    expect(await setupCodeAccepted(local, undefined)).toBe(true);
    expect(await setupCodeAccepted(remote, undefined)).toBe(false);
    if (oldCode !== code) expect(await setupCodeAccepted(remote, oldCode ?? "")).toBe(false);
    expect(await setupCodeAccepted(remote, code?.toLowerCase())).toBe(true);

    const form = { email: "first@mafunzo.test", password: "secret-1", confirmPassword: "secret-1" };
    const refused = await answer(() => signupAction(routeArgs("/admin/signup", { form, ip: "203.0.113.7" })));
    expect(refused.status).toBe(403);
    expect(await adminExists()).toBe(false);
    expect(await auditCount("Failed admin signup")).toBe(1);
    const accepted = await answer(() =>
      signupAction(
        routeArgs("/admin/signup", { form: { ...form, setupCode: code ?? "" }, ip: "203.0.113.7" }),
      ),
    );
    expect(accepted).toMatchObject({ status: 302, location: "/admin/dashboard" });
    // used up: no code is kept once the admin exists
    expect(await setupCodeAccepted(remote, code ?? "")).toBe(false);
  });
});
