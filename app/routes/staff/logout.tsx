import { recordAudit } from "#app/platform/audit.server";
import { db } from "#app/platform/db/client.server";
import { redirectWithToast } from "#app/platform/toast.server";
import { endSession, requireAdmin } from "#app/staff/index.server";
import type { Route } from "./+types/logout";

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  // signing out changes state, so it is only done by POST (the sidebar's Logout button)
  throw new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

export async function action(args: Route.ActionArgs) {
  // a session stopped at the second factor or at enrolment may always sign out
  const admin = await requireAdmin(args, { allow: ["verify", "enrol"] });
  const setCookie = await db().transaction(async (tx) => {
    await recordAudit(tx, admin.actor, {
      action: "Admin logout",
      tableName: "users",
      recordId: admin.user.id,
      newValues: { email: admin.user.email, logout_time: new Date().toISOString() },
    });
    return endSession(tx, args.request);
  });
  return redirectWithToast(
    "/",
    { type: "success", title: "Signed out" },
    { headers: { "Set-Cookie": setCookie } },
  );
}
