import { z } from "zod";
import { CALLBACK_BODY_LIMIT } from "#app/platform/forms/body-limits";
import { readProviderForm } from "#app/platform/forms/form-input.server";
import { logger } from "#app/platform/logger.server";
import { smsCallbackSecretMatches } from "./sms-credentials.server";
import { applyDeliveryReport, isStopReply, optOutOfSms } from "./sms-outbox.server";

/*
 * Africa's Talking's notifications (decision 0765), posted form-encoded to the addresses registered in its
 * dashboard: delivery reports, incoming messages (a STOP reply) and bulk SMS opt-outs. It signs none of them,
 * so the secret path segment the SMS settings show is the credential; a body is bounded (8 KB), parsed by a
 * schema (fields it may add are ignored), and answered 200, 4xx for a wrong one, never 5xx.
 */

const field = (max: number) => z.string().trim().min(1).max(max);

const DeliveryReportSchema = z.object({
  id: field(200),
  status: field(40),
  phoneNumber: field(40),
  failureReason: field(100).optional(),
});
const IncomingSchema = z.object({ from: field(40), text: z.string().max(2000), to: field(40).optional() });
const OptOutSchema = z.object({ phoneNumber: field(40), senderId: field(40).optional() });

export const SMS_CALLBACK_KINDS = ["delivery", "incoming", "opt-out"] as const;

const answer = (status: number, text: string) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });

/** Handles one notification at /api/sms/<secret>/<kind>. */
export async function smsCallback(request: Request, secret: string, kind: string): Promise<Response> {
  // the same answer for a wrong secret, a wrong kind and SMS not set up: nothing to probe
  if (
    !(SMS_CALLBACK_KINDS as readonly string[]).includes(kind) ||
    !(await smsCallbackSecretMatches(secret))
  ) {
    return answer(404, "Not found");
  }
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded") return answer(415, "Send the notification form-encoded.");
  const fields = await readProviderForm(request, CALLBACK_BODY_LIMIT);
  if (!fields) return answer(413, "The notification is too large.");
  try {
    if (kind === "delivery") {
      const report = DeliveryReportSchema.safeParse(fields);
      if (!report.success) return answer(400, "A delivery report needs id, status and phoneNumber.");
      const known = await applyDeliveryReport(report.data);
      return known ? answer(200, "OK") : answer(404, "No such message.");
    }
    if (kind === "incoming") {
      const incoming = IncomingSchema.safeParse(fields);
      if (!incoming.success) return answer(400, "An incoming message needs from and text.");
      if (isStopReply(incoming.data.text)) await optOutOfSms(incoming.data.from, "stop_reply");
      return answer(200, "OK");
    }
    const optOut = OptOutSchema.safeParse(fields);
    if (!optOut.success) return answer(400, "An opt-out needs phoneNumber.");
    await optOutOfSms(optOut.data.phoneNumber, "provider");
    return answer(200, "OK");
  } catch (error) {
    // never a 5xx: the provider would only repeat it; a 409 asks it to send the notification again later
    logger.error({ err: error, kind }, "SMS notification not recorded");
    return answer(409, "Not recorded now: send it again.");
  }
}
