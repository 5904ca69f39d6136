import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for the WhatsApp Business Cloud API (Meta's Graph API), written from Meta's public documentation
 * (decision 0769): POST /{version}/{phone-number-id}/messages with `Authorization: Bearer <token>` and a JSON body
 * `{ messaging_product: "whatsapp", to, type: "template", template: { name, language: { code }, components } }`.
 * It keeps Meta's side: the business's approved templates per language and their body variable count. It answers
 * `{ messaging_product, contacts: [{ input, wa_id }], messages: [{ id: "wamid…" }] }`, or a Graph error
 * `{ error: { message, type, code, error_data: { messaging_product, details }, fbtrace_id } }`: 190 for a wrong
 * token (401), 100 for a malformed request, 132001 for a template (name, language) not approved, 132000 for a
 * wrong number of body parameters, 131009 for an empty parameter. The test chooses how the next requests end:
 * taken, a Graph error by code (130429 throughput, 131026 undeliverable, 131047, 190, 4, 80007, …), an HTTP
 * 500, or no answer (a timeout). It posts status webhooks (sent, delivered, read, failed with errors) and
 * incoming messages as Meta does: JSON signed with X-Hub-Signature-256 under the app secret.
 */
export const WA_ACCOUNT = {
  graphVersion: "v21.0",
  phoneNumberId: "106540352242922",
  accessToken: "EAAGstandInToken0123456789abcdef",
  appSecret: "standInAppSecret0123456789abcdef",
};

/** The business's approved templates: name → language → body variable count. */
export const APPROVED_TEMPLATES: Record<string, Record<string, number>> = {
  mafunzo_session_reminder: { en: 4, sw: 4 },
  mafunzo_payment_received: { en: 2 },
  mafunzo_certificate_ready: { en: 2 },
  mafunzo_joining_instructions: { en: 2 },
  mafunzo_waitlist_offer: { en: 3 },
};

export type WaOutcome =
  | { kind: "sent" }
  | { kind: "graph"; code: number }
  | { kind: "http500" }
  | { kind: "timeout" };

const GRAPH_ERRORS: Record<number, { status: number; type: string; message: string }> = {
  1: { status: 500, type: "OAuthException", message: "(#1) An unknown error occurred" },
  2: { status: 503, type: "OAuthException", message: "(#2) Service temporarily unavailable" },
  4: { status: 400, type: "OAuthException", message: "(#4) Application request limit reached" },
  190: { status: 401, type: "OAuthException", message: "Error validating access token: Session has expired" },
  80007: { status: 400, type: "OAuthException", message: "(#80007) Rate limit issues" },
  130429: { status: 400, type: "OAuthException", message: "(#130429) Rate limit hit" },
  131026: { status: 400, type: "OAuthException", message: "(#131026) Message undeliverable" },
  131047: { status: 400, type: "OAuthException", message: "(#131047) Re-engagement message" },
  131000: { status: 500, type: "OAuthException", message: "(#131000) Something went wrong" },
};

export type WaMessage = { id: string; to: string; name: string; language: string; variables: string[] };

function readBody(request: http.IncomingMessage) {
  return new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });
}

/** A webhook request as Meta sends it: the raw JSON signed with the app secret. */
export function signedRequest(url: string, payload: unknown, secret = WA_ACCOUNT.appSecret) {
  const body = JSON.stringify(payload);
  const signature = `sha256=${crypto.createHmac("sha256", secret).update(body).digest("hex")}`;
  return new Request(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Hub-Signature-256": signature },
    body,
  });
}

async function postSigned(url: string, payload: unknown, secret?: string) {
  const response = await fetch(signedRequest(url, payload, secret));
  return { status: response.status, text: await response.text() };
}

/** The envelope of every WhatsApp Business Account webhook. */
export function webhookPayload(value: Record<string, unknown>) {
  return {
    object: "whatsapp_business_account",
    entry: [
      {
        id: "102290129340398",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "254700000100", phone_number_id: WA_ACCOUNT.phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

export async function startWhatsAppStandIn() {
  const outcomes: WaOutcome[] = [];
  const messages: WaMessage[] = [];
  let requests = 0;
  const held = new Set<http.ServerResponse>();

  const server = http.createServer(async (request, response) => {
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { "Content-Type": "application/json" });
      response.end(JSON.stringify(body));
    };
    const graphError = (code: number, message: string, details: string, status = 400) =>
      json(status, {
        error: {
          message,
          type: "OAuthException",
          code,
          error_data: { messaging_product: "whatsapp", details },
          fbtrace_id: crypto.randomBytes(8).toString("base64url"),
        },
      });
    const path = new URL(request.url ?? "/", "http://stand-in").pathname;
    const match = /^\/(v\d+\.\d+)\/(\d+)\/messages$/.exec(path);
    if (request.method !== "POST" || !match) {
      return graphError(100, "Unsupported post request.", "Unknown path components", 400);
    }
    const raw = await readBody(request);
    requests++;
    if (request.headers.authorization !== `Bearer ${WA_ACCOUNT.accessToken}`) {
      return graphError(190, "Invalid OAuth access token - Cannot parse access token", "", 401);
    }
    if (match[2] !== WA_ACCOUNT.phoneNumberId) {
      return graphError(100, "Unsupported post request.", `Object with ID '${match[2]}' does not exist`);
    }
    let body: {
      messaging_product?: string;
      to?: string;
      type?: string;
      template?: {
        name?: string;
        language?: { code?: string };
        components?: { type?: string; parameters?: { type?: string; text?: string }[] }[];
      };
    };
    try {
      body = JSON.parse(raw);
    } catch {
      return graphError(100, "(#100) Invalid parameter", "Request body is not JSON");
    }
    if (
      body.messaging_product !== "whatsapp" ||
      !body.to ||
      body.type !== "template" ||
      !body.template?.name
    ) {
      return graphError(
        100,
        "(#100) Invalid parameter",
        "messaging_product, to, type and template are required",
      );
    }
    const outcome = outcomes.shift() ?? { kind: "sent" };
    if (outcome.kind === "timeout") {
      held.add(response);
      return;
    }
    if (outcome.kind === "http500") {
      response.writeHead(500, { "Content-Type": "text/html" });
      return response.end("<html><body>Internal Server Error</body></html>");
    }
    const { name, language, components = [] } = body.template;
    const code = language?.code ?? "";
    const expected = APPROVED_TEMPLATES[name]?.[code];
    if (expected === undefined) {
      return graphError(
        132001,
        "(#132001) Template name does not exist in the translation",
        `template name (${name}) does not exist in ${code}`,
      );
    }
    const parameters = components.find((c) => c.type === "body")?.parameters ?? [];
    if (parameters.length !== expected) {
      return graphError(
        132000,
        "(#132000) Number of parameters does not match the expected number of params",
        `body: number of localizable_params (${parameters.length}) does not match the expected number of params (${expected})`,
      );
    }
    if (parameters.some((p) => p.type !== "text" || !p.text?.trim())) {
      return graphError(
        131009,
        "(#131009) Parameter value is not valid",
        "Parameter of type text is missing text value",
      );
    }
    if (outcome.kind === "graph") {
      const known = GRAPH_ERRORS[outcome.code] ?? {
        status: 400,
        type: "OAuthException",
        message: `(#${outcome.code})`,
      };
      return graphError(outcome.code, known.message, known.message, known.status);
    }
    const id = `wamid.${Buffer.from(crypto.randomBytes(24)).toString("base64url")}`;
    messages.push({ id, to: body.to, name, language: code, variables: parameters.map((p) => p.text ?? "") });
    json(200, {
      messaging_product: "whatsapp",
      contacts: [{ input: body.to, wa_id: body.to }],
      messages: [{ id }],
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    /** How the next requests end, in order (then: taken, if the template and its variables are right). */
    next: (...outcome: WaOutcome[]) => outcomes.push(...outcome),
    messages,
    requests: () => requests,
    /** Posts a status update for a message it took, signed, as Meta does. */
    status: (
      webhookUrl: string,
      message: WaMessage,
      status: "sent" | "delivered" | "read" | "failed",
      error?: { code: number; title: string; details?: string },
      secret?: string,
    ) => postSigned(webhookUrl, statusPayload(message, status, error), secret),
    /** Posts a text a person sent to the business number (a reply such as STOP), signed. */
    incoming: (webhookUrl: string, from: string, text: string) =>
      postSigned(webhookUrl, incomingPayload(from, text)),
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of held) response.destroy();
        server.close(() => resolve());
      }),
  };
}
export type WhatsAppStandIn = Awaited<ReturnType<typeof startWhatsAppStandIn>>;

/** A status update for a message Meta took, as its webhook carries it. */
export function statusPayload(
  message: Pick<WaMessage, "id" | "to">,
  status: "sent" | "delivered" | "read" | "failed",
  error?: { code: number; title: string; details?: string },
) {
  return webhookPayload({
    statuses: [
      {
        id: message.id,
        status,
        timestamp: String(Math.floor(Date.now() / 1000)),
        recipient_id: message.to,
        ...(status === "failed" && error
          ? {
              errors: [
                {
                  code: error.code,
                  title: error.title,
                  message: error.title,
                  error_data: { details: error.details ?? error.title },
                },
              ],
            }
          : {
              conversation: { id: crypto.randomBytes(16).toString("hex"), origin: { type: "utility" } },
              pricing: { billable: true, pricing_model: "PMP", category: "utility" },
            }),
      },
    ],
  });
}

/** A text a person sent to the business number, as Meta's webhook carries it. */
export function incomingPayload(from: string, text: string) {
  return webhookPayload({
    contacts: [{ profile: { name: "Participant" }, wa_id: from }],
    messages: [
      {
        from,
        id: `wamid.${crypto.randomBytes(16).toString("base64url")}`,
        timestamp: String(Math.floor(Date.now() / 1000)),
        type: "text",
        text: { body: text },
      },
    ],
  });
}
