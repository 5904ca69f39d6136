import { z } from "zod";
import { RegistrationSchema } from "#app/bookings/index";

/*
 * The API's shapes (decision 0801): the query and body schemas the handlers parse with, and the answers they
 * check what they send against. The OpenAPI document is generated from these same objects (openapi.server.ts).
 */

export const MAX_PAGE_SIZE = 200;

export const PageQuerySchema = z
  .object({
    limit: z.coerce
      .number("limit must be a whole number from 1 to 200")
      .int("limit must be a whole number from 1 to 200")
      .min(1, "limit must be a whole number from 1 to 200")
      .max(MAX_PAGE_SIZE, "limit must be a whole number from 1 to 200")
      .default(50)
      .meta({ description: "How many items a page holds (1–200, 50 when not given)." }),
    cursor: z
      .string()
      .max(200, "cursor is not one this API gave")
      .regex(/^[A-Za-z0-9_-]+$/, "cursor is not one this API gave")
      .optional()
      .meta({ description: "The `next_cursor` of the page before; absent for the first page." }),
    updated_since: z.iso
      .datetime({
        offset: true,
        message: "updated_since must be an ISO 8601 date and time, such as 2026-11-01T00:00:00Z",
      })
      .optional()
      .meta({ description: "Only items created or changed at or after this time (incremental sync)." }),
  })
  .strict();
export type PageQuery = z.infer<typeof PageQuerySchema>;

export const Money = z.object({
  amount_minor: z.int().meta({ description: "Integer amount in the currency's minor unit (cents)." }),
  currency: z.string().length(3),
});

const when = z.iso.datetime({ offset: true });
const day = z.iso.date();

export const Course = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  category: z.string(),
  status: z.enum(["active", "inactive"]),
  duration_days: z.int().nullable(),
  price: Money.nullable(),
  archived: z.boolean(),
  created_at: when,
  updated_at: when,
});

export const Run = z.object({
  id: z.uuid(),
  course_id: z.uuid(),
  start_date: day.nullable(),
  end_date: day.nullable(),
  label: z.string().nullable(),
  venue: z.string().nullable(),
  country: z.string().nullable(),
  delivery_mode: z.string(),
  status: z.string(),
  private: z.boolean(),
  price: Money.nullable(),
  seats: z.object({
    capacity: z.int().nullable(),
    taken: z.int(),
    left: z.int().nullable().meta({ description: "null: no capacity limit" }),
  }),
  created_at: when,
  updated_at: when,
});

export const Participant = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  status: z.string(),
});

export const Booking = z.object({
  id: z.uuid(),
  reference: z.string(),
  status: z.string(),
  kind: z.string(),
  course_id: z.uuid().nullable(),
  run_id: z.uuid().nullable(),
  organisation_id: z.uuid().nullable(),
  organisation: z.string().nullable(),
  contact: z.object({ name: z.string(), email: z.string(), phone: z.string().nullable() }),
  kra_pin: z.string().nullable(),
  lpo_number: z.string().nullable(),
  participants: z.array(Participant),
  created_at: when,
  updated_at: when,
});

export const Organisation = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.string(),
  kra_pin: z.string().nullable(),
  withholds_income_tax: z.boolean(),
  withholds_vat: z.boolean(),
  created_at: when,
  updated_at: when,
});

const DocumentLine = z.object({
  description: z.string(),
  quantity: z.number(),
  unit_minor: z.int(),
  amount_minor: z.int(),
});

export const FinanceDocument = z.object({
  id: z.uuid(),
  kind: z.enum(["proforma", "credit_note", "receipt"]),
  number: z.string(),
  booking_id: z.uuid(),
  relates_to_id: z.uuid().nullable(),
  version: z.int(),
  issued_on: day,
  due_on: day.nullable(),
  currency: z.string(),
  buyer: z.object({ name: z.string(), kra_pin: z.string().nullable() }),
  lines: z.array(DocumentLine),
  vat_rate_percent: z.int(),
  net_minor: z.int(),
  vat_minor: z.int(),
  total_minor: z.int(),
  withholding_income_tax_minor: z.int(),
  withholding_vat_minor: z.int(),
  payment_id: z.uuid().nullable(),
  paid_minor: z.int().nullable(),
  balance_after_minor: z.int().nullable(),
  created_at: when,
});

export const Payment = z.object({
  id: z.uuid(),
  method: z.string(),
  amount: Money,
  received_on: day,
  transaction_code: z.string().nullable(),
  payer: z.string().nullable(),
  account_reference: z.string().nullable(),
  booking_id: z.uuid().nullable(),
  reverses_id: z.uuid().nullable(),
  source: z.string(),
  created_at: when,
});

export const TaxInvoice = z.object({
  id: z.uuid(),
  invoice_no: z.int(),
  receipt_type: z.enum(["S", "R"]).meta({ description: "S a sale, R a credit note" }),
  booking_id: z.uuid(),
  proforma_id: z.uuid(),
  original_id: z.uuid().nullable(),
  state: z.string(),
  total_minor: z.int(),
  tax_minor: z.int(),
  authority: z
    .object({
      receipt_no: z.int().nullable(),
      total_receipt_no: z.int().nullable(),
      internal_data: z.string().nullable(),
      signature: z.string().nullable(),
      sdc_id: z.string().nullable(),
      mrc_no: z.string().nullable(),
      sdc_date_time: z.string().nullable(),
      cu_invoice_number: z
        .string()
        .nullable()
        .meta({ description: "KRA's CU invoice number: sdc_id/receipt_no" }),
      qr_url: z.string().nullable().meta({
        description: "The address KRA's QR code on the tax invoice opens, to check it; null until sent",
      }),
    })
    .meta({ description: "What KRA eTIMS answered when it accepted the sale; nulls until then." }),
  created_at: when,
});

