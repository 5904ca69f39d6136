-- Since July 2024 Safaricom sends the payer of a C2B payment as the SHA-256 hex digest of the number in its
-- 2547XXXXXXXX / 2541XXXXXXXX form. The same digest of the phones the firm holds lets a payment whose account
-- number matches nothing find the booking whose phone it came from. The normalisation mirrors safaricomMsisdn()
-- in app/utils/phone.ts (a test keeps the two in step); null when the phone is not a Kenyan mobile number.
CREATE FUNCTION mpesa_msisdn_sha256(phone text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN (
  SELECT encode(sha256(convert_to(msisdn, 'UTF8')), 'hex')
  FROM (
    SELECT CASE
      WHEN digits ~ '^0[17][0-9]{8}$' THEN '254' || substr(digits, 2)
      WHEN digits ~ '^254[17][0-9]{8}$' THEN digits
      WHEN digits ~ '^[17][0-9]{8}$' THEN '254' || digits
    END AS msisdn
    FROM (SELECT regexp_replace(phone, '[^0-9]', '', 'g') AS digits) AS d
  ) AS m
);--> statement-breakpoint
CREATE TABLE "payment_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"method" text NOT NULL,
	"source" text NOT NULL,
	"transaction_code" text NOT NULL,
	"amount_cents" bigint,
	"received_on" date,
	"payer" text,
	"payer_phone" text,
	"account_reference" text,
	"reasons" text[] NOT NULL,
	"payload" jsonb NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"payment_id" uuid,
	"resolved_by" text,
	"resolved_at" timestamp with time zone,
	"resolution" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_reviews_state_check" CHECK (state in ('open', 'recorded', 'dismissed'))
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "contact_phone_sha256" text GENERATED ALWAYS AS (mpesa_msisdn_sha256(contact_phone)) STORED;--> statement-breakpoint
ALTER TABLE "course_registrations" ADD COLUMN "phone_sha256" text GENERATED ALWAYS AS (mpesa_msisdn_sha256(phone)) STORED;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payer_phone" text;--> statement-breakpoint
ALTER TABLE "payment_reviews" ADD CONSTRAINT "payment_reviews_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_reviews_method_code_idx" ON "payment_reviews" USING btree ("method","transaction_code");--> statement-breakpoint
CREATE INDEX "payment_reviews_state_idx" ON "payment_reviews" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "bookings_contact_phone_sha256_idx" ON "bookings" USING btree ("contact_phone_sha256");--> statement-breakpoint
CREATE INDEX "course_registrations_phone_sha256_idx" ON "course_registrations" USING btree ("phone_sha256");