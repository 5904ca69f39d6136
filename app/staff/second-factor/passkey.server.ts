import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { env } from "#app/platform/env.server";
import { logger } from "#app/platform/logger.server";
import {
  type ChallengePurpose,
  consumeChallenge,
  findPasskeyByCredentialId,
  insertChallenge,
  listPasskeys,
} from "#app/staff/second-factor/factors.server";
import type { AdminUser } from "../sign-in/auth.server";

// WebAuthn ceremonies through SimpleWebAuthn. The relying party is PUBLIC_URL: its host is the RP ID and its
// origin the only origin accepted. Challenges live in the database (any process can finish a ceremony another
// began), for CHALLENGE_TTL_MS, and are deleted as they are used.

const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** About 30 MB of code only a passkey ceremony needs: loaded then, not by every process (decision 0603). */
const webauthn = () => import("@simplewebauthn/server");
const RP_NAME = "Mafunzo Admin";

export function relyingParty() {
  const url = new URL(env().PUBLIC_URL);
  return { rpID: url.hostname, origin: url.origin };
}

async function keepChallenge(challenge: string, purpose: ChallengePurpose, userId: string | null) {
  await insertChallenge(challenge, purpose, userId, new Date(Date.now() + CHALLENGE_TTL_MS));
}

/** Options for registering a new passkey: a discoverable credential, so it can also be the sign-in itself. */
export async function registrationOptions(user: AdminUser) {
  const existing = await listPasskeys(user.id);
  const options = await (await webauthn()).generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: relyingParty().rpID,
    userName: user.email,
    userID: new TextEncoder().encode(user.id),
    attestationType: "none",
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  await keepChallenge(options.challenge, "register", user.id);
  return options;
}

/**
 * Options for proving a passkey: without a user, any discoverable passkey of this site (sign-in with a
 * passkey); with one, only that admin's passkeys (second step of sign-in, step-up).
 */
export async function authenticationOptions(
  purpose: Exclude<ChallengePurpose, "register">,
  user?: AdminUser,
) {
  const allowCredentials = user
    ? (await listPasskeys(user.id)).map((p) => ({ id: p.credentialId, transports: p.transports }))
    : undefined;
  const options = await (await webauthn()).generateAuthenticationOptions({
    rpID: relyingParty().rpID,
    allowCredentials,
    // a passkey alone is the whole sign-in only when the authenticator checked its owner (PIN, biometrics)
    userVerification: user ? "preferred" : "required",
  });
  await keepChallenge(options.challenge, purpose, user?.id ?? null);
  return options;
}

/** The challenge the browser signed, read from the response's client data (checked again by the library). */
function signedChallenge(response: { response?: { clientDataJSON?: unknown } }) {
  try {
    const text = Buffer.from(String(response.response?.clientDataJSON), "base64url").toString("utf8");
    const challenge = (JSON.parse(text) as { challenge?: unknown }).challenge;
    return typeof challenge === "string" ? challenge : null;
  } catch {
    return null;
  }
}

function parseJson<T>(text: string): T | null {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === "object" ? (value as T) : null;
  } catch {
    return null;
  }
}

type NewPasskey = { credentialId: string; publicKey: string; counter: number; transports: string[] };

/** Checks a registration response against a live challenge of this admin; the passkey to store, or null. */
export async function verifyRegistration(
  user: AdminUser,
  credentialJson: string,
): Promise<NewPasskey | null> {
  const response = parseJson<RegistrationResponseJSON>(credentialJson);
  const challenge = response ? signedChallenge(response) : null;
  if (!response || !challenge || !(await consumeChallenge(challenge, "register", user.id))) return null;
  const { rpID, origin } = relyingParty();
  try {
    const result = await (await webauthn()).verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    });
    if (!result.verified) return null;
    const { credential } = result.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString("base64url"),
      counter: credential.counter,
      transports: credential.transports ?? response.response.transports ?? [],
    };
  } catch (err) {
    logger.info({ err }, "passkey registration refused");
    return null;
  }
}

type ProvenPasskey = NonNullable<Awaited<ReturnType<typeof findPasskeyByCredentialId>>> & {
  newCounter: number;
};

/**
 * Checks an authentication response against a live challenge for `purpose` (and `userId`, when the ceremony
 * was for one admin): the passkey must be registered, belong to that admin, and sign for our RP ID and origin.
 */
export async function verifyAssertion(
  purpose: Exclude<ChallengePurpose, "register">,
  userId: string | null,
  credentialJson: string,
): Promise<ProvenPasskey | null> {
  const response = parseJson<AuthenticationResponseJSON>(credentialJson);
  const challenge = response ? signedChallenge(response) : null;
  if (!response || !challenge || !(await consumeChallenge(challenge, purpose, userId))) return null;
  const passkey = typeof response.id === "string" ? await findPasskeyByCredentialId(response.id) : undefined;
  if (!passkey || (userId && passkey.userId !== userId)) return null;
  const { rpID, origin } = relyingParty();
  try {
    const result = await (await webauthn()).verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: passkey.credentialId,
        publicKey: Buffer.from(passkey.publicKey, "base64url"),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification: userId === null,
    });
    return result.verified ? { ...passkey, newCounter: result.authenticationInfo.newCounter } : null;
  } catch (err) {
    logger.info({ err }, "passkey assertion refused");
    return null;
  }
}
