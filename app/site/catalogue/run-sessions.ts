import { z } from "zod";
import { formDate } from "#app/platform/forms/query";
import { HOLIDAY_COUNTRIES } from "#app/utils/public-holidays";

const time = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, message);

/** The run page's session form: add a day (a Saturday on purpose, a day moved after a holiday) or drop one. */
export const RunSessionSchema = z
  .object({
    intent: z.enum(["add-session", "remove-session"], "Choose to add or remove a session."),
    date: formDate("Enter the session's date."),
    startTime: time("Enter the start time as HH:MM, e.g. 09:00.").optional(),
    endTime: time("Enter the end time as HH:MM, e.g. 17:00.").optional(),
  })
  .refine((v) => !v.startTime || !v.endTime || v.endTime > v.startTime, {
    message: "The session must end after it starts.",
    path: ["endTime"],
  });

/** A public holiday gazetted for one year only, as staff add it. */
export const GazettedHolidaySchema = z.object({
  intent: z.literal("add-holiday"),
  country: z.enum(HOLIDAY_COUNTRIES, "Choose the country that gazetted it."),
  date: formDate("Enter the holiday's date."),
  name: z.string("Enter the holiday's name.").trim().min(3, "Enter the holiday's name.").max(120),
});
