import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { bookings, runSeatHolds } from "../booking/tables.server";
import { createdAt, id, inList, updatedAt } from "../platform/db/columns";
import {
  CHEQUE_STATES,
  DARAJA_ENVIRONMENTS,
  DISCOUNT_RULE_KINDS,
  ETIMS_ENVIRONMENTS,
  ETIMS_ITEM_STATES,
  ETIMS_SEND_ON,
  ETIMS_TAX_TYPES,
  FINANCE_DOCUMENT_KINDS,
  LPO_DOCUMENT_TYPES,
  OFFICE_CURRENCIES,
  PAYMENT_METHODS,
  PAYMENT_REVIEW_STATES,
  PAYMENT_SOURCES,
  PROMPT_ENVIRONMENTS,
  PROMPT_PROVIDERS,
  SELLING_OFFICES,
  STATEMENT_KINDS,
  STK_PUSH_STATES,
  TAX_INVOICE_STATES,
  TAX_RECEIPT_TYPES,
  WITHHOLDING_KINDS,
} from "../platform/db/enums";
import { users } from "../platform/db/tables.server";
import { courseRuns, courses } from "../site/tables.server";

// The tables this feature owns (decision 0725). drizzle-kit loads this file outside the app, so it imports
// only drizzle, the value lists and the table files of platform and of earlier features, by relative paths.

/** The last number used per office, document kind and year; locked by the issuing transaction (gap-free). */
export const documentSequences = pgTable(
  "document_sequences",
  {
    kind: text("kind").notNull(),
    year: integer("year").notNull(),
    lastNumber: integer("last_number").notNull(),
    /** each selling office numbers its own documents (issue 52, decision 0791); the older rows are Nairobi's */
    office: text("office", { enum: SELLING_OFFICES }).notNull().default("nairobi"),
  },
  (t) => [uniqueIndex("document_sequences_office_kind_year_idx").on(t.office, t.kind, t.year)],
);

export type FinanceLine = {
  description: string;
  quantity: number;
  unitCents: number;
  amountCents: number;
  /** the course the line sells (lines issued since eTIMS carry it: its tax type and classification) */
  courseId?: string;
  /** the participants the line bills, by name (lines issued before issue 35 have none) */
  participants?: string[];
  /**
   * A discounted line (decision 0750): the list price per participant, the discount off each participant and
   * what gave it; `unitCents` is then the net price (list − discount) and `amountCents` quantity × net. Lines
   * without a discount have none of these.
   */
  listUnitCents?: number;
  discountUnitCents?: number;
  discounts?: string[];
};
export type FinanceParty = {
  name: string;
  kraPin: string | null;
  lines: string[];
};

/**
 * Proforma invoices, credit notes and receipts (DESIGN §7). Immutable once issued: a trigger in the migration
 * refuses updates and deletes; a changed booking gets a new version with a new number.
 */
