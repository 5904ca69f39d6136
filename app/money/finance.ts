import { z } from "zod";
import { PAYMENT_METHODS, STATEMENT_KINDS } from "#app/platform/db/enums";
import { formDate } from "#app/platform/forms/query";
import { parseCents } from "#app/utils/cents";
import { parseLineList } from "#app/utils/line-list";

const id = z.uuid("Choose a record from the list");
const reference = z
  .string()
  .trim()
  .max(40, "A booking reference has 11 characters, such as MF-7K2Q9XP4")
  .regex(/^MF[\s-]?[A-Za-z0-9]{8}$/i, "Enter a booking reference such as MF-7K2Q9XP4");

const amount = z
  .string()
  .trim()
  .max(20, "Enter an amount such as 45000 or 45,000.50")
  .refine((text) => (parseCents(text) ?? 0) > 0, "Enter an amount such as 45000 or 45,000.50");
const receivedOn = formDate("Enter the date the money was received");

/** Money that is money when it arrives; a cheque is recorded as a cheque and pays once it clears (decision 0756). */
export const DIRECT_PAYMENT_METHODS = [
  "mpesa",
  "bank",
  "cash",
] as const satisfies readonly (typeof PAYMENT_METHODS)[number][];

export const RecordPaymentSchema = z.object({
  intent: z.literal("record"),
  method: z
    .enum(PAYMENT_METHODS, "Choose how it was paid")
    .refine(
      (method) => method !== "cheque",
      "Record a cheque in the cheque form: it pays the booking once it clears",
    ),
  amount,
  receivedOn,
  transactionCode: z
    .string()
    .trim()
    .max(40, "Use at most 40 characters")
    .regex(/^[A-Za-z0-9/-]*$/, "Use letters, digits, - and / only")
    .optional()
    .default(""),
  payer: z.string().trim().max(200, "Use at most 200 characters").optional().default(""),
  reference: reference.or(z.literal("")).optional().default(""),
});

/** A cheque received for a booking: its number, bank and date, and when the bank is expected to clear it. */
export const RecordChequeSchema = z.object({
  intent: z.literal("cheque"),
  number: z
    .string()
    .trim()
    .regex(/^[0-9]{1,12}$/, "Enter the cheque number as printed on it: digits only, such as 000123"),
  bank: z
    .string()
    .trim()
    .min(2, "Enter the bank the cheque is drawn on")
    .max(80, "Use at most 80 characters"),
  chequeDate: formDate("Enter the date written on the cheque"),
  receivedOn,
  clearsOn: formDate("Enter the date the bank is expected to clear it"),
  amount,
  payer: z.string().trim().max(200, "Use at most 200 characters").optional().default(""),
  reference,
});

export const ClearChequeSchema = z.object({
  intent: z.literal("cheque-clear"),
  id,
  clearedOn: formDate("Enter the date the bank cleared the cheque"),
});

const bankCharge = z
  .string()
  .trim()
  .max(20, "Enter an amount such as 1500")
  .refine(
    (text) => text === "" || (parseCents(text) ?? 0) > 0,
    "Enter the bank's charge, such as 1500, or leave it empty",
  );

export const BounceChequeSchema = z.object({
  intent: z.literal("cheque-bounce"),
  id,
  bouncedOn: formDate("Enter the date the bank returned the cheque"),
  reason: z
    .string()
    .trim()
    .min(3, 'Say why the bank returned it, such as "insufficient funds"')
    .max(200, "Use at most 200 characters"),
  bankCharge: bankCharge.optional().default(""),
});

/** The LPO upload on a booking's page: the file beside this. */
export const LpoUploadSchema = z.object({ intent: z.literal("upload-lpo") });
export const LPO_UPLOAD_MESSAGES = {
  tooLarge: "The LPO is larger than 20 MB: scan it at 200 dpi, or save it as a smaller PDF.",
  failed: "The LPO could not be saved. Please try again.",
  missing: "Choose the LPO (a PDF, JPG or PNG) to upload.",
  uploaded: "LPO uploaded: it is kept with the booking.",
  deleteFailed: "An LPO is replaced by a new upload, never removed.",
  deleted: "Removed.",
};

