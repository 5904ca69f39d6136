import { data, useFetcher } from "react-router";
import { PageHeader } from "#app/components/admin/page-header";
import { useOutcomeToast } from "#app/components/admin/use-outcome-toast";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { ConfirmButton } from "#app/components/ui/confirm-button";
import { InputField } from "#app/components/ui/field";
import { readForm } from "#app/platform/forms/form-input.server";
import {
  canManageStaff,
  INVITATION_HOURS,
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  ROLES,
  type Role,
  StaffActionSchema,
} from "#app/staff/index";
import {
  deactivateStaff,
  inviteStaff,
  listStaff,
  reactivateStaff,
  requireAllowed,
  requireRecentVerification,
  resendInvitation,
  revokeInvitation,
  type StaffOutcome,
  setStaffRoles,
} from "#app/staff/index.server";
import { formatDateTime } from "#app/utils/datetime";
import type { Route } from "./+types/staff";

export const meta: Route.MetaFunction = () => [{ title: "Staff | Mafunzo Admin" }];

export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAllowed(args, canManageStaff);
  return { ...(await listStaff()), currentUserId: admin.user.id };
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAllowed(args, canManageStaff);
  // who holds which keys is the most sensitive change there is: it asks for a recent sign-in
  requireRecentVerification(admin, args.request);
  const formData = await readForm(args.request, StaffActionSchema);
  const parsed = StaffActionSchema.safeParse({
    ...Object.fromEntries(formData),
    roles: formData.getAll("roles"),
  });
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Invalid request.";
    return data<StaffOutcome>({ ok: false, status: 400, message }, { status: 400 });
  }
  const input = parsed.data;
  const outcome =
    input.intent === "invite"
      ? await inviteStaff(admin.actor, input)
      : input.intent === "roles"
        ? await setStaffRoles(admin.actor, input.userId, input.roles)
        : input.intent === "deactivate"
          ? await deactivateStaff(admin.actor, input.userId)
          : input.intent === "reactivate"
            ? await reactivateStaff(admin.actor, input.userId)
            : input.intent === "resend"
              ? await resendInvitation(admin.actor, input.invitationId)
              : await revokeInvitation(admin.actor, input.invitationId);
  return data(outcome, { status: outcome.ok ? 200 : outcome.status });
}

type Data = Route.ComponentProps["loaderData"];

