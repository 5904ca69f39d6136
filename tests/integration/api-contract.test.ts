import crypto from "node:crypto";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { courseRegistrations } from "#app/booking/tables.server";
import { cancelBooking } from "#app/bookings/index.server";
import { certificates } from "#app/delivery/tables.server";
import { API_AREAS, type ApiScope } from "#app/integrations/index.server";
import { apiIdempotencyKeys, apiTokens } from "#app/integrations/tables.server";
import { API_RATE_LIMIT, API_RESOURCES, fingerprintOf } from "#app/integrations/testing.server";
import { taxInvoices } from "#app/money/tables.server";
import { createOrganisation } from "#app/organisations/index.server";
import { db } from "#app/platform/db/client.server";
import { consumeRateLimit } from "#app/platform/rate-limit/rate-limit.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import { today } from "#app/utils/dates";
import { apiToken, callApi } from "../helpers/api";
import { ACTOR, book, confirmAll, documentsOf, newRun, SLUG } from "../helpers/money";

/*
 * Contract tests generated from the OpenAPI document the server serves (issue 54, decision 0801): for every path,
 * every method and every answer it documents, a request that should get that answer is sent, and the answer's
 * status, media type and body are checked against the document (with Ajv, a JSON Schema 2020-12 validator). An
 * answer documented without a way here to bring it about fails the test, as does one the server gives otherwise.
 */

const documentAnswer = await callApi("GET", "/api/v1/openapi.json");
type Operation = {
  operationId: string;
  "x-scope": ApiScope;
  responses: Record<string, { content: Record<string, { schema: { $ref: string } }> }>;
};
const doc = documentAnswer.body as { openapi: string; paths: Record<string, Record<string, Operation>> };

const ajv = new Ajv2020({ strict: false, validateSchema: false, allErrors: true });
addFormats.default(ajv);
const DOC_ID = "https://mafunzo.test/openapi.json";
ajv.addSchema({ ...(doc as object), $id: DOC_ID });

/** What the fixtures made: the keys of items that exist, per resource. */
const existing: Record<string, string> = {};
let runId = "";
let freshBooking = async () => "";
const missing: Record<string, string> = {};

