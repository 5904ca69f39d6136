ALTER TABLE "run_decisions" DROP CONSTRAINT "run_decisions_postpone_check";--> statement-breakpoint
ALTER TABLE "postponement_offers" DROP CONSTRAINT "postponement_offers_registration_id_course_registrations_id_fk";
--> statement-breakpoint
ALTER TABLE "postponement_offers" DROP CONSTRAINT "postponement_offers_from_run_id_course_runs_id_fk";
--> statement-breakpoint
ALTER TABLE "postponement_offers" DROP CONSTRAINT "postponement_offers_to_run_id_course_runs_id_fk";
--> statement-breakpoint
ALTER TABLE "run_costs" DROP CONSTRAINT "run_costs_run_id_course_runs_id_fk";
--> statement-breakpoint
ALTER TABLE "run_decisions" DROP CONSTRAINT "run_decisions_run_id_course_runs_id_fk";
--> statement-breakpoint
ALTER TABLE "run_decisions" DROP CONSTRAINT "run_decisions_to_run_id_course_runs_id_fk";
--> statement-breakpoint
ALTER TABLE "postponement_offers" ADD CONSTRAINT "postponement_offers_registration_id_course_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."course_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postponement_offers" ADD CONSTRAINT "postponement_offers_from_run_id_course_runs_id_fk" FOREIGN KEY ("from_run_id") REFERENCES "public"."course_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postponement_offers" ADD CONSTRAINT "postponement_offers_to_run_id_course_runs_id_fk" FOREIGN KEY ("to_run_id") REFERENCES "public"."course_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_costs" ADD CONSTRAINT "run_costs_run_id_course_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."course_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_decisions" ADD CONSTRAINT "run_decisions_run_id_course_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."course_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_decisions" ADD CONSTRAINT "run_decisions_to_run_id_course_runs_id_fk" FOREIGN KEY ("to_run_id") REFERENCES "public"."course_runs"("id") ON DELETE set null ON UPDATE no action;