import { z } from "zod";

/** The areas a token's scopes name (issue 54): what each reads and, with `write`, changes. */
export const API_AREAS = ["catalogue", "bookings", "finance", "delivery"] as const;
export type ApiArea = (typeof API_AREAS)[number];
export const API_ACCESS = ["read", "write"] as const;
export type ApiScope = `${ApiArea}:${(typeof API_ACCESS)[number]}`;

export const API_SCOPES = API_AREAS.flatMap((area) =>
  API_ACCESS.map((access) => `${area}:${access}` as ApiScope),
);

export const API_AREA_LABELS: Record<ApiArea, string> = {
  catalogue: "Catalogue: courses and runs with their seats",
  bookings: "Bookings: bookings, participants and organisations",
  finance: "Finance: invoices, receipts, credit notes, payments and tax invoices",
  delivery: "Delivery: certificates",
};

/** A write scope includes reading its area. */
export function scopeAllows(scopes: readonly string[], area: ApiArea, access: "read" | "write") {
  return scopes.includes(`${area}:write`) || (access === "read" && scopes.includes(`${area}:read`));
}

const scopeField = z.enum(API_SCOPES as [ApiScope, ...ApiScope[]]);

export const CreateApiTokenSchema = z.object({
  intent: z.literal("create"),
  name: z
    .string("Name the token after the system that will use it")
    .trim()
    .min(2, "Name the token after the system that will use it")
    .max(80, "Use at most 80 characters"),
  scopes: z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z.array(scopeField).min(1, "Choose at least one scope"),
  ),
});

export const RevokeApiTokenSchema = z.object({
  intent: z.literal("revoke"),
  id: z.uuid("Choose a token from the list"),
});
