// argon2 (native) loads on the first sign-in or password change, not in every process (decision 0603)
const argon2 = () => import("@node-rs/argon2");

// argon2id with OWASP's second recommended parameter set (19 MiB, 2 passes)
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export async function hashPassword(password: string) {
  return (await argon2()).hash(password, OPTIONS);
}

// Verified against when the e-mail is unknown, so both failures take the same time.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | undefined, password: string) {
  dummyHash ??= hashPassword("not-a-real-password");
  const target = passwordHash ?? (await dummyHash);
  const { verify } = await argon2();
  const ok = await verify(target, password).catch(() => false);
  return ok && passwordHash !== undefined;
}
