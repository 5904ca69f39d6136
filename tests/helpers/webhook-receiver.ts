import http from "node:http";
import type { AddressInfo } from "node:net";

export type ReceivedWebhook = { headers: Record<string, string>; body: string };
/** What the receiver answers: a status, or `hang` (no answer until the sender gives up). */
export type ReceiverAnswer = number | "hang";

/**
 * A real HTTP receiver of webhooks on a free loopback port, as a consumer runs one: it keeps every request
 * (headers and the raw body, which is what a Standard Webhooks verifier checks) and answers what the test sets,
 * by default 204. `answers` are used one per request, then `otherwise`.
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const state = { answers: [] as ReceiverAnswer[], otherwise: 204 as ReceiverAnswer };
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({
        headers: Object.fromEntries(
          Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
        ),
        body: Buffer.concat(chunks).toString("utf8"),
      });
      const answer = state.answers.shift() ?? state.otherwise;
      if (answer === "hang") {
        hanging.add(response);
        return;
      }
      response.writeHead(
        answer,
        answer === 301 ? { location: "http://169.254.169.254/latest/meta-data/" } : {},
      );
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    /** The next requests' answers, in order. */
    answer(...answers: ReceiverAnswer[]) {
      state.answers.push(...answers);
    },
    answerAlways(answer: ReceiverAnswer) {
      state.otherwise = answer;
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
