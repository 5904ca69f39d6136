CREATE TABLE "enquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"lost_reason" text,
	"owner_id" uuid,
	"follow_up_on" date,
	"closed_on" date,
	"organisation_id" uuid,
	"organisation_name" text,
	"contact_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"contact_phone" text,
	"course_id" uuid,
	"topic" text,
	"participants" integer,
	"preferred_dates" text,
	"venue" text,
	"budget_cents" bigint,
	"message" text,
	"contact_submission_id" uuid,
	"idempotency_key" text,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enquiries_contact_submission_id_unique" UNIQUE("contact_submission_id"),
	CONSTRAINT "enquiries_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "enquiries_kind_check" CHECK (kind in ('contact', 'in_house')),
	CONSTRAINT "enquiries_status_check" CHECK (status in ('new', 'qualified', 'quoted', 'won', 'lost')),
	CONSTRAINT "enquiries_lost_reason_check" CHECK (status <> 'lost' or lost_reason is not null),
	CONSTRAINT "enquiries_closed_check" CHECK ((closed_on is not null) = (status in ('won', 'lost'))),
	CONSTRAINT "enquiries_participants_check" CHECK (participants is null or participants > 0),
	CONSTRAINT "enquiries_budget_check" CHECK (budget_cents is null or budget_cents >= 0)
);
--> statement-breakpoint
CREATE TABLE "organisations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"loose_key" text NOT NULL,
	"type" text DEFAULT 'other' NOT NULL,
	"kra_pin" text,
	"nita_levy_number" text,
	"address" text,
	"contacts" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisations_type_check" CHECK (type in ('county_government', 'national_government', 'company', 'ngo', 'faith_based', 'other'))
);
--> statement-breakpoint
CREATE TABLE "organisations_kept_apart" (
	"first_id" uuid NOT NULL,
	"second_id" uuid NOT NULL,
	"decided_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisations_kept_apart_first_id_second_id_pk" PRIMARY KEY("first_id","second_id"),
	CONSTRAINT "organisations_kept_apart_order_check" CHECK (first_id < second_id)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "organisation_id" uuid;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_contact_submission_id_contact_submissions_id_fk" FOREIGN KEY ("contact_submission_id") REFERENCES "public"."contact_submissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisations_kept_apart" ADD CONSTRAINT "organisations_kept_apart_first_id_organisations_id_fk" FOREIGN KEY ("first_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisations_kept_apart" ADD CONSTRAINT "organisations_kept_apart_second_id_organisations_id_fk" FOREIGN KEY ("second_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enquiries_status_idx" ON "enquiries" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "enquiries_follow_up_idx" ON "enquiries" USING btree ("follow_up_on") WHERE status in ('new', 'qualified', 'quoted');--> statement-breakpoint
CREATE INDEX "enquiries_organisation_idx" ON "enquiries" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "enquiries_closed_idx" ON "enquiries" USING btree ("closed_on") WHERE closed_on is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "organisations_kra_pin_key" ON "organisations" USING btree ("kra_pin") WHERE kra_pin is not null;--> statement-breakpoint
CREATE INDEX "organisations_name_key_idx" ON "organisations" USING btree ("name_key");--> statement-breakpoint
CREATE INDEX "organisations_loose_key_idx" ON "organisations" USING btree ("loose_key");--> statement-breakpoint
CREATE INDEX "organisations_name_trgm_idx" ON "organisations" USING gin ("name_key" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_organisation_idx" ON "bookings" USING btree ("organisation_id");--> statement-breakpoint
-- The contact messages still open become enquiries to follow up (resolved and deleted ones are done with);
-- their contact submissions keep their own statuses.
INSERT INTO "enquiries" ("kind", "status", "organisation_name", "contact_name", "contact_email", "contact_phone", "topic", "message", "contact_submission_id", "ip", "created_at", "updated_at")
SELECT 'contact', 'new', "organization", "name", "email", "phone", "course_interest", "message", "id", "ip", "created_at", "created_at"
FROM "contact_submissions"
WHERE "deleted_at" IS NULL AND "status" <> 'resolved';
