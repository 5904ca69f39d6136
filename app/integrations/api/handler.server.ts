import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { requestInfoContext } from "#app/context";
import type { AuditActor } from "#app/platform/audit.server";
import { failedRequestStatus } from "#app/platform/db/db-errors.server";
import { API_BODY_LIMIT } from "#app/platform/forms/body-limits";
import { readProviderBytes } from "#app/platform/forms/form-input.server";
import { logger } from "#app/platform/logger.server";
import { consumeRateLimit } from "#app/platform/rate-limit/rate-limit.server";
import { type ApiArea, scopeAllows } from "../scopes";
import { type ApiCaller, authenticateBearer, recordTokenUse } from "../tokens/api-tokens.server";
import { claimKey, fingerprintOf, finishKey, releaseKey } from "./idempotency.server";
import { type FieldError, json, problem } from "./problem.server";

/** Requests per token per minute (decision 0803); a client over it is told when to try again. */
export const API_RATE_LIMIT = { limit: 120, windowMs: 60_000 };
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

type Args = { request: Request; context: Readonly<RouterContextProvider> };
export type ApiContext = { caller: ApiCaller; actor: AuditActor; request: Request };
export type Answer = { status: number; body: unknown; headers?: Record<string, string> } | Response;

/** A schema's refusals as JSON pointers into the request (`/participants/0/email`). */
export function fieldErrors(error: z.ZodError, names: Record<string, string> = {}): FieldError[] {
  return error.issues.map((issue) => ({
    pointer: `/${issue.path.map((part) => (typeof part === "string" ? (names[part] ?? part) : String(part))).join("/")}`,
    detail: issue.message,
  }));
}

const answerResponse = (answer: Answer) =>
  answer instanceof Response ? answer : json(answer.body, answer.status, answer.headers);

/**
 * Every API request goes through here (decision 0801): the bearer token, the rate limit, the scope, then the
 * handler; a write's body is read within its bound and, with an `Idempotency-Key`, answered once. Every use of a
 * token is audited with what it asked and the status it was answered. Nothing here answers 500: what the handler
 * did not expect is logged and answered 503, as a cut database is (decision 0705), after changing nothing.
 */
export async function handleApi(
  args: Args,
  need: { area: ApiArea; access: "read" | "write" },
  run: (ctx: ApiContext & { body: unknown }) => Promise<Answer>,
): Promise<Response> {
  const { request } = args;
  const info = args.context.get(requestInfoContext);
  const caller = await authenticateBearer(request.headers.get("authorization"));
  if (!caller) {
    return problem("unauthorized", "Send a live API token as `Authorization: Bearer <token>`.", {
      headers: { "WWW-Authenticate": 'Bearer realm="api"' },
    });
  }
  const actor: AuditActor = {
    id: null,
    email: `API token "${caller.name}"`,
    roles: caller.scopes,
    ip: info.ip,
    userAgent: info.userAgent,
  };
  const url = new URL(request.url);
  const response = await answerFor(args, caller, actor, need, run).catch((error: unknown) => {
    logger.error({ err: error, path: url.pathname }, "api request failed");
    const status = failedRequestStatus(error);
    return problem(
      "unavailable",
      status === 503
        ? "The database cannot be reached just now. Please try again shortly."
        : "The request could not be completed and nothing was changed. Please try again shortly.",
      { headers: { "Retry-After": "30" } },
    );
  });
  await recordTokenUse(caller, actor, {
    method: request.method,
    path: url.pathname,
    status: response.status,
  }).catch((error: unknown) => logger.error({ err: error }, "api token use not audited"));
  return response;
}

async function answerFor(
  args: Args,
  caller: ApiCaller,
  actor: AuditActor,
  need: { area: ApiArea; access: "read" | "write" },
  run: (ctx: ApiContext & { body: unknown }) => Promise<Answer>,
): Promise<Response> {
  const { request } = args;
  const limited = await consumeRateLimit("api", caller.tokenId, API_RATE_LIMIT);
  if (!limited.allowed) {
    return problem(
      "too-many-requests",
      `This token sent more than ${API_RATE_LIMIT.limit} requests in a minute. Try again in ${limited.retryAfterSeconds} s.`,
      { headers: { "Retry-After": String(limited.retryAfterSeconds) } },
    );
  }
  if (!scopeAllows(caller.scopes, need.area, need.access)) {
    return problem("forbidden", `This token has no ${need.area}:${need.access} scope.`);
  }
  const ctx = { caller, actor, request };
  if (need.access === "read") return answerResponse(await run({ ...ctx, body: null }));

  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (type !== "application/json")
    return problem("unsupported-media-type", "Send the body as application/json.");
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > API_BODY_LIMIT) return problem("too-large", "The body is larger than 64 KB.");
  const bytes = await readProviderBytes(request, API_BODY_LIMIT);
  if (!bytes) return problem("too-large", "The body is larger than 64 KB.");
  let body: unknown;
  try {
    body = JSON.parse(
      new TextDecoder("utf-8", { fatal: true }).decode(bytes.length ? bytes : Buffer.from("{}")),
    );
  } catch {
    return problem("invalid", "The body is not valid JSON in UTF-8.");
  }
  const key = request.headers.get("idempotency-key");
  if (key === null) return answerResponse(await run({ ...ctx, body }));
  if (!KEY_PATTERN.test(key)) {
    return problem("invalid", "Idempotency-Key must be 1 to 200 visible ASCII characters, such as a UUID.");
  }
  const path = new URL(request.url).pathname;
  const claim = await claimKey(caller.tokenId, key, fingerprintOf(request.method, path, bytes));
  if (claim.state === "running") {
    return problem(
      "conflict",
      "A request with this Idempotency-Key is still running. Retry once it has answered.",
      {
        headers: { "Retry-After": "1" },
      },
    );
  }
  if (claim.state === "mismatch") {
    return problem(
      "invalid",
      "This Idempotency-Key was used with another request. Use a new key for a new request.",
    );
  }
  if (claim.state === "done") {
    const replay = json(claim.body, claim.status, { "Idempotent-Replayed": "true" });
    if (claim.status >= 400) replay.headers.set("Content-Type", "application/problem+json");
    return replay;
  }
  try {
    const answer = await run({ ...ctx, body, request });
    const response = answerResponse(answer);
    // what the first request answered, for its replays: a refusal too, as it changed nothing and will again
    const stored = answer instanceof Response ? await response.clone().json() : answer.body;
    await finishKey(caller.tokenId, key, response.status, stored);
    return response;
  } catch (error) {
    await releaseKey(caller.tokenId, key).catch(() => undefined);
    throw error;
  }
}