export const ReversePaymentSchema = z.object({
  intent: z.literal("reverse"),
  id,
  reason: z.string().trim().min(3, "Say why the payment is reversed").max(300, "Use at most 300 characters"),
});

export const AssignPaymentSchema = z.object({ intent: z.literal("assign"), id, reference });

/** A payment held for review, recorded with the amount and date a person checked. */
export const RecordReviewedSchema = z.object({
  intent: z.literal("review-record"),
  id,
  amount,
  receivedOn,
  reference: reference.or(z.literal("")).optional().default(""),
});

export const DismissReviewSchema = z.object({
  intent: z.literal("review-dismiss"),
  id,
  reason: z
    .string()
    .trim()
    .min(3, "Say why it is not the firm's money")
    .max(300, "Use at most 300 characters"),
});

export const PaymentActionSchema = z.discriminatedUnion("intent", [
  RecordPaymentSchema,
  RecordChequeSchema,
  ClearChequeSchema,
  BounceChequeSchema,
  ReversePaymentSchema,
  AssignPaymentSchema,
  RecordReviewedSchema,
  DismissReviewSchema,
]);

export const ReminderSchema = z.object({ intent: z.literal("remind"), bookingId: id });

export const ImportUploadSchema = z.object({ kind: z.enum(STATEMENT_KINDS, "Choose the kind of statement") });

const column = z.string().max(200).min(1, "Choose a column");
export const ImportMappingSchema = z.object({
  intent: z.literal("map"),
  date: column,
  amount: column,
  code: column,
  reference: column,
  payer: column,
});
/** Lines left out of an import, as "3,17,250-260". */
const LOOK_AGAIN =
  "The statement's lines changed since this preview. Look at the preview again before importing.";
const lineList = z
  .string()
  .trim()
  .max(4_000, LOOK_AGAIN)
  .refine((text) => parseLineList(text) !== null, LOOK_AGAIN);
/**
 * Committing imports every line the preview offered except those left out; `preview` is the fingerprint of
 * the lines the clerk saw, so a mapping changed meanwhile cannot import lines nobody looked at.
 */
export const ImportCommitSchema = z.object({
  intent: z.literal("commit"),
  skip: lineList.optional().default(""),
  preview: z.string().regex(/^[0-9a-f]{64}$/, LOOK_AGAIN),
});
export const IMPORT_LOOK_AGAIN = LOOK_AGAIN;
export const ImportActionSchema = z.discriminatedUnion("intent", [ImportMappingSchema, ImportCommitSchema]);

/**
 * A statement preview's page and the lines the clerk left out so far. A list the address cannot hold (too long,
 * or edited by hand) is null, never read as "nothing left out": that would import the lines the clerk excluded.
 */
export const ImportQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000).catch(1),
  skip: lineList.default("").nullable().catch(null),
});
export const IMPORT_SKIP_UNREADABLE =
  "The lines left out no longer fit in this page's address. Go back and put some back, or import the statement in smaller files.";
export const IMPORT_PAGE_SIZE = 200;

/** Which payments the ledger shows. */
export const PaymentQuerySchema = z.object({
  view: z.enum(["all", "unmatched"]).catch("all"),
});

/** Bank statements differ per bank: the admin says which column holds what. */
export const BANK_FIELDS = ["date", "amount", "code", "reference", "payer"] as const;
export type BankField = (typeof BANK_FIELDS)[number];
export type BankMapping = Record<BankField, string>;
export const BANK_FIELD_LABELS: Record<BankField, string> = {
  date: "Date received",
  amount: "Amount paid in (credit)",
  code: "Transaction reference (unique)",
  reference: "Narrative / payer's reference",
  payer: "Payer name",
};
