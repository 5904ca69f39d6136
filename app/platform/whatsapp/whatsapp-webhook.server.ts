import crypto from "node:crypto";
import { z } from "zod";
import { WHATSAPP_WEBHOOK_LIMIT } from "#app/platform/forms/body-limits";
import { readProviderBytes } from "#app/platform/forms/form-input.server";
import { logger } from "#app/platform/logger.server";
import { isStopReply } from "#app/platform/sms/sms-outbox.server";
import { getWhatsAppAccount } from "./whatsapp-credentials.server";
import { applyWhatsAppStatus, optOutOfWhatsApp } from "./whatsapp-outbox.server";

/*
 * Meta's webhooks for the WhatsApp number (decision 0770): the subscription's verification GET (hub.mode,
 * hub.verify_token, hub.challenge) and POSTs signed with X-Hub-Signature-256 (sha256= the HMAC-SHA256 of the raw
 * body under the app secret). A POST carries status updates (sent, delivered, read, failed with errors) and
 * incoming messages (a STOP reply). Bounded (Meta batches up to a thousand updates: 64 KB would not hold them, so
 * 256 KB), parsed by a schema that ignores fields Meta may add, answered 200, 4xx when wrong, never 5xx.
 */

const ErrorSchema = z.object({
  code: z.number().int(),
  title: z.string().max(300).optional(),
  message: z.string().max(300).optional(),
  error_data: z.object({ details: z.string().max(1000).optional() }).optional(),
});
const StatusSchema = z.object({
  id: z.string().min(1).max(200),
  status: z.string().max(40),
  recipient_id: z.string().max(40).optional(),
  errors: z.array(ErrorSchema).max(10).optional(),
});
const MessageSchema = z.object({
  from: z.string().min(1).max(40),
  type: z.string().max(40),
  text: z.object({ body: z.string().max(4096) }).optional(),
  button: z.object({ text: z.string().max(256) }).optional(),
});
const PayloadSchema = z.object({
  object: z.literal("whatsapp_business_account"),
  entry: z
    .array(
      z.object({
        changes: z
          .array(
            z.object({
              field: z.string().max(100),
              value: z.object({
                statuses: z.array(StatusSchema).max(1000).optional(),
                messages: z.array(MessageSchema).max(1000).optional(),
              }),
            }),
          )
          .max(100),
      }),
    )
    .max(100),
});

const answer = (status: number, text: string) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });

const equal = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
};

/** The subscription's check: the challenge back when the verify token is ours, 403 otherwise. */
export async function whatsappVerification(request: Request) {
  const params = new URL(request.url).searchParams;
  const account = await getWhatsAppAccount();
  const token = params.get("hub.verify_token") ?? "";
  const challenge = params.get("hub.challenge") ?? "";
  if (
    !account ||
    params.get("hub.mode") !== "subscribe" ||
    !equal(token, account.verifyToken) ||
    !/^[A-Za-z0-9_-]{1,200}$/.test(challenge)
  ) {
    return answer(403, "Forbidden");
  }
  return answer(200, challenge);
}

/** Whether `signature` (the X-Hub-Signature-256 header) signs `body` under `appSecret`. */
export function signatureMatches(body: Buffer, signature: string | null, appSecret: string) {
  if (!signature) return false;
  const expected = `sha256=${crypto.createHmac("sha256", appSecret).update(body).digest("hex")}`;
  return equal(signature.trim().toLowerCase(), expected);
}

/** One of Meta's webhook POSTs. */
export async function whatsappWebhook(request: Request): Promise<Response> {
  const account = await getWhatsAppAccount();
  if (!account) return answer(404, "Not found");
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json") return answer(415, "Send the notification as JSON.");
  const body = await readProviderBytes(request, WHATSAPP_WEBHOOK_LIMIT);
  if (!body) return answer(413, "The notification is too large.");
  if (!signatureMatches(body, request.headers.get("x-hub-signature-256"), account.appSecret)) {
    return answer(401, "The signature does not match.");
  }
  let json: unknown;
  try {
    json = JSON.parse(body.toString("utf8"));
  } catch {
    return answer(400, "The notification is not JSON.");
  }
  const payload = PayloadSchema.safeParse(json);
  if (!payload.success) return answer(400, "Not a WhatsApp Business Account notification.");
  try {
    for (const entry of payload.data.entry) {
      for (const change of entry.changes) {
        if (change.field !== "messages") continue;
        for (const incoming of change.value.messages ?? []) {
          const text = incoming.text?.body ?? incoming.button?.text ?? "";
          if (isStopReply(text)) await optOutOfWhatsApp(incoming.from, "stop_reply");
        }
        for (const status of change.value.statuses ?? []) {
          if (!["sent", "delivered", "read", "failed"].includes(status.status)) continue;
          await applyWhatsAppStatus({
            id: status.id,
            status: status.status as "sent" | "delivered" | "read" | "failed",
            errors: status.errors?.map((error) => ({
              code: error.code,
              title: error.title ?? error.message,
              details: error.error_data?.details,
            })),
          });
        }
      }
    }
    return answer(200, "OK");
  } catch (error) {
    // never a 5xx; Meta sends a notification again when it is not answered 200
    logger.error({ err: error }, "WhatsApp notification not recorded");
    return answer(409, "Not recorded now: send it again.");
  }
}
