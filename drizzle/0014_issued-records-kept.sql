ALTER TABLE "attendance_marks" DROP CONSTRAINT "attendance_marks_registration_id_course_registrations_id_fk";
--> statement-breakpoint
ALTER TABLE "attendance_marks" DROP CONSTRAINT "attendance_marks_run_id_course_runs_id_fk";
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_course_id_courses_id_fk";
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_run_id_course_runs_id_fk";
--> statement-breakpoint
ALTER TABLE "certificates" DROP CONSTRAINT "certificates_registration_id_course_registrations_id_fk";
--> statement-breakpoint
ALTER TABLE "certificates" DROP CONSTRAINT "certificates_run_id_course_runs_id_fk";
--> statement-breakpoint
ALTER TABLE "course_feedback" DROP CONSTRAINT "course_feedback_registration_id_course_registrations_id_fk";
--> statement-breakpoint
ALTER TABLE "course_feedback" DROP CONSTRAINT "course_feedback_run_id_course_runs_id_fk";
--> statement-breakpoint
ALTER TABLE "course_registrations" DROP CONSTRAINT "course_registrations_course_id_courses_id_fk";
--> statement-breakpoint
ALTER TABLE "course_registrations" DROP CONSTRAINT "course_registrations_run_id_course_runs_id_fk";
--> statement-breakpoint
ALTER TABLE "waitlist_offers" DROP CONSTRAINT "waitlist_offers_run_id_course_runs_id_fk";
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "attendance_marks" ADD CONSTRAINT "attendance_marks_registration_id_course_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."course_registrations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_marks" ADD CONSTRAINT "attendance_marks_run_id_course_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."course_runs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_run_id_course_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."course_runs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_registration_id_course_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."course_registrations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_run_id_course_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."course_runs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_feedback" ADD CONSTRAINT "course_feedback_registration_id_course_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."course_registrations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_feedback" ADD CONSTRAINT "course_feedback_run_id_course_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."course_runs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_registrations" ADD CONSTRAINT "course_registrations_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_registrations" ADD CONSTRAINT "course_registrations_run_id_course_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."course_runs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_run_id_course_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."course_runs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_course_idx" ON "bookings" USING btree ("course_id");--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_archived_check" CHECK (archived_at is null or status = 'inactive');--> statement-breakpoint
-- An issued certificate is never deleted (revoking it is the correction), so /verify always knows its code.
CREATE FUNCTION "certificates_never_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'issued certificates are never deleted; revoke one instead';
END $$;--> statement-breakpoint
CREATE TRIGGER "certificates_never_deleted" BEFORE DELETE ON "certificates"
  FOR EACH ROW EXECUTE FUNCTION "certificates_never_deleted"();
