import { z } from "zod";
import { API_RESOURCES } from "./resources.server";
import {
  BankPaymentBody,
  Booking,
  CancelBookingBody,
  CancelledBooking,
  Certificate,
  Course,
  CreateBookingBody,
  CreatedBooking,
  FinanceDocument,
  Money,
  Organisation,
  PageQuerySchema,
  Participant,
  Payment,
  Problem,
  pageOf,
  RecordedPayment,
  Run,
  TaxInvoice,
} from "./schemas";

/*
 * The OpenAPI 3.1 document (decision 0801), generated with zod's own z.toJSONSchema from the schemas the handlers
 * parse with and check their answers against: the document cannot say one thing while the server does another.
 */

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const uri = (id: string) => `#/components/schemas/${id}`;

type Operation = Record<string, unknown>;

/** What every answer but the success may be: each a problem document (RFC 9457). */
const PROBLEMS: Record<string, string> = {
  "401": "No token, or a token that is unknown or revoked.",
  "403": "The token lacks the scope this operation needs.",
  "404": "There is no such item.",
  "409":
    "A conflict: the item's state forbids the change, the payment is already recorded, or a request with this Idempotency-Key is still running.",
  "422": "The query or body was refused; `errors` points at each field.",
  "429": "Too many requests from this token; `Retry-After` says when to try again.",
};
const problems = (codes: string[]) =>
  Object.fromEntries(
    codes.map((code) => [
      code,
      {
        description: PROBLEMS[code],
        ...(code === "429" ? { headers: { "Retry-After": { schema: { type: "integer" } } } } : {}),
        content: { "application/problem+json": { schema: ref("Problem") } },
      },
    ]),
  );

const ok = (status: string, description: string, schema: object) => ({
  [status]: { description, content: { "application/json": { schema } } },
});

const IDEMPOTENCY_HEADER = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description:
    "Any unique string (a UUID). A repeat with the same key and body answers what the first answered; while the first is still running, 409.",
  schema: { type: "string", maxLength: 200 },
};

function components() {
  const output = z.registry<{ id: string }>();
  const named: [string, z.ZodType][] = [
    ["Money", Money],
    ["Course", Course],
    ["Run", Run],
    ["Participant", Participant],
    ["Booking", Booking],
    ["Organisation", Organisation],
    ["FinanceDocument", FinanceDocument],
    ["Payment", Payment],
    ["TaxInvoice", TaxInvoice],
    ["Certificate", Certificate],
    ["Problem", Problem],
    ["CreatedBooking", CreatedBooking],
    ["RecordedPayment", RecordedPayment],
    ["CancelledBooking", CancelledBooking],
  ];
  for (const [id, schema] of named) output.add(schema, { id });
  for (const resource of API_RESOURCES)
    output.add(pageOf(resource.item), { id: `${pascal(resource.name)}Page` });
  const input = z.registry<{ id: string }>();
  input.add(CreateBookingBody, { id: "CreateBookingRequest" });
  input.add(BankPaymentBody, { id: "BankPaymentRequest" });
  input.add(CancelBookingBody, { id: "CancelBookingRequest" });
  const schemas = {
    ...z.toJSONSchema(output, { target: "draft-2020-12", uri, io: "output", unrepresentable: "any" }).schemas,
    ...z.toJSONSchema(input, { target: "draft-2020-12", uri, io: "input", unrepresentable: "any" }).schemas,
  };
  for (const schema of Object.values(schemas)) {
    delete (schema as Record<string, unknown>).$schema;
    delete (schema as Record<string, unknown>).$id;
  }
  return schemas;
}

const pascal = (name: string) =>
  name
    .split("-")
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("");

function pageParameters() {
  const json = z.toJSONSchema(PageQuerySchema, { target: "draft-2020-12", io: "input" }) as {
    properties: Record<string, { description?: string } & Record<string, unknown>>;
  };
  return Object.entries(json.properties).map(([name, { description, ...schema }]) => ({
    name,
    in: "query",
    required: false,
    description,
    schema,
  }));
}

