import { and, eq, inArray, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { z } from "zod";
import { seatsForRuns } from "#app/booking/index.server";
import { bookings, courseRegistrations } from "#app/booking/tables.server";
import { verifyCertificate } from "#app/delivery/index.server";
import { certificates } from "#app/delivery/tables.server";
import { receiptVerificationUrls } from "#app/money/index.server";
import { financeDocuments, payments, taxInvoices } from "#app/money/tables.server";
import { organisations } from "#app/organisations/tables.server";
import { db } from "#app/platform/db/client.server";
import { courseRuns, courses } from "#app/site/tables.server";
import { parseCents } from "#app/utils/cents";
import type { ApiArea } from "../scopes";
import { type Cursor, cursorText, finishPage, pageConditions, pageOrder } from "./pages.server";
import {
  Booking,
  Certificate,
  Course,
  FinanceDocument,
  Organisation,
  type PageQuery,
  Payment,
  Run,
  TaxInvoice,
} from "./schemas";

/*
 * The resources the API reads (decision 0801). Each names its area (the scope it needs), its item's schema, how
 * a page of items is read and how one is found: the routes, the OpenAPI document and the contract tests are made
 * from this one list.
 */

type Page = { data: unknown[]; next_cursor: string | null };
export type ApiResource = {
  /** the path segment under /api/v1 */
  name: string;
  area: ApiArea;
  summary: string;
  item: z.ZodType;
  /** what the item's path names: an id, a booking reference, a certificate code */
  key: { name: string; description: string; pattern: RegExp };
  list: (query: PageQuery, cursor: Cursor | null) => Promise<Page>;
  find: (key: string) => Promise<unknown | null>;
};

const iso = (value: Date | string) => new Date(value).toISOString();
const money = (cents: number | null, currency: string) =>
  cents === null ? null : { amount_minor: cents, currency };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const byId = { name: "id", description: "The item's id (a UUID).", pattern: UUID };

/** Reads a page of `table`'s rows in (changed, id) order with the caller's own columns and conditions. */
async function readPage<Row>(
  query: PageQuery,
  cursor: Cursor | null,
  changed: PgColumn,
  idColumn: PgColumn,
  read: (extra: {
    where: SQL | undefined;
    cursor: ReturnType<typeof cursorText>;
    limit: number;
  }) => Promise<Row[]>,
) {
  const where = and(...pageConditions(changed, idColumn, query, cursor));
  return read({ where, cursor: cursorText(changed), limit: query.limit + 1 });
}

// ---- catalogue

const courseColumns = {
  id: courses.id,
  slug: courses.slug,
  title: courses.title,
  category: courses.category,
  status: courses.status,
  durationDays: courses.durationDays,
  cost: courses.cost,
  currency: courses.currency,
  archivedAt: courses.archivedAt,
  createdAt: courses.createdAt,
  updatedAt: courses.updatedAt,
};
const selectCourseRow = () => db().select(courseColumns).from(courses);
type CourseRow = Awaited<ReturnType<typeof selectCourseRow>>[number];
const courseOut = (row: CourseRow) => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  category: row.category,
  status: row.status,
  duration_days: row.durationDays,
  price: money(parseCents(row.cost), row.currency),
  archived: row.archivedAt !== null,
  created_at: iso(row.createdAt),
  updated_at: iso(row.updatedAt),
});

