ALTER TABLE "course_runs" ADD COLUMN "min_participants" integer;--> statement-breakpoint
CREATE INDEX "course_registrations_email_run_idx" ON "course_registrations" USING btree (lower("email"),"run_id");--> statement-breakpoint
ALTER TABLE "course_runs" ADD CONSTRAINT "course_runs_min_participants_check" CHECK (min_participants is null or min_participants > 0);