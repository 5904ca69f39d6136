import { z } from "zod";

// A WebAuthn response as JSON: a few kilobytes at most (the attestation of a registration is the largest)
const credential = z.string().min(1, "The passkey did not answer").max(16_000);
const redirectTo = z.string().max(500).optional();
const passkeyName = z
  .string({ error: "Give the passkey a name" })
  .trim()
  .min(1, "Give the passkey a name")
  .max(60, "A passkey name has at most 60 characters");

/** A second factor given at sign-in or step-up; `password` only for the step-up of an admin without one. */
export const FactorSchema = z.object({
  method: z.enum(["totp", "recovery", "passkey", "password"]),
  code: z.string().trim().max(200).optional(),
  credential: credential.optional(),
  redirectTo,
});

export const PasskeySignInSchema = z.object({ credential, redirectTo });

export const PasskeyOptionsSchema = z.object({ purpose: z.enum(["register", "step-up"]) });

export const AddPasskeySchema = z.object({ name: passkeyName, credential });
export const RenamePasskeySchema = z.object({ passkeyId: z.uuid(), name: passkeyName });
export const RemovePasskeySchema = z.object({ passkeyId: z.uuid() });
export const TotpCodeSchema = z.object({
  code: z
    .string({ error: "Enter the 6-digit code from the app" })
    .trim()
    .max(20)
    .regex(/^\d{6}$/, "Enter the 6-digit code from the app"),
});
