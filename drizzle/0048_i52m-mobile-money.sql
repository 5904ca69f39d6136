CREATE TABLE "mobile_money_credentials" (
	"office" text NOT NULL,
	"provider" text NOT NULL,
	"environment" text NOT NULL,
	"key_id" text NOT NULL,
	"secrets_sealed" text NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mobile_money_credentials_office_provider_pk" PRIMARY KEY("office","provider"),
	CONSTRAINT "mobile_money_credentials_provider_check" CHECK (provider in ('mtn_momo', 'airtel_money')),
	CONSTRAINT "mobile_money_credentials_environment_check" CHECK (environment in ('sandbox', 'production'))
);
--> statement-breakpoint
CREATE TABLE "mobile_money_prompts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"office" text NOT NULL,
	"booking_id" uuid NOT NULL,
	"state" text DEFAULT 'sending' NOT NULL,
	"reference_id" text NOT NULL,
	"msisdn" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"provider_transaction_id" text,
	"reason" text,
	"payment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone,
	CONSTRAINT "mobile_money_prompts_reference_id_unique" UNIQUE("reference_id"),
	CONSTRAINT "mobile_money_prompts_provider_check" CHECK (provider in ('mtn_momo', 'airtel_money')),
	CONSTRAINT "mobile_money_prompts_state_check" CHECK (state in ('sending', 'pending', 'paid', 'failed', 'unknown')),
	CONSTRAINT "mobile_money_prompts_amount_check" CHECK (amount_cents > 0)
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_method_check";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_source_check";--> statement-breakpoint
ALTER TABLE "mobile_money_prompts" ADD CONSTRAINT "mobile_money_prompts_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_money_prompts" ADD CONSTRAINT "mobile_money_prompts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mobile_money_prompts_open_idx" ON "mobile_money_prompts" USING btree ("booking_id") WHERE state in ('sending', 'pending');--> statement-breakpoint
CREATE INDEX "mobile_money_prompts_booking_idx" ON "mobile_money_prompts" USING btree ("booking_id","created_at");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_method_check" CHECK (method in ('mpesa', 'bank', 'cheque', 'cash', 'mtn_momo', 'airtel_money'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_source_check" CHECK (source in ('manual', 'mpesa_callback', 'mpesa_statement', 'bank_statement', 'mpesa_stk', 'mobile_money_prompt'));