export const Certificate = z.object({
  code: z.string(),
  state: z.enum(["genuine", "revoked"]),
  recipient_name: z
    .string()
    .nullable()
    .meta({ description: "null for a revoked certificate (decision 0632)" }),
  course_title: z.string().nullable(),
  dates: z.string().nullable(),
  issued_at: when.nullable(),
  revoked_at: when.nullable(),
});

export const Problem = z.object({
  type: z.string(),
  title: z.string(),
  status: z.int(),
  detail: z.string(),
  errors: z
    .array(z.object({ pointer: z.string(), detail: z.string() }))
    .optional()
    .meta({ description: "For 422: each field refused, as a JSON pointer into the request." }),
});

/** A list's answer: a page of items and the cursor of the next page (null on the last). */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), next_cursor: z.string().nullable() });

/** A booking as the registration form takes it (the same schema, decision 0801), in JSON. */
const consent = z
  .boolean()
  .optional()
  .transform((value) => (value ? "on" : undefined));
export const CreateBookingBody = z
  .object({
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    organization: z.string().optional(),
    course: z.string().meta({ description: "The course's slug." }),
    run: z
      .uuid()
      .optional()
      .meta({ description: "The run (date) to book; absent: the course, date to follow." }),
    message: z.string().optional(),
    kra_pin: z.string().optional(),
    lpo_number: z.string().optional(),
    nita_levy_number: z.string().optional(),
    contact_attends: consent,
    sms_consent: consent,
    whatsapp_consent: consent,
    discount_code: z.string().optional(),
    participants: z
      .array(
        z
          .object({
            name: z.string(),
            email: z.string(),
            phone: z.string().optional(),
            id_number: z.string().optional(),
            sms_consent: consent,
            whatsapp_consent: consent,
          })
          .strict(),
      )
      .max(50)
      .default([]),
  })
  .strict()
  .transform(
    ({
      kra_pin,
      lpo_number,
      nita_levy_number,
      contact_attends,
      sms_consent,
      whatsapp_consent,
      discount_code,
      participants,
      organization,
      run,
      message,
      ...rest
    }): z.input<typeof RegistrationSchema> => ({
      ...rest,
      // the form posts an empty field as ""; JSON leaves it out
      organization: organization ?? "",
      run: run ?? "",
      message: message ?? "",
      kraPin: kra_pin ?? "",
      lpoNumber: lpo_number ?? "",
      nitaLevyNumber: nita_levy_number ?? "",
      contactAttends: contact_attends,
      smsConsent: sms_consent,
      whatsappConsent: whatsapp_consent,
      discountCode: discount_code ?? "",
      participants: participants.map(({ id_number, sms_consent, whatsapp_consent, ...row }) => ({
        ...row,
        idNumber: id_number,
        smsConsent: sms_consent,
        whatsappConsent: whatsapp_consent,
      })),
    }),
  )
  .pipe(RegistrationSchema);

/** The JSON names of the form's fields, for the pointers of a refusal. */
export const BOOKING_FIELD_NAMES: Record<string, string> = {
  kraPin: "kra_pin",
  lpoNumber: "lpo_number",
  nitaLevyNumber: "nita_levy_number",
  contactAttends: "contact_attends",
  smsConsent: "sms_consent",
  whatsappConsent: "whatsapp_consent",
  discountCode: "discount_code",
  idNumber: "id_number",
};

export const CreatedBooking = z.object({
  reference: z.string(),
  status: z.enum(["pending", "waitlisted"]),
  waitlist_position: z.int().nullable(),
  participants: z.int(),
  unit_price: Money.nullable(),
});

export const BankPaymentBody = z
  .object({
    booking_reference: z
      .string()
      .trim()
      .regex(/^MF-?[A-Za-z0-9]{8}$/i, "Enter a booking reference such as MF-7K2Q9XP4"),
    amount_minor: z
      .int("amount_minor must be a whole number of cents")
      .positive("amount_minor must be more than 0")
      .max(100_000_000_000, "amount_minor is larger than any payment the firm takes"),
    currency: z.literal("KES", "Only KES payments are recorded"),
    received_on: z.iso.date("received_on must be a date such as 2026-11-28"),
    bank_reference: z
      .string()
      .trim()
      .min(1, "bank_reference is the bank's reference of the transfer")
      .max(40, "Use at most 40 characters")
      .regex(/^[A-Za-z0-9/-]+$/, "Use letters, digits, - and / only"),
    payer: z.string().trim().max(200, "Use at most 200 characters").optional(),
  })
  .strict();

export const CancelBookingBody = z.object({}).strict();

export const RecordedPayment = z.object({ payment: Payment, duplicate: z.boolean() });
export const CancelledBooking = z.object({
  reference: z.string(),
  status: z.literal("cancelled"),
  message: z.string(),
});
