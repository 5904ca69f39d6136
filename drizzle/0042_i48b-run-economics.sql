CREATE TABLE "postponement_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registration_id" uuid NOT NULL,
	"from_run_id" uuid NOT NULL,
	"to_run_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"moved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "postponement_offers_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "run_costs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"kind" text NOT NULL,
	"basis" text NOT NULL,
	"description" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"source" text DEFAULT 'office' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "run_costs_stage_check" CHECK (stage in ('planned', 'actual')),
	CONSTRAINT "run_costs_kind_check" CHECK (kind in ('venue', 'trainer_fees', 'per_diem', 'travel', 'materials', 'certificates', 'other')),
	CONSTRAINT "run_costs_basis_check" CHECK (basis in ('fixed', 'per_participant', 'per_day')),
	CONSTRAINT "run_costs_currency_check" CHECK (currency in ('KES', 'UGX', 'RWF', 'TZS', 'USD')),
	CONSTRAINT "run_costs_amount_check" CHECK (amount_minor >= 0)
);
--> statement-breakpoint
CREATE TABLE "run_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"decision" text NOT NULL,
	"reason" text NOT NULL,
	"to_run_id" uuid,
	"due_on" date,
	"participants" integer NOT NULL,
	"penalty_minor" bigint DEFAULT 0 NOT NULL,
	"decided_at" timestamp with time zone NOT NULL,
	"decided_by" uuid,
	CONSTRAINT "run_decisions_run_id_unique" UNIQUE("run_id"),
	CONSTRAINT "run_decisions_decision_check" CHECK (decision in ('confirm', 'postpone', 'cancel'))
);
--> statement-breakpoint
ALTER TABLE "postponement_offers" ADD CONSTRAINT "postponement_offers_registration_id_course_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."course_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postponement_offers" ADD CONSTRAINT "postponement_offers_from_run_id_course_runs_id_fk" FOREIGN KEY ("from_run_id") REFERENCES "public"."course_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postponement_offers" ADD CONSTRAINT "postponement_offers_to_run_id_course_runs_id_fk" FOREIGN KEY ("to_run_id") REFERENCES "public"."course_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_costs" ADD CONSTRAINT "run_costs_run_id_course_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."course_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_costs" ADD CONSTRAINT "run_costs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_decisions" ADD CONSTRAINT "run_decisions_run_id_course_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."course_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_decisions" ADD CONSTRAINT "run_decisions_to_run_id_course_runs_id_fk" FOREIGN KEY ("to_run_id") REFERENCES "public"."course_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_decisions" ADD CONSTRAINT "run_decisions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "postponement_offers_registration_idx" ON "postponement_offers" USING btree ("registration_id","from_run_id");--> statement-breakpoint
CREATE INDEX "run_costs_run_idx" ON "run_costs" USING btree ("run_id","stage");