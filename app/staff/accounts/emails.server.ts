import { type Message, render } from "#app/platform/email/layout.server";
import { formatDateTime } from "#app/utils/datetime";
import { ROLE_DESCRIPTIONS, ROLE_LABELS, type Role } from "../policy";

export type InvitationMail = {
  name: string | null;
  inviter: string;
  roles: Role[];
  url: string;
  expiresAt: Date;
};

/** An owner's invitation to the back office, with the one-use link that sets the invitee's own password. */
export function staffInvitationMessage(m: InvitationMail): Message {
  return render(
    "Your Mafunzo back-office account",
    [
      `Dear ${m.name ?? "colleague"},`,
      `${m.inviter} has invited you to the Mafunzo back office. Open the link below to choose your password; it works once, until ${formatDateTime(m.expiresAt)} (Nairobi time).`,
    ],
    [
      ["Set your password", m.url],
      ...m.roles.map((role): [string, string] => [ROLE_LABELS[role], ROLE_DESCRIPTIONS[role]]),
    ],
    ["If you did not expect this invitation, ignore this e-mail: no account exists until the link is used."],
  );
}
