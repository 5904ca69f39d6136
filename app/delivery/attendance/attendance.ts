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

/** A meeting's participants report (CSV) for one session, uploaded on the attendance screen (decision 0825). */
export const MeetingReportSchema = z.object({
  intent: z.literal("import-report"),
  day: formDate("Choose a day of this course date."),
});

/** A participant the report named without their e-mail, confirmed by a person: the mark the report gave. */
export const ConfirmReportMatchSchema = z.object({
  intent: z.literal("confirm-report-match"),
  id: z.uuid("Unknown participant."),
  day: formDate("Choose a day of this course date."),
  present: z.enum(["true", "false"], "Choose present or absent."),
  minutes: z.coerce.number().int().min(0).max(1440),
});

/** A session's meeting: made in the connected Zoom or Teams account, or a link pasted by staff (decision 0826). */
export const SessionMeetingSchema = z.object({
  intent: z.enum(["create-meeting", "set-meeting-link", "fetch-report"]),
  day: formDate("Choose a day of this course date."),
  provider: z.enum(["zoom", "teams"], "Choose Zoom or Teams.").optional(),
  link: z
    .url({ protocol: /^https$/, error: "Paste the meeting's https:// link." })
    .max(500, "The link is too long.")
    .optional(),
  passcode: z.string().trim().max(40, "The passcode is too long.").optional(),
});
