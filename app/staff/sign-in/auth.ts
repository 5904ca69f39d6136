import { z } from "zod";

export const MIN_PASSWORD_LENGTH = 6;
// the spec's "Only one admin account is allowed" contradicted the administrators card (decision 0574)
export const ADMIN_EXISTS_MESSAGE =
  "An admin account already exists. Only the first administrator signs up here.";

export const email = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email must be at most 254 characters")
  .pipe(z.email("Enter a valid email address"));

export const LoginSchema = z.object({
  email,
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(200),
  redirectTo: z.string().max(500).optional(),
});

export const newPassword = z
  .string({ error: "Password is required" })
  .min(MIN_PASSWORD_LENGTH, "Password must be at least 6 characters long")
  .max(200, "Password must be at most 200 characters");

/** Spec §5 messages, word for word. */
export const SignupSchema = z
  .object({
    email,
    password: newPassword,
    confirmPassword: z.string({ error: "Please confirm the password" }).max(200),
    // asked only of a signup from another machine (see app/staff/accounts/setup-code.server.ts)
    setupCode: z.string().trim().max(40).optional(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });

export const ChangePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: "Current password is required" })
      .min(1, "Current password is required")
      .max(200),
    newPassword,
    confirmPassword: z.string({ error: "Please confirm the password" }).max(200),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });

export const AddAdminSchema = z.object({ email, password: newPassword });

export const RemoveAdminSchema = z.object({
  userId: z.uuid({ error: "Choose an admin account to remove" }),
});

export function maxAdminsMessage(max: number) {
  return `The maximum number of admin accounts (${max}) has been reached. Raise “Most staff accounts” in Settings → Security to add more.`;
}

/** Only same-site admin paths are followed after login. */
export function safeAdminRedirect(target: string | null | undefined) {
  if (!target?.startsWith("/admin") || target.startsWith("//") || target.startsWith("/admin/login")) {
    return "/admin/dashboard";
  }
  return target;
}
