import { z } from "zod";

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`).default("");

/** The run's joining instructions as the admin edits them; every field may stay empty until known. */
export const JoiningInstructionsSchema = z.object({
  venueDetails: text(2000),
  mapUrl: z
    .string()
    .trim()
    .max(500, "At most 500 characters")
    .refine((v) => v === "" || /^https?:\/\/\S+$/.test(v), "Enter a link starting with https://")
    .default(""),
  startTime: z
    .string()
    .trim()
    .max(5)
    .refine((v) => v === "" || /^([01]\d|2[0-3]):[0-5]\d$/.test(v), "Enter a time such as 08:30")
    .default(""),
  timetable: text(4000),
  whatToBring: text(2000),
  contactName: text(120),
  contactPhone: text(40),
});

export type JoiningInstructionsInput = z.infer<typeof JoiningInstructionsSchema>;
