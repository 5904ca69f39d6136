CREATE TABLE "quote_lines" (
	"quote_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_cents" bigint NOT NULL,
	"amount_cents" bigint NOT NULL,
	CONSTRAINT "quote_lines_quote_id_position_pk" PRIMARY KEY("quote_id","position"),
	CONSTRAINT "quote_lines_kind_check" CHECK (kind in ('course_days', 'per_participant', 'venue', 'materials', 'travel', 'per_diem')),
	CONSTRAINT "quote_lines_quantity_check" CHECK (quantity > 0),
	CONSTRAINT "quote_lines_unit_check" CHECK (unit_cents >= 0)
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enquiry_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"course_id" uuid,
	"participants" integer NOT NULL,
	"valid_until" date NOT NULL,
	"terms" text NOT NULL,
	"vat_rate_percent" integer NOT NULL,
	"prices_include_vat" boolean NOT NULL,
	"net_cents" bigint NOT NULL,
	"vat_cents" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	"answered_at" timestamp with time zone,
	"answered_by_name" text,
	"answered_by_position" text,
	"lpo_number" text,
	"decline_reason" text,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_status_check" CHECK (status in ('open', 'accepted', 'declined', 'replaced')),
	CONSTRAINT "quotes_participants_check" CHECK (participants > 0),
	CONSTRAINT "quotes_totals_check" CHECK (net_cents >= 0 and vat_cents >= 0 and total_cents = net_cents + vat_cents),
	CONSTRAINT "quotes_answer_check" CHECK ((status in ('accepted', 'declined')) = (answered_at is not null) and (status <> 'declined' or decline_reason is not null) and (status <> 'accepted' or answered_by_name is not null))
);
--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_enquiry_version_idx" ON "quotes" USING btree ("enquiry_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_one_open_idx" ON "quotes" USING btree ("enquiry_id") WHERE status = 'open';