beforeAll(async () => {
  await setSettingValue(db(), "registration_enabled", true, null);
  await setSettingValue(db(), "vat_registered", true, null);
  await setSettingValue(db(), "vat_rate", 16, null);
  await setSettingValue(db(), "prices_include_vat", true, null);
  await setSettingValue(db(), "finance_kra_pin", "P051111111Q", null);
  runId = await newRun();
  const paid = await book(runId, 2, "Contract");
  await confirmAll(runId, paid.participants);
  const cancelled = await book(runId, 1, "Credited");
  await confirmAll(runId, cancelled.participants);
  expect((await cancelBooking({ actor: ACTOR, overridesNotice: false }, cancelled.booking.id)).ok).toBe(true);
  const finance = await apiToken(["finance:write"], "Fixtures");
  const payment = await callApi("POST", "/api/v1/payments", {
    token: finance,
    body: {
      booking_reference: paid.booking.reference,
      amount_minor: 1_000_000,
      currency: "KES",
      received_on: today(),
      bank_reference: `FT${crypto.randomInt(1e9)}`,
    },
  });
  expect(payment.status).toBe(201);
  const [proforma] = (await documentsOf(paid.booking.id)).filter((d) => d.kind === "proforma");
  const [receipt] = (await documentsOf(paid.booking.id)).filter((d) => d.kind === "receipt");
  const [credit] = (await documentsOf(cancelled.booking.id)).filter((d) => d.kind === "credit_note");
  const [taxInvoice] = await db()
    .insert(taxInvoices)
    .values({
      invoiceNo: 900_000 + crypto.randomInt(99_999),
      receiptType: "S",
      bookingId: paid.booking.id,
      proformaId: proforma?.id as string,
      buyer: { name: "County Government of Kisumu", kraPin: "P051234567X", email: "hr@county.example" },
      lines: [],
      totalCents: proforma?.totalCents ?? 0,
      taxCents: proforma?.vatCents ?? 0,
      state: "sent",
      receiptNo: 41,
      totalReceiptNo: 41,
      internalData: "INTERNALDATA",
      signature: "SIGNATURE123",
      sdcId: "KRACU0100000001",
      mrcNo: "WIS01000001",
      sdcDateTime: "20261128101500",
    })
    .returning({ id: taxInvoices.id });
  const [participant] = await db()
    .select({ id: courseRegistrations.id })
    .from(courseRegistrations)
    .where(eq(courseRegistrations.bookingId, paid.booking.id));
  const code = ["7K3Q", "9XA2", "M4TD", crypto.randomInt(1000, 9999).toString()].join("-");
  await db()
    .insert(certificates)
    .values({
      code,
      registrationId: participant?.id as string,
      runId,
      recipientName: "Participant",
      courseTitle: "Strategic Planning and Performance Management",
      dates: "2–3 March 2026",
      attendancePercent: 100,
      signatoryName: "Esther Achieng Oduor",
      signatoryTitle: "Director of Training",
      storageKey: `certificates/${code}.pdf`,
      issuedAt: new Date(),
    });
  const organisation = await createOrganisation(ACTOR, {
    name: `Contract Test Organisation ${crypto.randomUUID().slice(0, 6)}`,
    type: "company",
    kraPin: null,
    nitaLevyNumber: null,
    address: null,
    contacts: null,
    notes: null,
  });
  if (!organisation.ok) throw new Error(organisation.message);
  const run = (await callApi("GET", `/api/v1/runs/${runId}`, { token: await apiToken(["catalogue:read"]) }))
    .body as { course_id: string };
  Object.assign(existing, {
    courses: run.course_id,
    runs: runId,
    bookings: paid.booking.reference,
    organisations: organisation.id,
    invoices: proforma?.id,
    receipts: receipt?.id,
    "credit-notes": credit?.id,
    payments: (payment.body as { payment: { id: string } }).payment.id,
    "tax-invoices": taxInvoice?.id,
    certificates: code,
  });
  Object.assign(missing, {
    bookings: "MF-ZZZZZZZZ",
    certificates: "ZZZZ-ZZZZ-ZZZZ-ZZZZ",
  });
  freshBooking = async () => (await book(runId, 1, "Fresh")).booking.reference;
});

const newBookingBody = () => ({
  name: "Wanjiru Kamau",
  email: `wanjiru.${crypto.randomUUID().slice(0, 8)}@example.com`,
  phone: "0712 345 678",
  course: SLUG,
  run: runId,
  participants: [],
});
const newPaymentBody = (reference: string) => ({
  booking_reference: reference,
  amount_minor: 250_000,
  currency: "KES",
  received_on: today(),
  bank_reference: `FT${crypto.randomInt(1e9)}`,
});

/** A token whose scopes leave out `scope`'s area: the operation must be refused with 403. */
const otherArea = (scope: ApiScope) => {
  const area = API_AREAS.find((a) => a !== scope.split(":")[0]) ?? "catalogue";
  return `${area}:write` as ApiScope;
};

type Request = {
  method: string;
  path: string;
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
};

