import { z } from "zod";

/** A delete or edit request names its row by id; anything else is refused before a query runs. */
export const IdSchema = z.uuid();

export function parseId(value: FormDataEntryValue | string | null | undefined) {
  const parsed = IdSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
