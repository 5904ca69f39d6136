import { z } from "zod";

/** The run page's trainers form: one `trainers` field per ticked account (none takes every trainer off). */
export const RunTrainersSchema = z.object({
  trainers: z.array(z.uuid({ error: "Choose trainers from the list" })).max(20, "Choose at most 20 trainers"),
});
