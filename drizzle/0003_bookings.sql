CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"course_id" uuid,
	"run_id" uuid,
	"contact_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"contact_phone" text,
	"organization" text,
	"kra_pin" text,
	"lpo_number" text,
	"participants" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"idempotency_key" text,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_reference_unique" UNIQUE("reference"),
	CONSTRAINT "bookings_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "bookings_status_check" CHECK (status in ('pending', 'confirmed', 'cancelled', 'waitlisted')),
	CONSTRAINT "bookings_participants_check" CHECK (participants > 0)
);
--> statement-breakpoint
CREATE TABLE "waitlist_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"seats" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_offers_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "waitlist_offers_status_check" CHECK (status in ('open', 'claimed', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "course_registrations" DROP CONSTRAINT "course_registrations_status_check";--> statement-breakpoint
ALTER TABLE "course_registrations" ADD COLUMN "booking_id" uuid;--> statement-breakpoint
ALTER TABLE "course_registrations" ADD COLUMN "id_number" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_run_id_course_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."course_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_run_id_course_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."course_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_run_status_idx" ON "bookings" USING btree ("run_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offers_open_booking_key" ON "waitlist_offers" USING btree ("booking_id") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "waitlist_offers_due_idx" ON "waitlist_offers" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "waitlist_offers_run_idx" ON "waitlist_offers" USING btree ("run_id","status");--> statement-breakpoint
ALTER TABLE "course_registrations" ADD CONSTRAINT "course_registrations_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_registrations_run_status_idx" ON "course_registrations" USING btree ("run_id","status");--> statement-breakpoint
CREATE INDEX "course_registrations_booking_idx" ON "course_registrations" USING btree ("booking_id");--> statement-breakpoint
ALTER TABLE "course_registrations" ADD CONSTRAINT "course_registrations_status_check" CHECK (status in ('new', 'confirmed', 'paid', 'attended', 'cancelled', 'waitlisted'));--> statement-breakpoint
-- every registration so far becomes a booking of one, keeping its reference (the M-PESA account number)
INSERT INTO "bookings" ("reference", "course_id", "run_id", "contact_name", "contact_email", "contact_phone", "organization", "participants", "status", "idempotency_key", "ip", "created_at", "updated_at")
SELECT "reference", "course_id", "run_id", "name", "email", "phone", "organization", 1,
  CASE "status" WHEN 'cancelled' THEN 'cancelled' WHEN 'new' THEN 'pending' ELSE 'confirmed' END,
  "idempotency_key", "ip", "created_at", "updated_at"
FROM "course_registrations";--> statement-breakpoint
UPDATE "course_registrations" r SET "booking_id" = b."id" FROM "bookings" b WHERE b."reference" = r."reference";