const runColumns = {
  id: courseRuns.id,
  courseId: courseRuns.courseId,
  startDate: courseRuns.startDate,
  endDate: courseRuns.endDate,
  label: courseRuns.label,
  venue: courseRuns.venue,
  country: courseRuns.country,
  deliveryMode: courseRuns.deliveryMode,
  status: courseRuns.status,
  private: courseRuns.private,
  capacity: courseRuns.capacity,
  costOverride: courseRuns.costOverride,
  courseCost: courses.cost,
  currency: courses.currency,
  createdAt: courseRuns.createdAt,
  updatedAt: courseRuns.updatedAt,
};
type RunRow = Awaited<ReturnType<typeof runQuery>>[number];
async function runsOut<R extends RunRow>(rows: R[]) {
  const seats = await seatsForRuns(rows.map((row) => row.id as string));
  return (row: R) => {
    const seat = seats.get(row.id as string);
    return {
      id: row.id,
      course_id: row.courseId,
      start_date: row.startDate,
      end_date: row.endDate,
      label: row.label,
      venue: row.venue,
      country: row.country,
      delivery_mode: row.deliveryMode,
      status: row.status,
      private: row.private,
      price: money(parseCents(row.costOverride ?? row.courseCost), row.currency ?? "KES"),
      seats: { capacity: row.capacity, taken: seat?.taken ?? 0, left: seat ? seat.left : row.capacity },
      created_at: iso(row.createdAt as Date),
      updated_at: iso(row.updatedAt as Date),
    };
  };
}

const runQuery = () =>
  db()
    .select({ ...runColumns, _cursor: cursorText(courseRuns.updatedAt), _id: courseRuns.id })
    .from(courseRuns)
    .innerJoin(courses, eq(courses.id, courseRuns.courseId));

// ---- bookings

const bookingColumns = {
  id: bookings.id,
  reference: bookings.reference,
  status: bookings.status,
  kind: bookings.kind,
  courseId: bookings.courseId,
  runId: bookings.runId,
  organisationId: bookings.organisationId,
  organization: bookings.organization,
  contactName: bookings.contactName,
  contactEmail: bookings.contactEmail,
  contactPhone: bookings.contactPhone,
  kraPin: bookings.kraPin,
  lpoNumber: bookings.lpoNumber,
  createdAt: bookings.createdAt,
  updatedAt: bookings.updatedAt,
};
const selectBookingRow = () => db().select(bookingColumns).from(bookings);
type BookingRow = Awaited<ReturnType<typeof selectBookingRow>>[number];
async function bookingsOut<R extends BookingRow>(rows: R[]) {
  const ids = rows.map((row) => row.id);
  const people =
    ids.length === 0
      ? []
      : await db()
          .select({
            id: courseRegistrations.id,
            bookingId: courseRegistrations.bookingId,
            name: courseRegistrations.name,
            email: courseRegistrations.email,
            status: courseRegistrations.status,
          })
          .from(courseRegistrations)
          .where(inArray(courseRegistrations.bookingId, ids))
          .orderBy(courseRegistrations.createdAt, courseRegistrations.id);
  return (row: R) => ({
    id: row.id,
    reference: row.reference,
    status: row.status,
    kind: row.kind,
    course_id: row.courseId,
    run_id: row.runId,
    organisation_id: row.organisationId,
    organisation: row.organization,
    contact: { name: row.contactName, email: row.contactEmail, phone: row.contactPhone },
    kra_pin: row.kraPin,
    lpo_number: row.lpoNumber,
    participants: people
      .filter((p) => p.bookingId === row.id)
      .map(({ id, name, email, status }) => ({ id, name, email, status })),
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  });
}

const organisationColumns = {
  id: organisations.id,
  name: organisations.name,
  type: organisations.type,
  kraPin: organisations.kraPin,
  withholdsIncomeTax: organisations.withholdsIncomeTax,
  withholdsVat: organisations.withholdsVat,
  createdAt: organisations.createdAt,
  updatedAt: organisations.updatedAt,
};
const selectOrganisationRow = () => db().select(organisationColumns).from(organisations);
type OrganisationRow = Awaited<ReturnType<typeof selectOrganisationRow>>[number];
const organisationOut = (row: OrganisationRow) => ({
  id: row.id,
  name: row.name,
  type: row.type,
  kra_pin: row.kraPin,
  withholds_income_tax: row.withholdsIncomeTax,
  withholds_vat: row.withholdsVat,
  created_at: iso(row.createdAt),
  updated_at: iso(row.updatedAt),
});

// ---- finance

