import { z } from "zod";

/** The admin header's one search: what was typed, bounded (decision 0787). */
export const AdminSearchSchema = z.object({
  q: z
    .string()
    .trim()
    .min(2, "Type at least 2 characters: a reference, a name, an organisation, a phone number or a code.")
    .max(100, "Type at most 100 characters."),
});

export const SEARCH_GROUPS = ["bookings", "participants", "organisations", "payments", "documents"] as const;
export type SearchGroupKind = (typeof SEARCH_GROUPS)[number];

/** One found record: what it is called, a line about it, and where it is read. */
export type SearchHit = { title: string; detail: string; href: string };
export type SearchGroup = { kind: SearchGroupKind; title: string; hits: SearchHit[] };
