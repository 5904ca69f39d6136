import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import routes from "#app/routes";
import { requestContext, resetAccessTables, signedInAdmin } from "../helpers/admin-session";

type RouteEntry = { file: string; path?: string; children?: RouteEntry[] };
type Action = (args: unknown) => unknown;

// Signing out and asking for passkey sign-in options read no body: there is nothing in it to check.
// the M-PESA callback takes JSON from Safaricom through readJson (same limit, strict UTF-8, a schema); its
// refusals are tested in money.test.ts; Africa's Talking's notifications come form-encoded through readProviderForm
// (same bound, fields the provider may add to), tested in sms.test.ts; Meta's WhatsApp webhooks as the exact bytes
// through readProviderBytes, refused unless signed over them, tested in whatsapp.test.ts
const READS_NO_BODY = new Set([
  "routes/staff/logout.tsx",
  "routes/staff/login.passkey.ts",
  "routes/money/public/mpesa-callback.ts",
  "routes/bookings/public/sms-callback.ts",
  "routes/bookings/public/whatsapp-webhook.ts",
  // MTN's and Airtel's callbacks are JSON, read by readJson and tested in mobile-money.test.ts
  "routes/money/public/mobile-money-callback.ts",
  // the API (issue 54) takes JSON from other systems, bounded and parsed by its own reader and schemas,
  // refused as problem details; tested in api-contract.test.ts and api-tokens.test.ts
  "routes/integrations/public/api.collection.ts",
  "routes/integrations/public/api.item.ts",
  "routes/integrations/public/api.booking-cancel.ts",
  "routes/integrations/public/api.not-found.ts",
]);
const REFUSAL = "The form has a field it does not expect.";

/** Every route in app/routes.ts with a URL that matches it and the params it was given. */
function allRoutes(
  entries = routes as RouteEntry[],
  parent = "",
): { file: string; url: string; params: Record<string, string> }[] {
  return entries.flatMap((entry) => {
    const own = [parent, entry.path].filter(Boolean).join("/");
    const params: Record<string, string> = {};
    const url = `/${own
      .split("/")
      .map((segment) => {
        if (!segment.startsWith(":")) return segment === "*" ? "x" : segment;
        const value = crypto.randomUUID();
        params[segment.slice(1)] = value;
        return value;
      })
      .join("/")}`;
    return [{ file: entry.file, url, params }, ...allRoutes(entry.children ?? [], own)];
  });
}

/** The message and status an action answered (a thrown or returned Response, or data(…, { status })). */
async function answer(value: unknown) {
  if (value instanceof Response) return { status: value.status, text: await value.text() };
  const wrapped = value as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (wrapped?.type === "DataWithResponseInit") {
    return { status: wrapped.init?.status ?? 200, text: JSON.stringify(wrapped.data) };
  }
  return { status: 200, text: JSON.stringify(value) };
}

let cookie: string;
beforeAll(async () => {
  await resetAccessTables();
  // an owner who also trains: "My runs" takes answers from trainers only, and the role is checked before the body
  cookie = (await signedInAdmin({ roles: ["owner", "trainer"] })).cookie;
});

describe("every action reads its body through the guarded reader", () => {
  it("refuses an undeclared, sparse-array field name in every route's action, public and admin", async () => {
    const withActions = [];
    for (const route of allRoutes()) {
      const module = (await import(path.resolve("app", route.file))) as { action?: Action };
      if (module.action && !READS_NO_BODY.has(route.file))
        withActions.push({ ...route, action: module.action });
    }
    expect(withActions.length).toBeGreaterThanOrEqual(15);
    const problems: string[] = [];
    for (const { file, url, params, action } of withActions) {
      const request = new Request(`http://localhost${url}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
        body: "intent=x&x%5B4294967294%5D=1",
      });
      const outcome = await answer(
        await Promise.resolve()
          .then(() =>
            action({ request, url: new URL(request.url), pattern: url, params, context: requestContext() }),
          )
          .catch((error: unknown) => error),
      );
      if (outcome.status !== 400 || !outcome.text.includes(REFUSAL)) {
        problems.push(`${file}: HTTP ${outcome.status} ${outcome.text.slice(0, 120)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("leaves reading bodies to the guarded reader alone: no other module calls formData() or a parser", () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.(ts|tsx)$/.test(entry.name) && !entry.name.includes(".test.")) {
          const source = fs.readFileSync(file, "utf8");
          if (/\brequest\.(formData|text|arrayBuffer|json|blob|body)\b|parseFormData\(/.test(source)) {
            offenders.push(file);
          }
        }
      }
    };
    walk(path.resolve("app"));
    expect(offenders.map((f) => path.relative(process.cwd(), f))).toEqual([
      "app/platform/forms/form-input.server.ts",
    ]);
  });
});