type DocumentRow = typeof financeDocuments.$inferSelect;
const documentOut = (row: DocumentRow) => ({
  id: row.id,
  kind: row.kind,
  number: row.number,
  booking_id: row.bookingId,
  relates_to_id: row.relatesToId,
  version: row.version,
  issued_on: row.issuedOn,
  due_on: row.dueOn,
  currency: row.currency,
  buyer: { name: row.buyer.name, kra_pin: row.buyer.kraPin ?? null },
  lines: row.lines.map((line) => ({
    description: line.description,
    quantity: line.quantity,
    unit_minor: line.unitCents,
    amount_minor: line.amountCents,
  })),
  vat_rate_percent: row.vatRatePercent,
  net_minor: row.netCents,
  vat_minor: row.vatCents,
  total_minor: row.totalCents,
  withholding_income_tax_minor: row.whtCents,
  withholding_vat_minor: row.whvatCents,
  payment_id: row.paymentId,
  paid_minor: row.paidCents,
  balance_after_minor: row.balanceAfterCents,
  created_at: iso(row.createdAt),
});

type PaymentRow = typeof payments.$inferSelect;
export const paymentOut = (row: PaymentRow) => ({
  id: row.id,
  method: row.method,
  amount: { amount_minor: row.amountCents, currency: "KES" },
  received_on: row.receivedOn,
  transaction_code: row.transactionCode,
  payer: row.payer,
  account_reference: row.accountReference,
  booking_id: row.bookingId,
  reverses_id: row.reversesId,
  source: row.source,
  created_at: iso(row.createdAt),
});

const taxInvoiceColumns = {
  id: taxInvoices.id,
  invoiceNo: taxInvoices.invoiceNo,
  receiptType: taxInvoices.receiptType,
  bookingId: taxInvoices.bookingId,
  proformaId: taxInvoices.proformaId,
  originalId: taxInvoices.originalId,
  state: taxInvoices.state,
  totalCents: taxInvoices.totalCents,
  taxCents: taxInvoices.taxCents,
  receiptNo: taxInvoices.receiptNo,
  totalReceiptNo: taxInvoices.totalReceiptNo,
  internalData: taxInvoices.internalData,
  signature: taxInvoices.signature,
  sdcId: taxInvoices.sdcId,
  mrcNo: taxInvoices.mrcNo,
  sdcDateTime: taxInvoices.sdcDateTime,
  createdAt: taxInvoices.createdAt,
};
const selectTaxInvoiceRow = () => db().select(taxInvoiceColumns).from(taxInvoices);
type TaxInvoiceRow = Awaited<ReturnType<typeof selectTaxInvoiceRow>>[number];
const taxInvoiceOut = (row: TaxInvoiceRow, qr: (signature: string | null) => string | null) => ({
  id: row.id,
  invoice_no: row.invoiceNo,
  receipt_type: row.receiptType,
  booking_id: row.bookingId,
  proforma_id: row.proformaId,
  original_id: row.originalId,
  state: row.state,
  total_minor: row.totalCents,
  tax_minor: row.taxCents,
  authority: {
    receipt_no: row.receiptNo,
    total_receipt_no: row.totalReceiptNo,
    internal_data: row.internalData,
    signature: row.signature,
    sdc_id: row.sdcId,
    mrc_no: row.mrcNo,
    sdc_date_time: row.sdcDateTime,
    cu_invoice_number: row.sdcId && row.receiptNo !== null ? `${row.sdcId}/${row.receiptNo}` : null,
    qr_url: row.state === "sent" ? qr(row.signature) : null,
  },
  created_at: iso(row.createdAt),
});

// ---- delivery

const certificateColumns = {
  code: certificates.code,
  recipientName: certificates.recipientName,
  courseTitle: certificates.courseTitle,
  dates: certificates.dates,
  issuedAt: certificates.issuedAt,
  revokedAt: certificates.revokedAt,
  id: certificates.id,
};
const selectCertificateRow = () => db().select(certificateColumns).from(certificates);
type CertificateRow = Awaited<ReturnType<typeof selectCertificateRow>>[number];
/** A revoked certificate names no one and no course (decision 0632), in the API as on the verify page. */
const certificateOut = (row: Omit<CertificateRow, "id">) =>
  row.revokedAt
    ? {
        code: row.code,
        state: "revoked" as const,
        recipient_name: null,
        course_title: null,
        dates: null,
        issued_at: null,
        revoked_at: iso(row.revokedAt),
      }
    : {
        code: row.code,
        state: "genuine" as const,
        recipient_name: row.recipientName,
        course_title: row.courseTitle,
        dates: row.dates,
        issued_at: iso(row.issuedAt),
        revoked_at: null,
      };

