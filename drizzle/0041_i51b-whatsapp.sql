CREATE TABLE "whatsapp_credentials" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"graph_version" text NOT NULL,
	"phone_number_id" text NOT NULL,
	"access_token_sealed" text NOT NULL,
	"app_secret_sealed" text NOT NULL,
	"verify_token_sealed" text NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_credentials_one_row" CHECK (id = 1)
);
--> statement-breakpoint
CREATE TABLE "whatsapp_opt_outs" (
	"number" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_opt_outs_source_check" CHECK (source in ('stop_reply', 'portal'))
);
--> statement-breakpoint
CREATE TABLE "whatsapp_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_number" text NOT NULL,
	"moment" text NOT NULL,
	"variables" jsonb NOT NULL,
	"template_name" text,
	"template_language" text,
	"related_table" text,
	"related_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sending_at" timestamp with time zone,
	"provider_message_id" text,
	"provider_status" text,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_outbox_status_check" CHECK (status in ('pending', 'sent', 'delivered', 'read', 'failed', 'cancelled')),
	CONSTRAINT "whatsapp_outbox_moment_check" CHECK (moment in ('session_reminder', 'payment_received', 'certificate_ready', 'joining_instructions', 'waitlist_offer'))
);
--> statement-breakpoint
CREATE TABLE "whatsapp_templates" (
	"moment" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_templates_moment_check" CHECK (moment in ('session_reminder', 'payment_received', 'certificate_ready', 'joining_instructions', 'waitlist_offer')),
	CONSTRAINT "whatsapp_templates_name_check" CHECK (name ~ '^[a-z0-9_]+$' and length(name) <= 512)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "contact_whatsapp_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "course_registrations" ADD COLUMN "whatsapp_consent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "whatsapp_outbox_due_idx" ON "whatsapp_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "whatsapp_outbox_related_idx" ON "whatsapp_outbox" USING btree ("related_table","related_id");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_outbox_provider_message_key" ON "whatsapp_outbox" USING btree ("provider_message_id");