export const financeDocuments = pgTable(
  "finance_documents",
  {
    id: id(),
    kind: text("kind", { enum: FINANCE_DOCUMENT_KINDS }).notNull(),
    number: text("number").notNull().unique(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id),
    /** the proforma this one replaces, or the proforma a credit note cancels */
    relatesToId: uuid("relates_to_id"),
    version: integer("version").notNull().default(1),
    issuedOn: date("issued_on").notNull(),
    dueOn: date("due_on"),
    currency: text("currency").notNull().default("KES"),
    /** the selling office that issued it, whose number series it is in (issue 52, decision 0791) */
    office: text("office", { enum: SELLING_OFFICES }).notNull().default("nairobi"),
    seller: jsonb("seller").$type<FinanceParty>().notNull(),
    buyer: jsonb("buyer").$type<FinanceParty & { lpoNumber: string | null }>().notNull(),
    lines: jsonb("lines").$type<FinanceLine[]>().notNull(),
    vatRatePercent: integer("vat_rate_percent").notNull(),
    pricesIncludeVat: boolean("prices_include_vat").notNull(),
    netCents: bigint("net_cents", { mode: "number" }).notNull(),
    vatCents: bigint("vat_cents", { mode: "number" }).notNull(),
    totalCents: bigint("total_cents", { mode: "number" }).notNull(),
    /**
     * proformas: what the buyer is expected to withhold and settle by an iTax certificate, not in cash
     * (decision 0745): income tax 5 % and VAT 2 % of the net; the cash expected is the total less both
     */
    whtCents: bigint("wht_cents", { mode: "number" }).notNull().default(0),
    whvatCents: bigint("whvat_cents", { mode: "number" }).notNull().default(0),
    /** how to pay, as printed: paybill, account, bank */
    paymentNote: text("payment_note").notNull(),
    storageKey: text("storage_key").notNull(),
    issuedBy: text("issued_by").notNull(),
    /** receipts: the one payment acknowledged, what it paid and the booking's balance after it (negative: overpaid) */
    paymentId: uuid("payment_id").references((): AnyPgColumn => payments.id),
    paidCents: bigint("paid_cents", { mode: "number" }),
    balanceAfterCents: bigint("balance_after_cents", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("finance_documents_kind_check", inList("kind", FINANCE_DOCUMENT_KINDS)),
    uniqueIndex("finance_documents_payment_idx").on(t.paymentId),
    uniqueIndex("finance_documents_booking_idx").on(t.bookingId, t.kind, t.version),
    index("finance_documents_issued_idx").on(t.issuedOn),
  ],
);

/**
 * The payments ledger: append-only. A reversal is a new row with the negative amount and a reason; the only
 * change a row accepts is being assigned to a booking once (the migration's trigger enforces both).
 */
export const payments = pgTable(
  "payments",
  {
    id: id(),
    method: text("method", { enum: PAYMENT_METHODS }).notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    receivedOn: date("received_on").notNull(),
    /** the M-PESA receipt, bank reference or cheque number; unique per method */
    transactionCode: text("transaction_code"),
    payer: text("payer"),
    /** the payer's number as it came: plain, masked (2547*****126) or, from M-PESA since 2024, its SHA-256 */
    payerPhone: text("payer_phone"),
    /** the account number or reference the payer gave */
    accountReference: text("account_reference"),
    bookingId: uuid("booking_id").references(() => bookings.id),
    reversesId: uuid("reverses_id"),
    reason: text("reason"),
    source: text("source", { enum: PAYMENT_SOURCES }).notNull(),
    recordedBy: text("recorded_by").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("payments_method_check", inList("method", PAYMENT_METHODS)),
    check("payments_source_check", inList("source", PAYMENT_SOURCES)),
    check("payments_amount_check", sql`amount_cents <> 0`),
    check("payments_reversal_check", sql`(reverses_id is null) = (amount_cents > 0)`),
    uniqueIndex("payments_method_code_idx").on(t.method, t.transactionCode),
    uniqueIndex("payments_reverses_idx").on(t.reversesId),
    index("payments_booking_idx").on(t.bookingId),
    index("payments_received_idx").on(t.receivedOn),
  ],
);

/**
 * Cheques received for bookings (decision 0756). A cheque is not money until the bank clears it: it waits here,
 * outside the ledger, until finance marks it cleared, which writes its payment (`payment_id`) into the ledger
 * and issues its receipt. A cheque returned unpaid is `bounced`: after clearing, its payment is reversed by a
 * ledger row. The row changes state, never its cheque details, and is never deleted (the migration's trigger).
 */
export const cheques = pgTable(
  "cheques",
  {
    id: id(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id),
    number: text("number").notNull(),
    /** the bank the cheque is drawn on, as printed on it */
    bank: text("bank").notNull(),
    /** the date written on the cheque (it cannot clear before it) */
    chequeDate: date("cheque_date").notNull(),
    receivedOn: date("received_on").notNull(),
    /** when the bank is expected to clear it */
    clearsOn: date("clears_on").notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    /** the drawer: who signed it */
    payer: text("payer"),
    state: text("state", { enum: CHEQUE_STATES }).notNull().default("pending"),
    /** the ledger row written when it cleared */
    paymentId: uuid("payment_id").references(() => payments.id),
    /** the day it cleared or was returned unpaid */
    settledOn: date("settled_on"),
    /** why the bank returned it */
    bounceReason: text("bounce_reason"),
    /** what the firm's bank charged for the returned cheque, told to the client */
    bankChargeCents: bigint("bank_charge_cents", { mode: "number" }),
    recordedBy: text("recorded_by").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("cheques_state_check", inList("state", CHEQUE_STATES)),
    check("cheques_amount_check", sql`amount_cents > 0`),
    check("cheques_settled_check", sql`(state = 'pending') = (settled_on is null)`),
    check("cheques_cleared_check", sql`state <> 'cleared' or payment_id is not null`),
    uniqueIndex("cheques_bank_number_idx").on(t.bank, t.number),
    uniqueIndex("cheques_payment_idx").on(t.paymentId),
    index("cheques_booking_idx").on(t.bookingId),
    index("cheques_state_idx").on(t.state, t.clearsOn),
  ],
);

/**
 * The local purchase order a booking's buyer sent, kept with the booking for its invoice (decision 0758). A new
 * upload replaces the current one, which keeps its row and its file (marked replaced): nothing is deleted.
 */
export const lpoDocuments = pgTable(
  "lpo_documents",
  {
    id: id(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id),
    storageKey: text("storage_key").notNull().unique(),
    fileName: text("file_name").notNull(),
    mimeType: text("mime_type", { enum: LPO_DOCUMENT_TYPES }).notNull(),
    fileSize: integer("file_size").notNull(),
    uploadedBy: text("uploaded_by").notNull(),
    createdAt: createdAt(),
    replacedAt: timestamp("replaced_at", { withTimezone: true }),
  },
  (t) => [
    check("lpo_documents_type_check", inList("mime_type", LPO_DOCUMENT_TYPES)),
    index("lpo_documents_booking_idx").on(t.bookingId, t.createdAt),
    uniqueIndex("lpo_documents_current_idx").on(t.bookingId).where(sql`replaced_at is null`),
  ],
);

/**
 * A confirmed payment that could not go into the ledger as it came: dated in the future or impossibly, of an
 * absurd amount, for another shortcode, or carrying control characters. The money has moved, so it is kept
 * whole here until a person records it (with the corrections) or dismisses it with a reason.
 */
export const paymentReviews = pgTable(
  "payment_reviews",
  {
    id: id(),
    method: text("method", { enum: PAYMENT_METHODS }).notNull(),
    source: text("source", { enum: PAYMENT_SOURCES }).notNull(),
    transactionCode: text("transaction_code").notNull(),
    /** as read, when it could be read */
    amountCents: bigint("amount_cents", { mode: "number" }),
    receivedOn: date("received_on"),
    payer: text("payer"),
    payerPhone: text("payer_phone"),
    accountReference: text("account_reference"),
    /** why it waits, for the person who reviews it */
    reasons: text("reasons").array().notNull(),
    /** the call as received, control characters written out (\u0000) so it can be stored and read */
    payload: jsonb("payload").notNull(),
    state: text("state", { enum: PAYMENT_REVIEW_STATES }).notNull().default("open"),
    paymentId: uuid("payment_id").references(() => payments.id),
    resolvedBy: text("resolved_by"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolution: text("resolution"),
    createdAt: createdAt(),
  },
  (t) => [
    check("payment_reviews_state_check", inList("state", PAYMENT_REVIEW_STATES)),
    uniqueIndex("payment_reviews_method_code_idx").on(t.method, t.transactionCode),
    index("payment_reviews_state_idx").on(t.state, t.createdAt),
  ],
);

/** An uploaded statement waiting between its preview and its commit. */
export const statementImports = pgTable("statement_imports", {
  id: id(),
  kind: text("kind", { enum: STATEMENT_KINDS }).notNull(),
  filename: text("filename").notNull(),
  storageKey: text("storage_key").notNull(),
  /** bank statements: which column holds what, chosen by the admin */
  mapping: jsonb("mapping").$type<Record<string, string>>(),
  committedAt: timestamp("committed_at", { withTimezone: true }),
  createdBy: text("created_by").notNull(),
  createdAt: createdAt(),
});

/**
 * M-PESA Express (STK Push) requests, one row per prompt sent to a phone. At most one open (`sending` or
 * `pending`) per booking, by the partial unique index: a second "Pay" while the phone still shows the first
 * prompt is refused whatever process takes it. The payment itself goes into the ledger like any M-PESA receipt.
 */
export const mpesaStkPushes = pgTable(
  "mpesa_stk_pushes",
  {
    id: id(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id),
    state: text("state", { enum: STK_PUSH_STATES }).notNull().default("sending"),
    /** the number prompted, as M-PESA writes it (2547…) */
    phone: text("phone").notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    merchantRequestId: text("merchant_request_id"),
    checkoutRequestId: text("checkout_request_id").unique(),
    /** Daraja's answer: its ResultCode (or errorCode) and description as it sent them */
    resultCode: text("result_code"),
    resultDesc: text("result_desc"),
    receiptCode: text("receipt_code"),
    paymentId: uuid("payment_id").references(() => payments.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** when the STK Query last asked about it */
    queriedAt: timestamp("queried_at", { withTimezone: true }),
  },
  (t) => [
    check("mpesa_stk_pushes_state_check", inList("state", STK_PUSH_STATES)),
    check("mpesa_stk_pushes_amount_check", sql`amount_cents > 0`),
    uniqueIndex("mpesa_stk_pushes_open_idx").on(t.bookingId).where(sql`state in ('sending', 'pending')`),
    index("mpesa_stk_pushes_booking_idx").on(t.bookingId, t.createdAt),
  ],
);

/**
 * A payment prompt sent through MTN MoMo Collections or Airtel Money (issue 52, decision 0815): like an M-PESA
 * Express push, one open per booking (the partial unique index, across processes), `sending` while the provider
 * is asked, `pending` until the payer answers, then `paid` (only once the provider's own status lookup said so,
 * with its transaction id) or `failed` with the provider's reason; `unknown` when the provider never answered.
 * `reference_id` is ours, sent to the provider (MTN's X-Reference-Id, Airtel's transaction id).
 */
export const mobileMoneyPrompts = pgTable(
  "mobile_money_prompts",
  {
    id: id(),
    provider: text("provider", { enum: PROMPT_PROVIDERS }).notNull(),
    office: text("office", { enum: SELLING_OFFICES }).notNull(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id),
    state: text("state", { enum: STK_PUSH_STATES }).notNull().default("sending"),
    referenceId: text("reference_id").notNull().unique(),
    /** the payer's number in international form without "+" (2567…, 2507…) */
    msisdn: text("msisdn").notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    currency: text("currency", { enum: OFFICE_CURRENCIES }).notNull(),
    /** MTN's financialTransactionId or Airtel's airtel_money_id, once the status lookup confirmed the payment */
    providerTransactionId: text("provider_transaction_id"),
    /** the provider's reason or status code as it sent it (APPROVAL_REJECTED, DP00800001007 …) */
    reason: text("reason"),
    paymentId: uuid("payment_id").references(() => payments.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    checkedAt: timestamp("checked_at", { withTimezone: true }),
  },
  (t) => [
    check("mobile_money_prompts_provider_check", inList("provider", PROMPT_PROVIDERS)),
    check("mobile_money_prompts_state_check", inList("state", STK_PUSH_STATES)),
    check("mobile_money_prompts_amount_check", sql`amount_cents > 0`),
    uniqueIndex("mobile_money_prompts_open_idx").on(t.bookingId).where(sql`state in ('sending', 'pending')`),
    index("mobile_money_prompts_booking_idx").on(t.bookingId, t.createdAt),
  ],
);

/**
 * An office's account with MTN MoMo or Airtel Money (decision 0816): per office, since each country's operator
 * gives its own (MTN Uganda and MTN Rwanda are separate target environments, Airtel answers per X-Country).
 * `key_id` is the MTN API user or the Airtel client id; the secrets (MTN: API key and subscription key; Airtel:
 * client secret and the callback hash key) are sealed together as one JSON text.
 */
export const mobileMoneyCredentials = pgTable(
  "mobile_money_credentials",
  {
    office: text("office", { enum: SELLING_OFFICES }).notNull(),
    provider: text("provider", { enum: PROMPT_PROVIDERS }).notNull(),
    environment: text("environment", { enum: PROMPT_ENVIRONMENTS }).notNull(),
    keyId: text("key_id").notNull(),
    secretsSealed: text("secrets_sealed").notNull(),
    updatedBy: text("updated_by").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.office, t.provider] }),
    check("mobile_money_credentials_provider_check", inList("provider", PROMPT_PROVIDERS)),
    check("mobile_money_credentials_environment_check", inList("environment", PROMPT_ENVIRONMENTS)),
  ],
);

/**
 * The firm's Daraja app for M-PESA Express: one row. The consumer key and secret and the passkey are sealed
 * (AES-256-GCM under a key derived from the server secret), like the authenticator secrets.
 */
export const darajaCredentials = pgTable(
  "daraja_credentials",
  {
    id: integer("id").primaryKey().default(1),
    environment: text("environment", { enum: DARAJA_ENVIRONMENTS }).notNull(),
    shortcode: text("shortcode").notNull(),
    consumerKeySealed: text("consumer_key_sealed").notNull(),
    consumerSecretSealed: text("consumer_secret_sealed").notNull(),
    passkeySealed: text("passkey_sealed").notNull(),
    updatedBy: text("updated_by").notNull(),
    updatedAt: updatedAt(),
  },
  () => [
    check("daraja_credentials_one_row", sql`id = 1`),
    check("daraja_credentials_environment_check", inList("environment", DARAJA_ENVIRONMENTS)),
  ],
);

/**
 * The firm's KRA eTIMS (OSCU) device: one row. The identity is typed in the finance settings; the communication
 * key comes from KRA's initialisation and is kept sealed (decision 0643).
 */
export const etimsDevice = pgTable(
  "etims_device",
  {
    id: integer("id").primaryKey().default(1),
    tin: text("tin").notNull(),
    branchId: text("branch_id").notNull(),
    deviceSerial: text("device_serial").notNull(),
    environment: text("environment", { enum: ETIMS_ENVIRONMENTS }).notNull(),
    /** when a booking's sale goes to eTIMS: once it is paid in full, or once it is confirmed */
    sendOn: text("send_on", { enum: ETIMS_SEND_ON }).notNull().default("paid"),
    /** sealed (seal1:…) */
    cmcKey: text("cmc_key"),
    sdcId: text("sdc_id"),
    mrcNo: text("mrc_no"),
    /** "ready", or KRA's own message when the initialisation was refused or could not be made */
    state: text("state").notNull(),
    initialisedAt: timestamp("initialised_at", { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  () => [
    check("etims_device_one_row", sql`id = 1`),
    check("etims_device_env_check", inList("environment", ETIMS_ENVIRONMENTS)),
    check("etims_device_send_on_check", inList("send_on", ETIMS_SEND_ON)),
  ],
);

/**
 * What the firm sells, registered with KRA as OSCU items (saveItem) before a sale uses their item code
 * (decision 0690): one per course, plus one "general" item for a line without a course. The item code follows
 * KRA's structure: origin KE, product type 3 (service), packaging NT, quantity unit U, a 7-digit increment.
 */
export const etimsItems = pgTable(
  "etims_items",
  {
    id: id(),
    /** the course's id, or "general" for lines that name no course */
    itemKey: text("item_key").notNull().unique(),
    itemCode: text("item_code").notNull().unique(),
    itemName: text("item_name").notNull(),
    /** what was (or is to be) registered: a change registers the item again */
    itemClassCode: text("item_class_code").notNull(),
    taxType: text("tax_type", { enum: ETIMS_TAX_TYPES }).notNull(),
    /** "registered" once KRA answered 000 for these very details */
    state: text("state", { enum: ETIMS_ITEM_STATES }).notNull().default("unregistered"),
    lastError: text("last_error"),
    registeredAt: timestamp("registered_at", { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  () => [
    check("etims_items_state_check", inList("state", ETIMS_ITEM_STATES)),
    check("etims_items_tax_check", inList("tax_type", ETIMS_TAX_TYPES)),
  ],
);

export type TaxInvoiceLine = {
  description: string;
  itemClassCode: string;
  /** the registered OSCU item (etims_items) the line sells; absent on lines queued before items existed */
  itemCode?: string;
  taxType: (typeof ETIMS_TAX_TYPES)[number];
  quantity: number;
  unitCents: number;
  /** quantity × unit price, tax included (OSCU's taxable amount includes the tax) */
  amountCents: number;
  taxCents: number;
  /**
   * A discounted line (decision 0750), tax included: `unitCents` is then the list price (OSCU's prc), the
   * supply amount quantity × list (splyAmt), the discount (dcAmt) the supply less `amountCents` (taxblAmt).
   */
  supplyCents?: number;
  discountCents?: number;
};

/**
 * Sales and credit notes sent to KRA eTIMS (decision 0643), numbered by the firm (gap-free) and kept for ever:
 * a trigger in the migration refuses deletes, and a sent one's figures and KRA's signature never change.
 */
export const taxInvoices = pgTable(
  "tax_invoices",
  {
    id: id(),
    /** the firm's own invoice number, sent as invcNo / trdInvcNo: a retry sends the same one */
    invoiceNo: integer("invoice_no").notNull().unique(),
    receiptType: text("receipt_type", { enum: TAX_RECEIPT_TYPES }).notNull(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id),
    /** the proforma invoice the sale is for */
    proformaId: uuid("proforma_id")
      .notNull()
      .references(() => financeDocuments.id),
    /** a credit note's original sale */
    originalId: uuid("original_id"),
    buyer: jsonb("buyer").$type<{ name: string; kraPin: string | null; email: string }>().notNull(),
    lines: jsonb("lines").$type<TaxInvoiceLine[]>().notNull(),
    totalCents: bigint("total_cents", { mode: "number" }).notNull(),
    taxCents: bigint("tax_cents", { mode: "number" }).notNull(),
    state: text("state", { enum: TAX_INVOICE_STATES }).notNull().default("waiting"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** the last answer that was not a success: KRA's code and message, or why KRA could not be reached */
    lastError: text("last_error"),
    resultCode: text("result_code"),
    /** KRA's answer (TrnsSalesSaveWrRes) */
    receiptNo: integer("receipt_no"),
    totalReceiptNo: integer("total_receipt_no"),
    internalData: text("internal_data"),
    signature: text("signature"),
    sdcDateTime: text("sdc_date_time"),
    sdcId: text("sdc_id"),
    mrcNo: text("mrc_no"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    storageKey: text("storage_key"),
    createdAt: createdAt(),
  },
  (t) => [
    check("tax_invoices_state_check", inList("state", TAX_INVOICE_STATES)),
    check("tax_invoices_type_check", inList("receipt_type", TAX_RECEIPT_TYPES)),
    check("tax_invoices_credit_check", sql`(receipt_type = 'R') = (original_id is not null)`),
    // one credit note per sale
    uniqueIndex("tax_invoices_original_idx").on(t.originalId),
    index("tax_invoices_due_idx").on(t.state, t.nextAttemptAt),
    index("tax_invoices_booking_idx").on(t.bookingId, t.createdAt),
  ],
);

/**
 * Receipts due for a booking's payments (one for every payment, decision 0641), written in the payment's
 * transaction and issued after it commits (decision 0652): the payment's caller (Safaricom's callback) is answered without
 * waiting for a PDF. A job survives a crash between the two, and the next pass issues the receipt; the receipt's
 * own once-per-payment check and the job's `done_at`, set in the issuing transaction, make it go out once.
 */
export const receiptJobs = pgTable(
  "receipt_jobs",
  {
    id: id(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    doneAt: timestamp("done_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // one job waiting per booking: a second payment before the pass joins the first job
    uniqueIndex("receipt_jobs_pending_idx").on(t.bookingId).where(sql`done_at is null`),
    index("receipt_jobs_due_idx").on(t.nextAttemptAt).where(sql`done_at is null`),
  ],
);

/**
 * The withholding certificates a buyer issued on iTax for a booking (decision 0746): each settles that much of
 * the booking's invoice, as a payment would, but is not cash. Never deleted or edited (the migration's trigger):
 * a wrong one is voided, once, with a reason, and stops counting.
 */
export const withholdingCertificates = pgTable(
  "withholding_certificates",
  {
    id: id(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id),
    kind: text("kind", { enum: WITHHOLDING_KINDS }).notNull(),
    /** the certificate number iTax printed */
    certificateNumber: text("certificate_number").notNull(),
    certificateDate: date("certificate_date").notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    storageKey: text("storage_key").notNull(),
    fileName: text("file_name").notNull(),
    recordedBy: text("recorded_by").notNull(),
    createdAt: createdAt(),
    voidedAt: timestamp("voided_at", { withTimezone: true }),
    voidedBy: text("voided_by"),
    voidReason: text("void_reason"),
  },
  (t) => [
    check("withholding_certificates_kind_check", inList("kind", WITHHOLDING_KINDS)),
    check("withholding_certificates_amount_check", sql`amount_cents > 0`),
    check("withholding_certificates_void_check", sql`(voided_at is null) = (void_reason is null)`),
    // one live certificate per iTax number and kind: the same one cannot settle two bookings
    uniqueIndex("withholding_certificates_number_idx")
      .on(t.kind, t.certificateNumber)
      .where(sql`voided_at is null`),
    index("withholding_certificates_booking_idx").on(t.bookingId),
    index("withholding_certificates_date_idx").on(t.certificateDate),
  ],
);

/**
 * A course's (or one of its runs') automatic discount (decision 0750): an early-bird price for bookings made until
 * a date, or a group rate once one organisation has `minParticipants` holding seats on the run (counting its
 * bookings made within `windowDays` of its first). Exactly one of a percentage (basis points) or an amount off
 * each participant. A rule on a run replaces the course's rule of the same kind for that run. Ended, not
 * deleted, by the office (the documents priced by it print what it gave); it goes with a course or run that
 * may itself be deleted (one nobody booked).
 */
export const discountRules = pgTable(
  "discount_rules",
  {
    id: id(),
    kind: text("kind", { enum: DISCOUNT_RULE_KINDS }).notNull(),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    runId: uuid("run_id").references(() => courseRuns.id, { onDelete: "cascade" }),
    percentBp: integer("percent_bp"),
    amountCents: bigint("amount_cents", { mode: "number" }),
    /** early bird: bookings made on or before this day (Nairobi) */
    until: date("until"),
    /** group: the participants one organisation needs on the run */
    minParticipants: integer("min_participants"),
    /** group: the organisation's bookings made within this many days of its first on the run count; null: all */
    windowDays: integer("window_days"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (t) => [
    check("discount_rules_kind_check", inList("kind", DISCOUNT_RULE_KINDS)),
    check(
      "discount_rules_value_check",
      sql`(percent_bp is null) <> (amount_cents is null) and (percent_bp is null or percent_bp between 1 and 10000) and (amount_cents is null or amount_cents > 0)`,
    ),
    check(
      "discount_rules_shape_check",
      sql`(kind = 'early_bird' and until is not null and min_participants is null) or (kind = 'group' and until is null and min_participants >= 2 and (window_days is null or window_days > 0))`,
    ),
    index("discount_rules_course_idx").on(t.courseId, t.kind),
  ],
);

/**
 * A discount code (decision 0750), pretix's voucher: a percentage or an amount off each participant, for one
 * course or run or any, until a day, for at most `maxUses` bookings, within a budget of discount granted (a
 * donor-funded cohort); who issued it and who funds it (`sponsor`) are kept, and every change is audited.
 * A use is a participant booked with it.
 */
export const discountCodes = pgTable(
  "discount_codes",
  {
    id: id(),
    /** as typed by the client, compared in upper case */
    code: text("code").notNull().unique(),
    courseId: uuid("course_id").references(() => courses.id, { onDelete: "cascade" }),
    runId: uuid("run_id").references(() => courseRuns.id, { onDelete: "cascade" }),
    percentBp: integer("percent_bp"),
    amountCents: bigint("amount_cents", { mode: "number" }),
    validUntil: date("valid_until"),
    maxUses: integer("max_uses"),
    budgetCents: bigint("budget_cents", { mode: "number" }),
    sponsor: text("sponsor").notNull(),
    /** the seats held on its run for the bookings that use it (decision 0751), kept by booking */
    seatHoldId: uuid("seat_hold_id").references(() => runSeatHolds.id, { onDelete: "set null" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  () => [
    check("discount_codes_code_check", sql`code ~ '^[A-Z0-9-]{4,30}$'`),
    check(
      "discount_codes_value_check",
      sql`(percent_bp is null) <> (amount_cents is null) and (percent_bp is null or percent_bp between 1 and 10000) and (amount_cents is null or amount_cents > 0)`,
    ),
    check(
      "discount_codes_limits_check",
      sql`(max_uses is null or max_uses > 0) and (budget_cents is null or budget_cents > 0)`,
    ),
  ],
);

/** A code used by a booking (one code a booking): the row its uses and budget are counted from. */
export const discountRedemptions = pgTable(
  "discount_redemptions",
  {
    id: id(),
    bookingId: uuid("booking_id")
      .notNull()
      .unique()
      .references(() => bookings.id, { onDelete: "restrict" }),
    codeId: uuid("code_id")
      .notNull()
      .references(() => discountCodes.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
  },
  (t) => [index("discount_redemptions_code_idx").on(t.codeId)],
);
