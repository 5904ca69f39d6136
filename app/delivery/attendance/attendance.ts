import { z } from "zod";
import { formDate, queryDate } from "#app/platform/forms/query";

/** One tap on the attendance screen: this participant, this day, present or absent. */
export const AttendanceMarkSchema = z.object({
  id: z.uuid("Unknown participant."),
  day: formDate("Choose a day of this course date."),
  present: z.enum(["true", "false"], "Choose present or absent."),
});

/** The attendance screen's ?day= (a day of the run, else the default day). */
export const AttendanceQuerySchema = z.object({ day: queryDate() });