/** The request that should bring about `code` for the operation at `template`. */
async function scenario(
  template: string,
  method: string,
  op: Operation,
  code: string,
): Promise<Request | null> {
  const scope = op["x-scope"];
  const resource = API_RESOURCES.find((r) => template.startsWith(`/api/v1/${r.name}`));
  const itemPath = (key: string) => template.replace(/\{[^}]+\}/, key);
  const anyKey = resource ? (existing[resource.name] as string) : "";
  const base = async (): Promise<Request> => {
    if (op.operationId === "create-booking") return { method, path: template, body: newBookingBody() };
    if (op.operationId === "record-bank-payment")
      return { method, path: template, body: newPaymentBody(existing.bookings as string) };
    if (op.operationId === "cancel-booking")
      return { method, path: itemPath(await freshBooking()), body: {} };
    return { method, path: template.includes("{") ? itemPath(anyKey) : template };
  };
  switch (code) {
    case "200":
    case "201":
      return { ...(await base()), token: await apiToken([scope]) };
    case "401":
      return { ...(await base()), token: undefined };
    case "403":
      return { ...(await base()), token: await apiToken([otherArea(scope)]) };
    case "404": {
      if (op.operationId === "cancel-booking")
        return { method, path: itemPath("MF-ZZZZZZZZ"), body: {}, token: await apiToken([scope]) };
      const key = resource ? (missing[resource.name] ?? crypto.randomUUID()) : crypto.randomUUID();
      return { method, path: itemPath(key), token: await apiToken([scope]) };
    }
    case "422": {
      const token = await apiToken([scope]);
      if (method === "get") return { method, path: `${template}?limit=0`, token };
      if (op.operationId === "cancel-booking") return { ...(await base()), body: { reason: 1 }, token };
      return { method, path: template, body: { name: "" }, token };
    }
    case "409": {
      const token = await apiToken([scope]);
      const request = await base();
      // a request with the same Idempotency-Key still running: the documented 409 of every write
      const key = crypto.randomUUID();
      const tokenId = await tokenIdOf(token);
      const bytes = Buffer.from(JSON.stringify(request.body));
      await db()
        .insert(apiIdempotencyKeys)
        .values({ tokenId, key, fingerprint: fingerprintOf("POST", request.path, bytes) });
      return { ...request, token, headers: { "Idempotency-Key": key } };
    }
    case "429": {
      const token = await apiToken([scope]);
      const tokenId = await tokenIdOf(token);
      for (let i = 0; i < API_RATE_LIMIT.limit; i++) await consumeRateLimit("api", tokenId, API_RATE_LIMIT);
      return { ...(await base()), token };
    }
    default:
      return null;
  }
}

async function tokenIdOf(token: string) {
  const hash = crypto.createHash("sha256").update(token).digest("base64url");
  const [row] = await db().select({ id: apiTokens.id }).from(apiTokens).where(eq(apiTokens.tokenHash, hash));
  return row?.id as string;
}

describe("the OpenAPI document", () => {
  it("is OpenAPI 3.1 and names every resource", () => {
    expect(documentAnswer.status).toBe(200);
    expect(doc.openapi).toBe("3.1.0");
    for (const resource of API_RESOURCES)
      expect(Object.keys(doc.paths)).toContain(`/api/v1/${resource.name}`);
  });
});

const cases = Object.entries(doc.paths).flatMap(([template, item]) =>
  Object.entries(item).flatMap(([method, op]) =>
    Object.keys(op.responses).map((code) => ({ template, method, op, code })),
  ),
);

describe("every documented answer of every path", () => {
  it.each(cases)("$method $template answers $code as documented", async ({ template, method, op, code }) => {
    const request = await scenario(template, method, op, code);
    expect(request, `no way to bring about ${code}`).not.toBeNull();
    const { path, token, body, headers } = request as Request;
    const answer = await callApi(method.toUpperCase(), path, { token, body, headers });
    expect(answer.status, JSON.stringify(answer.body)).toBe(Number(code));
    const [mediaType, documented] = Object.entries(op.responses[code]?.content ?? {})[0] ?? [];
    expect(answer.headers.get("content-type")).toBe(mediaType);
    const validate = ajv.compile({ $ref: `${DOC_ID}${documented?.schema.$ref}` });
    expect(validate(answer.body), JSON.stringify(validate.errors)).toBe(true);
    if (code === "429") expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
    if (code === "401") expect(answer.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });
});
