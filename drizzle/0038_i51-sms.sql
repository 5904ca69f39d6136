CREATE TABLE "sms_credentials" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"environment" text NOT NULL,
	"username" text NOT NULL,
	"sender_id" text,
	"api_key_sealed" text NOT NULL,
	"callback_secret_sealed" text NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_credentials_one_row" CHECK (id = 1),
	CONSTRAINT "sms_credentials_environment_check" CHECK (environment in ('sandbox', 'production'))
);
--> statement-breakpoint
CREATE TABLE "sms_opt_outs" (
	"number" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_opt_outs_source_check" CHECK (source in ('stop_reply', 'provider', 'portal'))
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_number" text NOT NULL,
	"body" text NOT NULL,
	"segments" integer NOT NULL,
	"kind" text NOT NULL,
	"related_table" text,
	"related_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sending_at" timestamp with time zone,
	"provider_message_id" text,
	"provider_status" text,
	"cost_e4" integer,
	"cost_currency" text,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_outbox_status_check" CHECK (status in ('pending', 'sent', 'delivered', 'failed', 'cancelled')),
	CONSTRAINT "sms_outbox_segments_check" CHECK (segments > 0)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "contact_sms_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "course_registrations" ADD COLUMN "sms_consent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sms_outbox_due_idx" ON "sms_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_related_idx" ON "sms_outbox" USING btree ("related_table","related_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_outbox_provider_message_key" ON "sms_outbox" USING btree ("provider_message_id");