import { z } from "zod";
import { STAFF_ROLES } from "#app/platform/db/enums";
import { email, newPassword } from "../sign-in/auth";

/** How long an invitation's link works. */
export const INVITATION_HOURS = 72;

export const INVITATION_UNUSABLE =
  "This invitation link has expired or was already used. Ask an owner to send you a new one.";

const name = z
  .string({ error: "Name is required" })
  .trim()
  .min(1, "Name is required")
  .max(100, "Name must be at most 100 characters");

// a form posts one `roles` field per ticked box
const roles = z
  .array(z.enum(STAFF_ROLES, { error: "Choose roles from the list" }), { error: "Choose at least one role" })
  .min(1, "Choose at least one role")
  .max(STAFF_ROLES.length)
  .transform((list) => [...new Set(list)]);

const id = z.uuid({ error: "Choose an account from the list" });

/** The Staff page's forms: an invitation, and what an owner does to an account or a pending invitation. */
export const StaffActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("invite"), email, name, roles }),
  z.object({ intent: z.literal("roles"), userId: id, roles }),
  z.object({ intent: z.literal("deactivate"), userId: id }),
  z.object({ intent: z.literal("reactivate"), userId: id }),
  z.object({ intent: z.literal("resend"), invitationId: id }),
  z.object({ intent: z.literal("revoke"), invitationId: id }),
]);
export type StaffAction = z.infer<typeof StaffActionSchema>;

/** The invitee's form: their name and their own password. */
export const AcceptInvitationSchema = z
  .object({
    name,
    password: newPassword,
    confirmPassword: z.string({ error: "Please confirm the password" }).max(200),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });
