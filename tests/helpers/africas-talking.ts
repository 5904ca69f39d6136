import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { smsLength } from "#app/utils/sms-text";

/**
 * A stand-in for Africa's Talking's SMS API, written from its public documentation: POST /version1/messaging,
 * form-encoded (`username`, `to` — one number or several, comma-separated —, `message`, `from`), the app's key
 * in an `apiKey` header; its answer `SMSMessageData` with a `Message` summary and one entry of `Recipients` a
 * number (`statusCode`, `number`, `status`, `cost`, `messageId`). A wrong key or username is refused with 401
 * and a text body, a missing field with 400, a number that is not in international form with 403
 * InvalidPhoneNumber, a sender ID the account does not own with 402 InvalidSenderId. The test chooses how the
 * next requests end: taken (101 Sent, KES 0.80 a segment), a documented refusal (403 InvalidPhoneNumber,
 * 405 InsufficientBalance, 406 UserInBlacklist, 500/501/502), an HTTP 500, or no answer (a timeout).
 * It posts, as Africa's Talking does, form-encoded delivery reports (`id`, `status`, `phoneNumber`,
 * `networkCode`, `failureReason`, `retryCount`), incoming messages (`from`, `to`, `text`, `date`, `id`,
 * `linkId`, `networkCode`) and bulk SMS opt-outs (`senderId`, `phoneNumber`).
 */
export type AtOutcome =
  | { kind: "sent" }
  | { kind: "status"; code: 401 | 402 | 403 | 404 | 405 | 406 | 407 | 409 | 500 | 501 | 502 }
  | { kind: "http500" }
  | { kind: "timeout" };

const STATUS_NAMES: Record<number, string> = {
  100: "Processed",
  101: "Success",
  102: "Queued",
  401: "RiskHold",
  402: "InvalidSenderId",
  403: "InvalidPhoneNumber",
  404: "UnsupportedNumberType",
  405: "InsufficientBalance",
  406: "UserInBlacklist",
  407: "CouldNotRoute",
  409: "DoNotDisturbRejection",
  500: "InternalServerError",
  501: "GatewayError",
  502: "RejectedByGateway",
};

export const AT_ACCOUNT = {
  username: "mafunzo",
  apiKey: "atsk_standInKey0123456789abcdef",
  senderId: "MAFUNZO",
};

export type AtMessage = { messageId: string; to: string; message: string; from: string | null; at: Date };

function readBody(request: http.IncomingMessage) {
  return new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });
}

async function postForm(url: string, fields: Record<string, string>) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  return { status: response.status, text: await response.text() };
}

/** `delayMs`: how long each answer takes (a slow network, so a test can stop a sender mid-batch). */
export async function startAfricasTalkingStandIn({ delayMs = 0 }: { delayMs?: number } = {}) {
  const outcomes: AtOutcome[] = [];
  const messages: AtMessage[] = [];
  /** every request that reached the messaging endpoint, taken or not */
  const requests: URLSearchParams[] = [];
  const held = new Set<http.ServerResponse>();
  let counter = 0;

  const server = http.createServer(async (request, response) => {
    const text = (status: number, body: string) => {
      response.writeHead(status, { "Content-Type": "text/plain" });
      response.end(body);
    };
    const url = new URL(request.url ?? "/", "http://stand-in");
    if (request.method !== "POST" || url.pathname !== "/version1/messaging") return text(404, "Not Found");
    const form = new URLSearchParams(await readBody(request));
    requests.push(form);
    if (request.headers.apikey !== AT_ACCOUNT.apiKey || form.get("username") !== AT_ACCOUNT.username) {
      return text(401, "The supplied authentication is invalid");
    }
    const to = form.get("to");
    const message = form.get("message");
    if (!to || !message) return text(400, "Request is missing required form field 'to' or 'message'");
    const outcome = outcomes.shift() ?? { kind: "sent" };
    if (outcome.kind === "timeout") {
      held.add(response);
      return;
    }
    if (outcome.kind === "http500") return text(500, "Internal Server Error");
    if (delayMs > 0) await new Promise((done) => setTimeout(done, delayMs));
    const from = form.get("from");
    const cost = (0.8 * smsLength(message).segments).toFixed(4);
    const recipients = to.split(",").map((raw) => {
      const number = raw.trim();
      const code = !/^\+\d{10,15}$/.test(number)
        ? 403
        : from && from !== AT_ACCOUNT.senderId
          ? 402
          : outcome.kind === "status"
            ? outcome.code
            : 101;
      if (code !== 101)
        return { statusCode: code, number, status: STATUS_NAMES[code], cost: "0", messageId: "None" };
      counter++;
      const messageId = `ATXid_${crypto.randomBytes(12).toString("hex")}${counter}`;
      messages.push({ messageId, to: number, message, from, at: new Date() });
      return { statusCode: 101, number, status: "Success", cost: `KES ${cost}`, messageId };
    });
    const taken = recipients.filter((r) => r.statusCode === 101).length;
    response.writeHead(201, { "Content-Type": "application/json" });
    response.end(
      JSON.stringify({
        SMSMessageData: {
          Message: `Sent to ${taken}/${recipients.length} Total Cost: KES ${(Number(cost) * taken).toFixed(4)}`,
          Recipients: recipients,
        },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    /** How the next requests end, in order (then: taken). */
    next: (...outcome: AtOutcome[]) => outcomes.push(...outcome),
    messages,
    requests,
    /** Posts a delivery report for a message it took, as Africa's Talking does. */
    deliveryReport: (
      callbackUrl: string,
      message: AtMessage,
      status: "Sent" | "Submitted" | "Buffered" | "Success" | "Failed" | "Rejected",
      failureReason?: string,
    ) =>
      postForm(callbackUrl, {
        id: message.messageId,
        status,
        phoneNumber: message.to,
        networkCode: "63902",
        retryCount: "0",
        ...(failureReason ? { failureReason } : {}),
      }),
    /** Posts a message a person sent to the firm's short code (a reply such as STOP). */
    incoming: (callbackUrl: string, from: string, text: string) =>
      postForm(callbackUrl, {
        from,
        to: "22384",
        text,
        date: new Date().toISOString().replace("T", " ").slice(0, 19),
        id: crypto.randomUUID(),
        linkId: crypto.randomBytes(8).toString("hex"),
        networkCode: "63902",
      }),
    /** Posts a bulk SMS opt-out: the person blocked the sender ID. */
    optOut: (callbackUrl: string, phoneNumber: string) =>
      postForm(callbackUrl, { senderId: AT_ACCOUNT.senderId, phoneNumber }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of held) response.destroy();
        server.close(() => resolve());
      }),
  };
}
export type AfricasTalkingStandIn = Awaited<ReturnType<typeof startAfricasTalkingStandIn>>;
