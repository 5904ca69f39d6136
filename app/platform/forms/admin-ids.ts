import { z } from "zod";

/** A delete or edit request names its row by id; anything else is refused before a query runs. */
export const IdSchema = z.uuid();

/** A stored file or record named in an address or a form. */
export const RecordIdSchema = z.object({ id: IdSchema });

export function parseId(value: FormDataEntryValue | string | null | undefined) {
  const parsed = IdSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
