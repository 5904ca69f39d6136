import { z } from "zod";
import { queryText } from "#app/platform/forms/query";

/** Which organisation's pack: ?org=<name as listed on the NITA page>. */
export const NitaQuerySchema = z.object({ org: queryText(200) });