function financeDocumentResource(name: string, kind: DocumentRow["kind"], summary: string): ApiResource {
  return {
    name,
    area: "finance",
    summary,
    item: FinanceDocument,
    key: byId,
    list: async (query, cursor) => {
      const rows = await readPage(query, cursor, financeDocuments.createdAt, financeDocuments.id, (page) =>
        db()
          .select({ row: financeDocuments, _cursor: page.cursor, _id: financeDocuments.id })
          .from(financeDocuments)
          .where(and(eq(financeDocuments.kind, kind), page.where))
          .orderBy(...pageOrder(financeDocuments.createdAt, financeDocuments.id))
          .limit(page.limit),
      );
      return finishPage(rows, query.limit, ({ row }) => documentOut(row));
    },
    find: async (id) => {
      const [row] = await db()
        .select()
        .from(financeDocuments)
        .where(and(eq(financeDocuments.id, id), eq(financeDocuments.kind, kind)));
      return row ? documentOut(row) : null;
    },
  };
}

export const API_RESOURCES: ApiResource[] = [
  {
    name: "courses",
    area: "catalogue",
    summary: "Courses of the catalogue, archived ones included",
    item: Course,
    key: byId,
    list: async (query, cursor) => {
      const rows = await readPage(query, cursor, courses.updatedAt, courses.id, (page) =>
        db()
          .select({ ...courseColumns, _cursor: page.cursor, _id: courses.id })
          .from(courses)
          .where(page.where)
          .orderBy(...pageOrder(courses.updatedAt, courses.id))
          .limit(page.limit),
      );
      return finishPage(rows, query.limit, courseOut);
    },
    find: async (id) => {
      const [row] = await db().select(courseColumns).from(courses).where(eq(courses.id, id));
      return row ? courseOut(row) : null;
    },
  },
  {
    name: "runs",
    area: "catalogue",
    summary: "Runs (dates) of courses, with their seats",
    item: Run,
    key: byId,
    list: async (query, cursor) => {
      const rows = await readPage(query, cursor, courseRuns.updatedAt, courseRuns.id, (page) =>
        runQuery()
          .where(page.where)
          .orderBy(...pageOrder(courseRuns.updatedAt, courseRuns.id))
          .limit(page.limit),
      );
      const shape = await runsOut(rows);
      return finishPage(rows, query.limit, shape);
    },
    find: async (id) => {
      const [row] = await runQuery().where(eq(courseRuns.id, id));
      return row ? (await runsOut([row]))(row) : null;
    },
  },
  {
    name: "bookings",
    area: "bookings",
    summary: "Bookings with their participants",
    item: Booking,
    key: {
      name: "reference",
      description: "The booking's reference, such as MF-7K2Q9XP4.",
      pattern: /^MF-[A-Z0-9]{8}$/,
    },
    list: async (query, cursor) => {
      const rows = await readPage(query, cursor, bookings.updatedAt, bookings.id, (page) =>
        db()
          .select({ ...bookingColumns, _cursor: page.cursor, _id: bookings.id })
          .from(bookings)
          .where(page.where)
          .orderBy(...pageOrder(bookings.updatedAt, bookings.id))
          .limit(page.limit),
      );
      return finishPage(rows, query.limit, await bookingsOut(rows.slice(0, query.limit)));
    },
    find: async (reference) => {
      const [row] = await db().select(bookingColumns).from(bookings).where(eq(bookings.reference, reference));
      return row ? (await bookingsOut([row]))(row) : null;
    },
  },
  {
    name: "organisations",
    area: "bookings",
    summary: "Client organisations",
    item: Organisation,
    key: byId,
    list: async (query, cursor) => {
      const rows = await readPage(query, cursor, organisations.updatedAt, organisations.id, (page) =>
        db()
          .select({ ...organisationColumns, _cursor: page.cursor, _id: organisations.id })
          .from(organisations)
          .where(page.where)
          .orderBy(...pageOrder(organisations.updatedAt, organisations.id))
          .limit(page.limit),
      );
      return finishPage(rows, query.limit, organisationOut);
    },
    find: async (id) => {
      const [row] = await db()
        .select(organisationColumns)
        .from(organisations)
        .where(eq(organisations.id, id));
      return row ? organisationOut(row) : null;
    },
  },
  financeDocumentResource(
    "invoices",
    "proforma",
    "Invoices (proformas) as issued; a new version replaces an older one",
  ),
  financeDocumentResource("receipts", "receipt", "Receipts, one for every payment"),
  financeDocumentResource("credit-notes", "credit_note", "Credit notes"),
  {
    name: "payments",
    area: "finance",
    summary: "The payments ledger (a reversal is a row of its own with a negative amount)",
    item: Payment,
    key: byId,
    list: async (query, cursor) => {
      const rows = await readPage(query, cursor, payments.createdAt, payments.id, (page) =>
        db()
          .select({ row: payments, _cursor: page.cursor, _id: payments.id })
          .from(payments)
          .where(page.where)
          .orderBy(...pageOrder(payments.createdAt, payments.id))
          .limit(page.limit),
      );
      return finishPage(rows, query.limit, ({ row }) => paymentOut(row));
    },
    find: async (id) => {
      const [row] = await db().select().from(payments).where(eq(payments.id, id));
      return row ? paymentOut(row) : null;
    },
  },
  {
    name: "tax-invoices",
    area: "finance",
    summary: "eTIMS tax invoices and credit notes with the numbers KRA gave them",
    item: TaxInvoice,
    key: byId,
    list: async (query, cursor) => {
      const rows = await readPage(query, cursor, taxInvoices.createdAt, taxInvoices.id, (page) =>
        db()
          .select({ ...taxInvoiceColumns, _cursor: page.cursor, _id: taxInvoices.id })
          .from(taxInvoices)
          .where(page.where)
          .orderBy(...pageOrder(taxInvoices.createdAt, taxInvoices.id))
          .limit(page.limit),
      );
      const qr = await receiptVerificationUrls();
      return finishPage(rows, query.limit, (row) => taxInvoiceOut(row, qr));
    },
    find: async (id) => {
      const [row] = await db().select(taxInvoiceColumns).from(taxInvoices).where(eq(taxInvoices.id, id));
      return row ? taxInvoiceOut(row, await receiptVerificationUrls()) : null;
    },
  },
  {
    name: "certificates",
    area: "delivery",
    summary: "Certificates issued; one by its code is the verify page's answer",
    item: Certificate,
    key: {
      name: "code",
      description: "The code printed on the certificate, such as 7K3Q-9XA2-M4TD-8J6P.",
      pattern: /^[A-Za-z0-9]{4}(-?[A-Za-z0-9]{4}){3}$/,
    },
    list: async (query, cursor) => {
      const rows = await readPage(query, cursor, certificates.issuedAt, certificates.id, (page) =>
        db()
          .select({ ...certificateColumns, _cursor: page.cursor, _id: certificates.id })
          .from(certificates)
          .where(page.where)
          .orderBy(...pageOrder(certificates.issuedAt, certificates.id))
          .limit(page.limit),
      );
      return finishPage(rows, query.limit, certificateOut);
    },
    find: async (code) => {
      const found = await verifyCertificate(code);
      if (found.state === "unknown") return null;
      if (found.state === "revoked")
        return certificateOut({
          code: found.code,
          revokedAt: found.revokedAt,
          recipientName: "",
          courseTitle: "",
          dates: "",
          issuedAt: found.revokedAt,
        });
      return certificateOut({ ...found, revokedAt: null });
    },
  },
];

export const findResource = (name: string) =>
  API_RESOURCES.find((resource) => resource.name === name) ?? null;
