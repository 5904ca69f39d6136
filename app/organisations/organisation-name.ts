import type { ORGANISATION_TYPES } from "#app/platform/db/enums";

type OrganisationType = (typeof ORGANISATION_TYPES)[number];

/**
 * An organisation's name as matching compares it: case, punctuation, "&" and spacing do not tell two clients
 * apart ("Kenya Power & Lighting Co. Ltd" is "kenya power and lighting co ltd").
 */
export function organisationNameKey(name: string): string {
  return name
    .normalize("NFKC")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .replace(/\s+/g, " ");
}

const LEGAL_WORDS = new Set(["the", "ltd", "limited", "plc", "co", "company", "inc", "llc", "kenya"]);

/**
 * The key without the words people add or drop when they type a client's name (the, ltd, limited, plc, co,
 * kenya): two organisations whose loose keys agree are probably one, and the review screen asks a person.
 */
export function organisationLooseKey(name: string): string {
  return organisationNameKey(name)
    .split(" ")
    .filter((word) => !LEGAL_WORDS.has(word))
    .join(" ");
}

/** A KRA PIN as stored: capitals, no spaces (A123456789Z); null when none was given. */
export function normaliseKraPin(pin: string | null | undefined): string | null {
  const cleaned = pin?.replace(/\s+/g, "").toUpperCase() ?? "";
  return cleaned === "" ? null : cleaned;
}

const TYPE_HINTS: [RegExp, OrganisationType][] = [
  [/\bcounty\b/, "county_government"],
  [
    /\b(ministry|state department|authority|commission|national|government|parliament|judiciary)\b/,
    "national_government",
  ],
  [
    /\b(church|diocese|parish|mosque|ministries|catholic|anglican|presbyterian|adventist|methodist|pentecostal)\b/,
    "faith_based",
  ],
  [/\b(foundation|ngo|trust|society|association|network|initiative|organisation|organization)\b/, "ngo"],
  [/\b(ltd|limited|plc|company|co|bank|sacco|enterprises|group|inc|llc)\b/, "company"],
];

/** The type a matched organisation starts with, guessed from its name; the office corrects it on its page. */
export function guessOrganisationType(name: string): OrganisationType {
  const key = organisationNameKey(name);
  return TYPE_HINTS.find(([pattern]) => pattern.test(key))?.[1] ?? "other";
}
