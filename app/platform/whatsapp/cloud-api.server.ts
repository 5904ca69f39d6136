import { z } from "zod";
import { env } from "#app/platform/env.server";
import { readBodyBounded } from "#app/platform/forms/form-input.server";

/*
 * The WhatsApp Business Cloud API (decision 0769): POST {graph}/{version}/{phone-number-id}/messages with a bearer
 * token and a JSON body `{ messaging_product: "whatsapp", to, type: "template", template: { name, language:
 * { code }, components: [{ type: "body", parameters: [{ type: "text", text }, …] }] } }`. Meta answers
 * `{ messages: [{ id }] }` when it took the message, or a Graph error `{ error: { code, message, error_data:
 * { details } } }`; its code, not the HTTP status, says what went wrong.
 */

export const GRAPH_HOST = "https://graph.facebook.com";

export type WhatsAppAccount = { graphVersion: string; phoneNumberId: string; accessToken: string };

/** Graph error codes another try may get past: Meta's own trouble, throughput and rate limits. */
const RETRYABLE = new Map<number, string>([
  [1, "API unknown"],
  [2, "API service unavailable"],
  [4, "API too many calls"],
  [80007, "Rate limit issues"],
  [130429, "Cloud API throughput reached"],
  [131000, "Something went wrong"],
  [131016, "Service unavailable"],
  [131048, "Spam rate limit hit"],
]);
/** Codes that say the settings are wrong (token, permissions): nothing was sent; tried again once they change. */
const SETTINGS = new Map<number, string>([
  [0, "Authentication failed"],
  [3, "Capability or permissions issue"],
  [10, "Permission denied"],
  [190, "Access token has expired"],
]);
const NAMED = new Map<number, string>([
  [100, "Invalid parameter"],
  [131008, "Required parameter is missing"],
  [131009, "Parameter value is not valid"],
  [131026, "Message undeliverable"],
  [131047, "Re-engagement message"],
  [131051, "Unsupported message type"],
  [132000, "Template parameter count mismatch"],
  [132001, "Template does not exist"],
  [132005, "Template hydrated text too long"],
  [132007, "Template format character policy violated"],
  [132012, "Template parameter format mismatch"],
  [132015, "Template is paused"],
  [132016, "Template is disabled"],
]);

const GraphErrorSchema = z.object({
  error: z.object({
    code: z.number().int(),
    message: z.string().max(2000).optional(),
    error_data: z
      .object({ details: z.string().max(2000).optional() })
      .passthrough()
      .optional(),
  }),
});
const AcceptedSchema = z.object({
  messages: z
    .array(z.object({ id: z.string().min(1).max(200) }))
    .min(1)
    .max(10),
});

export type WhatsAppAnswer =
  | { kind: "accepted"; messageId: string }
  | { kind: "refused"; status: string; message: string }
  | { kind: "retry"; status: string | null; message: string }
  | { kind: "unknown"; message: string };

export type TemplateMessage = { to: string; name: string; language: string; variables: readonly string[] };

/** Sends one template message; never throws for Meta's sake. */
export async function sendTemplate(
  account: WhatsAppAccount,
  message: TemplateMessage,
): Promise<WhatsAppAnswer> {
  const { WHATSAPP_GRAPH_URL, WHATSAPP_TIMEOUT_SECONDS } = env();
  const url = `${WHATSAPP_GRAPH_URL ?? GRAPH_HOST}/${account.graphVersion}/${account.phoneNumberId}/messages`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { Authorization: `Bearer ${account.accessToken}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        messaging_product: "whatsapp",
        recipient_type: "individual",
        // Meta takes the number in international form without the +
        to: message.to.replace(/^\+/, ""),
        type: "template",
        template: {
          name: message.name,
          language: { code: message.language },
          components: [
            { type: "body", parameters: message.variables.map((text) => ({ type: "text", text })) },
          ],
        },
      }),
      signal: AbortSignal.timeout(WHATSAPP_TIMEOUT_SECONDS * 1000),
    });
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code === "ECONNREFUSED" || code === "ENOTFOUND" || code === "EAI_AGAIN") {
      return {
        kind: "retry",
        status: null,
        message: `The WhatsApp Cloud API could not be reached (${code}).`,
      };
    }
    const timedOut = error instanceof DOMException && error.name === "TimeoutError";
    return {
      kind: "unknown",
      message: timedOut
        ? `The WhatsApp Cloud API did not answer within ${WHATSAPP_TIMEOUT_SECONDS} s.`
        : `The connection to the WhatsApp Cloud API broke: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  const bytes = await readBodyBounded(response.body, 16 * 1024).catch(() => null);
  let body: unknown = null;
  try {
    body = bytes ? JSON.parse(bytes.toString("utf8")) : null;
  } catch {
    body = null;
  }
  if (response.ok) {
    const accepted = AcceptedSchema.safeParse(body);
    if (accepted.success) return { kind: "accepted", messageId: accepted.data.messages[0]?.id ?? "" };
    return { kind: "unknown", message: "The WhatsApp Cloud API answered, but not with a message id." };
  }
  const graph = GraphErrorSchema.safeParse(body);
  if (!graph.success) {
    if (response.status >= 500 || response.status === 429) {
      return { kind: "retry", status: null, message: `The WhatsApp Cloud API answered ${response.status}.` };
    }
    return {
      kind: "retry",
      status: null,
      message: `The WhatsApp Cloud API refused the request (${response.status}) without a Graph error. Check the WhatsApp settings.`,
    };
  }
  const { code, message: text, error_data } = graph.data.error;
  const name = RETRYABLE.get(code) ?? SETTINGS.get(code) ?? NAMED.get(code) ?? "Graph error";
  const detail = (error_data?.details ?? text ?? "").slice(0, 300);
  const status = `${code} ${name}`;
  const said = `WhatsApp: ${name} (${code})${detail ? `: ${detail}` : ""}.`;
  if (RETRYABLE.has(code)) return { kind: "retry", status, message: said };
  if (SETTINGS.has(code)) return { kind: "retry", status, message: `${said} Check the WhatsApp settings.` };
  return { kind: "refused", status, message: said };
}
