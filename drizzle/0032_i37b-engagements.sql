CREATE TABLE "engagement_milestones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"engagement_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"due_on" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"reached_at" timestamp with time zone,
	"reached_by" text,
	"booking_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "engagement_milestones_booking_id_unique" UNIQUE("booking_id"),
	CONSTRAINT "engagement_milestones_amount_check" CHECK (amount_cents > 0),
	CONSTRAINT "engagement_milestones_reached_check" CHECK ((reached_at is null) = (booking_id is null) and (reached_at is null) = (reached_by is null))
);
--> statement-breakpoint
CREATE TABLE "engagements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"enquiry_id" uuid NOT NULL,
	"organisation_id" uuid,
	"organisation_name" text,
	"title" text NOT NULL,
	"contact_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"contact_phone" text,
	"lpo_number" text,
	"total_cents" bigint NOT NULL,
	"vat_rate_percent" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "engagements_quote_id_unique" UNIQUE("quote_id"),
	CONSTRAINT "engagements_status_check" CHECK (status in ('active', 'completed', 'cancelled')),
	CONSTRAINT "engagements_total_check" CHECK (total_cents >= 0)
);
--> statement-breakpoint
ALTER TABLE "quote_lines" DROP CONSTRAINT "quote_lines_kind_check";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "kind" text DEFAULT 'course' NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "kind" text DEFAULT 'training' NOT NULL;--> statement-breakpoint
ALTER TABLE "engagement_milestones" ADD CONSTRAINT "engagement_milestones_engagement_id_engagements_id_fk" FOREIGN KEY ("engagement_id") REFERENCES "public"."engagements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_milestones" ADD CONSTRAINT "engagement_milestones_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagements" ADD CONSTRAINT "engagements_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagements" ADD CONSTRAINT "engagements_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagements" ADD CONSTRAINT "engagements_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "engagement_milestones_position_idx" ON "engagement_milestones" USING btree ("engagement_id","position");--> statement-breakpoint
CREATE INDEX "engagements_organisation_idx" ON "engagements" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "engagements_status_idx" ON "engagements" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "engagements_contact_email_idx" ON "engagements" USING btree (lower("contact_email"));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_kind_check" CHECK (kind in ('course', 'milestone'));--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_kind_check" CHECK (kind in ('course_days', 'consultancy_days', 'per_participant', 'venue', 'materials', 'travel', 'per_diem'));--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_kind_check" CHECK (kind in ('training', 'consultancy'));--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_consultancy_course_check" CHECK (kind <> 'consultancy' or course_id is null);