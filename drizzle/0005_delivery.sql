CREATE TABLE "attendance_marks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registration_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"day" date NOT NULL,
	"present" boolean NOT NULL,
	"marked_by" uuid,
	"marked_by_email" text,
	"marked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"registration_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"recipient_name" text NOT NULL,
	"course_title" text NOT NULL,
	"dates" text NOT NULL,
	"venue" text,
	"hours" integer,
	"attendance_percent" integer NOT NULL,
	"signatory_name" text NOT NULL,
	"signatory_title" text NOT NULL,
	"storage_key" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"issued_by" uuid,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"revoked_by" uuid,
	CONSTRAINT "certificates_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "course_feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registration_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"submitted_at" timestamp with time zone,
	"course_rating" integer,
	"facilitator_rating" integer,
	"most_useful" text,
	"improve" text,
	"consent_to_quote" boolean DEFAULT false NOT NULL,
	"quote_name" text,
	"quote_position" text,
	"testimonial_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_feedback_registration_id_unique" UNIQUE("registration_id"),
	CONSTRAINT "course_feedback_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "course_feedback_ratings_check" CHECK (course_rating between 1 and 5 and facilitator_rating between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "run_joining_instructions" (
	"run_id" uuid PRIMARY KEY NOT NULL,
	"venue_details" text DEFAULT '' NOT NULL,
	"map_url" text,
	"start_time" text DEFAULT '' NOT NULL,
	"timetable" text DEFAULT '' NOT NULL,
	"what_to_bring" text DEFAULT '' NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "run_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registration_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"days_before" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_status_check";--> statement-breakpoint
ALTER TABLE "attendance_marks" ADD CONSTRAINT "attendance_marks_registration_id_course_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."course_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_marks" ADD CONSTRAINT "attendance_marks_run_id_course_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."course_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_marks" ADD CONSTRAINT "attendance_marks_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_registration_id_course_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."course_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_run_id_course_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."course_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_feedback" ADD CONSTRAINT "course_feedback_registration_id_course_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."course_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_feedback" ADD CONSTRAINT "course_feedback_run_id_course_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."course_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_feedback" ADD CONSTRAINT "course_feedback_testimonial_id_testimonials_id_fk" FOREIGN KEY ("testimonial_id") REFERENCES "public"."testimonials"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_joining_instructions" ADD CONSTRAINT "run_joining_instructions_run_id_course_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."course_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_joining_instructions" ADD CONSTRAINT "run_joining_instructions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_reminders" ADD CONSTRAINT "run_reminders_registration_id_course_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."course_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_reminders" ADD CONSTRAINT "run_reminders_run_id_course_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."course_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_marks_key" ON "attendance_marks" USING btree ("registration_id","run_id","day");--> statement-breakpoint
CREATE INDEX "attendance_marks_run_day_idx" ON "attendance_marks" USING btree ("run_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_registration_run_key" ON "certificates" USING btree ("registration_id","run_id");--> statement-breakpoint
CREATE INDEX "certificates_run_idx" ON "certificates" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "course_feedback_run_idx" ON "course_feedback" USING btree ("run_id","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "run_reminders_key" ON "run_reminders" USING btree ("registration_id","run_id","start_date","days_before");--> statement-breakpoint
CREATE INDEX "run_reminders_run_idx" ON "run_reminders" USING btree ("run_id");--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_status_check" CHECK (status in ('pending', 'sent', 'failed', 'cancelled'));