import type { RouterContextProvider } from "react-router";
import { recordAudit } from "#app/platform/audit.server";
import { db } from "#app/platform/db/client.server";
import { deleteSetupCode } from "#app/staff/accounts/setup-code-store.server";
import { countAdmins, createAdmin, lockAdminAccounts } from "#app/staff/accounts/user.server";
import { ADMIN_EXISTS_MESSAGE } from "#app/staff/sign-in/auth";
import { anonymousActor, startSession } from "../sign-in/auth.server";
import { hashPassword } from "../sign-in/password.server";

/**
 * Creates the first admin and signs them in. The count is checked under an advisory lock inside the
 * transaction, so two signups racing create exactly one admin.
 */
export async function signUpFirstAdmin(
  args: { request: Request; context: Readonly<RouterContextProvider> },
  input: { email: string; password: string },
): Promise<{ ok: true; setCookie: string } | { ok: false; message: string }> {
  const passwordHash = await hashPassword(input.password);
  return db().transaction(async (tx) => {
    await lockAdminAccounts(tx);
    if ((await countAdmins(tx)) > 0) return { ok: false, message: ADMIN_EXISTS_MESSAGE };
    const user = await createAdmin(tx, input.email, passwordHash);
    // the setup code has done its work: no later signup can use it
    await deleteSetupCode(tx);
    const actor = { ...anonymousActor(args.context, user.email), id: user.id };
    await recordAudit(tx, actor, {
      action: "Admin signup",
      tableName: "users",
      recordId: user.id,
      newValues: { email: user.email, roles: user.roles },
    });
    await recordAudit(tx, actor, {
      action: "Admin login",
      tableName: "users",
      recordId: user.id,
      newValues: { email: user.email, login_time: new Date().toISOString() },
    });
    return { ok: true, setCookie: await startSession(tx, user, args.context, args.request) };
  });
}

/** A signup from another machine without the right setup code: kept in the audit log for the owner to see. */
export async function recordFailedSignup(args: { context: Readonly<RouterContextProvider> }, email: string) {
  await db().transaction((tx) =>
    recordAudit(tx, anonymousActor(args.context, email), {
      action: "Failed admin signup",
      tableName: "users",
      recordId: null,
      newValues: { email, reason: "missing or wrong setup code" },
    }),
  );
}