function RoleChoices({ chosen, idPrefix }: { chosen: readonly Role[]; idPrefix: string }) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-700">Roles</legend>
      {ROLES.map((role) => (
        <label key={role} htmlFor={`${idPrefix}-${role}`} className="flex min-h-11 items-start gap-3 text-sm">
          <input
            id={`${idPrefix}-${role}`}
            type="checkbox"
            name="roles"
            value={role}
            defaultChecked={chosen.includes(role)}
            className="mt-1 size-4"
          />
          <span>
            <span className="font-medium text-slate-900">{ROLE_LABELS[role]}</span>
            <span className="block text-slate-600">{ROLE_DESCRIPTIONS[role]}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function InviteCard() {
  const fetcher = useFetcher<StaffOutcome>({ key: "invite" });
  useOutcomeToast(fetcher.data, "Invitation not sent");
  const busy = fetcher.state !== "idle";
  return (
    <section aria-labelledby="invite-heading" className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="invite-heading" className="text-lg font-semibold text-slate-900">
        Invite a staff member
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        They receive an e-mail with a link, valid for {INVITATION_HOURS} hours, to choose their own password.
      </p>
      <fetcher.Form method="post" className="mt-4 grid gap-4 md:grid-cols-2">
        <input type="hidden" name="intent" value="invite" />
        <div className="space-y-4">
          <InputField id="invite-email" label="Email" name="email" type="email" required autoComplete="off" />
          <InputField id="invite-name" label="Name" name="name" required autoComplete="off" />
        </div>
        <RoleChoices chosen={[]} idPrefix="invite" />
        <div className="md:col-span-2">
          <Button type="submit" disabled={busy} className="min-h-11">
            {busy ? "Sending..." : "Send invitation"}
          </Button>
        </div>
      </fetcher.Form>
    </section>
  );
}

function AccountCard({ account, own }: { account: Data["accounts"][number]; own: boolean }) {
  const fetcher = useFetcher<StaffOutcome>({ key: `staff-${account.id}` });
  useOutcomeToast(fetcher.data, "Not changed");
  const active = !account.deactivatedAt;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4" data-staff={account.email}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900 wrap-anywhere">{account.name ?? account.email}</p>
          <p className="text-sm text-slate-600 wrap-anywhere">{account.email}</p>
        </div>
        <div className="flex flex-wrap gap-1">
          {account.roles.map((role) => (
            <Badge key={role} tone="brand">
              {ROLE_LABELS[role]}
            </Badge>
          ))}
          {active ? null : <Badge tone="red">Deactivated</Badge>}
        </div>
      </div>
      <p className="mt-1 text-xs text-slate-500">
        {account.lastSeenAt ? `Last seen ${formatDateTime(account.lastSeenAt)}` : "Not signed in yet"}
      </p>
      {own ? (
        <p className="mt-3 text-sm text-slate-600">This is your account: another owner changes it.</p>
      ) : (
        <details className="mt-3">
          <summary className="min-h-11 cursor-pointer py-2 text-sm font-medium text-brand-700">
            Change
          </summary>
          <fetcher.Form method="post" className="mt-2 space-y-3">
            <input type="hidden" name="intent" value="roles" />
            <input type="hidden" name="userId" value={account.id} />
            <RoleChoices chosen={account.roles} idPrefix={`roles-${account.id}`} />
            <Button type="submit" variant="outline" className="min-h-11">
              Save roles
            </Button>
          </fetcher.Form>
          <fetcher.Form method="post" className="mt-3">
            <input type="hidden" name="intent" value={active ? "deactivate" : "reactivate"} />
            <input type="hidden" name="userId" value={account.id} />
            {active ? (
              <ConfirmButton
                message={`Deactivate ${account.email}? They are signed out at once and cannot sign in; their history stays.`}
                className="min-h-11"
              >
                Deactivate
              </ConfirmButton>
            ) : (
              <Button type="submit" variant="outline" className="min-h-11">
                Reactivate
              </Button>
            )}
          </fetcher.Form>
        </details>
      )}
    </li>
  );
}

function InvitationRow({ invitation }: { invitation: Data["invitations"][number] }) {
  const fetcher = useFetcher<StaffOutcome>({ key: `invitation-${invitation.id}` });
  useOutcomeToast(fetcher.data, "Not changed");
  const expired = new Date(invitation.expiresAt).getTime() < Date.now();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <div className="min-w-0">
        <p className="font-medium text-slate-900 wrap-anywhere">{invitation.email}</p>
        <p className="text-sm text-slate-600">
          {invitation.roles.map((role) => ROLE_LABELS[role]).join(", ")} ·{" "}
          {expired ? "link expired" : `link valid until ${formatDateTime(invitation.expiresAt)}`}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="resend" />
          <input type="hidden" name="invitationId" value={invitation.id} />
          <Button type="submit" variant="outline" className="min-h-11">
            Send again
          </Button>
        </fetcher.Form>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="revoke" />
          <input type="hidden" name="invitationId" value={invitation.id} />
          <ConfirmButton message={`Cancel the invitation to ${invitation.email}?`} className="min-h-11">
            Cancel invitation
          </ConfirmButton>
        </fetcher.Form>
      </div>
    </li>
  );
}

export default function Staff({ loaderData }: Route.ComponentProps) {
  const { accounts, invitations, currentUserId } = loaderData;
  return (
    <>
      <PageHeader
        title="Staff"
        description="Who works in the back office, and what each role lets them see and do."
      />
      <div className="space-y-6">
        <InviteCard />
        {invitations.length > 0 ? (
          <section aria-labelledby="invitations-heading">
            <h2 id="invitations-heading" className="mb-3 text-lg font-semibold text-slate-900">
              Open invitations
            </h2>
            <ul className="space-y-3">
              {invitations.map((invitation) => (
                <InvitationRow key={invitation.id} invitation={invitation} />
              ))}
            </ul>
          </section>
        ) : null}
        <section aria-labelledby="accounts-heading">
          <h2 id="accounts-heading" className="mb-3 text-lg font-semibold text-slate-900">
            Accounts
          </h2>
          <ul className="grid gap-3 lg:grid-cols-2">
            {accounts.map((account) => (
              <AccountCard key={account.id} account={account} own={account.id === currentUserId} />
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
