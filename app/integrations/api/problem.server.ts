/**
 * Errors as RFC 9457 problem details (decision 0801): `type` names the kind of problem at a stable address in
 * the API's documentation, `title` says it in a few words, `detail` says what this request did wrong.
 */
export type ProblemKind =
  | "unauthorized"
  | "forbidden"
  | "not-found"
  | "conflict"
  | "invalid"
  | "too-many-requests"
  | "unsupported-media-type"
  | "too-large"
  | "unavailable";

const TITLES: Record<ProblemKind, [number, string]> = {
  unauthorized: [401, "Unauthorized"],
  forbidden: [403, "Forbidden"],
  "not-found": [404, "Not Found"],
  conflict: [409, "Conflict"],
  invalid: [422, "Unprocessable Content"],
  "too-many-requests": [429, "Too Many Requests"],
  "unsupported-media-type": [415, "Unsupported Media Type"],
  "too-large": [413, "Content Too Large"],
  unavailable: [503, "Service Unavailable"],
};

export const PROBLEM_TYPE_BASE = "https://mafunzo.example/docs/api#problem-";

export type FieldError = { pointer: string; detail: string };

export function problem(
  kind: ProblemKind,
  detail: string,
  { errors, headers }: { errors?: FieldError[]; headers?: Record<string, string> } = {},
) {
  const [status, title] = TITLES[kind];
  const body = { type: `${PROBLEM_TYPE_BASE}${kind}`, title, status, detail, ...(errors ? { errors } : {}) };
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/problem+json", "Cache-Control": "no-store", ...headers },
  });
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store", ...headers },
  });
}
