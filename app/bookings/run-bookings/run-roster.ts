import { z } from "zod";

const id = z.uuid("Unknown participant.");

/** The run page's actions on one participant, on a booking's invoice, and on the whole run. */
export const RosterActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("confirm"), id }),
  z.object({ intent: z.literal("cancel"), id }),
  z.object({ intent: z.literal("move"), id, toRunId: z.uuid("Choose the date to move to.") }),
  z.object({ intent: z.literal("invoice"), bookingId: z.uuid("Unknown booking.") }),
  z.object({ intent: z.literal("cancel-run") }),
]);
