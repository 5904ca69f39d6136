CREATE TABLE "daraja_credentials" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"environment" text NOT NULL,
	"shortcode" text NOT NULL,
	"consumer_key_sealed" text NOT NULL,
	"consumer_secret_sealed" text NOT NULL,
	"passkey_sealed" text NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daraja_credentials_one_row" CHECK (id = 1),
	CONSTRAINT "daraja_credentials_environment_check" CHECK (environment in ('sandbox', 'production'))
);
--> statement-breakpoint
CREATE TABLE "mpesa_stk_pushes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"state" text DEFAULT 'sending' NOT NULL,
	"phone" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"merchant_request_id" text,
	"checkout_request_id" text,
	"result_code" text,
	"result_desc" text,
	"receipt_code" text,
	"payment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"queried_at" timestamp with time zone,
	CONSTRAINT "mpesa_stk_pushes_checkout_request_id_unique" UNIQUE("checkout_request_id"),
	CONSTRAINT "mpesa_stk_pushes_state_check" CHECK (state in ('sending', 'pending', 'paid', 'failed', 'unknown')),
	CONSTRAINT "mpesa_stk_pushes_amount_check" CHECK (amount_cents > 0)
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_source_check";--> statement-breakpoint
ALTER TABLE "finance_documents" ADD COLUMN "payment_id" uuid;--> statement-breakpoint
ALTER TABLE "finance_documents" ADD COLUMN "paid_cents" bigint;--> statement-breakpoint
ALTER TABLE "finance_documents" ADD COLUMN "balance_after_cents" bigint;--> statement-breakpoint
ALTER TABLE "mpesa_stk_pushes" ADD CONSTRAINT "mpesa_stk_pushes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mpesa_stk_pushes" ADD CONSTRAINT "mpesa_stk_pushes_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mpesa_stk_pushes_open_idx" ON "mpesa_stk_pushes" USING btree ("booking_id") WHERE state in ('sending', 'pending');--> statement-breakpoint
CREATE INDEX "mpesa_stk_pushes_booking_idx" ON "mpesa_stk_pushes" USING btree ("booking_id","created_at");--> statement-breakpoint
ALTER TABLE "finance_documents" ADD CONSTRAINT "finance_documents_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "finance_documents_payment_idx" ON "finance_documents" USING btree ("payment_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_source_check" CHECK (source in ('manual', 'mpesa_callback', 'mpesa_statement', 'bank_statement', 'mpesa_stk'));