/** The document, as /api/v1/openapi.json serves it and the contract tests read it. */
export function openApiDocument(origin: string) {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const resource of API_RESOURCES) {
    const tag = resource.area;
    const security = [{ bearer: [`${resource.area}:read`] }];
    paths[`/api/v1/${resource.name}`] = {
      get: {
        operationId: `list-${resource.name}`,
        summary: resource.summary,
        tags: [tag],
        security,
        "x-scope": `${resource.area}:read`,
        parameters: pageParameters(),
        responses: {
          ...ok(
            "200",
            "A page, in the order items were created or last changed",
            ref(`${pascal(resource.name)}Page`),
          ),
          ...problems(["401", "403", "422", "429"]),
        },
      },
    };
    paths[`/api/v1/${resource.name}/{${resource.key.name}}`] = {
      get: {
        operationId: `get-${resource.name}`,
        summary: `One of: ${resource.summary.charAt(0).toLowerCase()}${resource.summary.slice(1)}`,
        tags: [tag],
        security,
        "x-scope": `${resource.area}:read`,
        parameters: [
          {
            name: resource.key.name,
            in: "path",
            required: true,
            description: resource.key.description,
            schema: { type: "string", pattern: resource.key.pattern.source },
          },
        ],
        responses: {
          ...ok("200", "The item", ref(itemName(resource.name))),
          ...problems(["401", "403", "404", "429"]),
        },
      },
    };
  }
  const bookings = paths["/api/v1/bookings"] as Record<string, Operation>;
  bookings.post = {
    operationId: "create-booking",
    summary: "Book a course as the registration form does (same rules, same e-mails)",
    tags: ["bookings"],
    security: [{ bearer: ["bookings:write"] }],
    "x-scope": "bookings:write",
    parameters: [IDEMPOTENCY_HEADER],
    requestBody: { required: true, content: { "application/json": { schema: ref("CreateBookingRequest") } } },
    responses: {
      ...ok("201", "Booked, or on the waiting list when the date is full", ref("CreatedBooking")),
      ...problems(["401", "403", "409", "422", "429"]),
    },
  };
  const payments = paths["/api/v1/payments"] as Record<string, Operation>;
  payments.post = {
    operationId: "record-bank-payment",
    summary: "Record a bank transfer against a booking; its receipt is issued",
    tags: ["finance"],
    security: [{ bearer: ["finance:write"] }],
    "x-scope": "finance:write",
    parameters: [IDEMPOTENCY_HEADER],
    requestBody: { required: true, content: { "application/json": { schema: ref("BankPaymentRequest") } } },
    responses: {
      ...ok("201", "Recorded in the payments ledger", ref("RecordedPayment")),
      ...problems(["401", "403", "409", "422", "429"]),
    },
  };
  paths["/api/v1/bookings/{reference}/cancel"] = {
    post: {
      operationId: "cancel-booking",
      summary: "Cancel a booking as the booking page does (its invoice is credited, the contact told)",
      tags: ["bookings"],
      security: [{ bearer: ["bookings:write"] }],
      "x-scope": "bookings:write",
      parameters: [
        {
          name: "reference",
          in: "path",
          required: true,
          description: "The booking's reference, such as MF-7K2Q9XP4.",
          schema: { type: "string", pattern: "^MF-[A-Z0-9]{8}$" },
        },
        IDEMPOTENCY_HEADER,
      ],
      requestBody: {
        required: false,
        content: { "application/json": { schema: ref("CancelBookingRequest") } },
      },
      responses: {
        ...ok("200", "Cancelled", ref("CancelledBooking")),
        ...problems(["401", "403", "404", "409", "422", "429"]),
      },
    },
  };
  return {
    openapi: "3.1.0",
    info: {
      title: "Mafunzo API",
      version: "1.0.0",
      description:
        "Courses, bookings, money and certificates for other systems. Tokens are made by an owner under Administration → API tokens; see docs/api.md.",
    },
    servers: [{ url: origin }],
    components: {
      schemas: components(),
      securitySchemes: { bearer: { type: "http", scheme: "bearer", description: "An API token (mfz_…)" } },
    },
    security: [{ bearer: [] }],
    paths,
  };
}

const ITEM_NAMES: Record<string, string> = {
  courses: "Course",
  runs: "Run",
  bookings: "Booking",
  organisations: "Organisation",
  invoices: "FinanceDocument",
  receipts: "FinanceDocument",
  "credit-notes": "FinanceDocument",
  payments: "Payment",
  "tax-invoices": "TaxInvoice",
  certificates: "Certificate",
};
const itemName = (name: string) => ITEM_NAMES[name] ?? "Problem";
