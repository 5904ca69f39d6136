CREATE TABLE "data_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"format" text,
	"subject" text NOT NULL,
	"asked_by" text NOT NULL,
	"found" jsonb NOT NULL,
	"erased" jsonb,
	"kept" jsonb,
	"handled_by" uuid,
	"handled_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_requests_kind_check" CHECK (kind in ('export', 'erasure')),
	CONSTRAINT "data_requests_format_check" CHECK ((kind = 'export') = (format is not null))
);
--> statement-breakpoint
ALTER TABLE "course_registrations" ADD COLUMN "id_number_last4" text;--> statement-breakpoint
ALTER TABLE "data_requests" ADD CONSTRAINT "data_requests_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_requests_created_idx" ON "data_requests" USING btree ("created_at");--> statement-breakpoint
-- ID numbers typed before this migration are sealed by the server, not here (the key is not in the database):
-- sealIdNumbersAtRest() at every start and hourly, in batches under FOR UPDATE SKIP LOCKED (decision 0637).
-- This index holds exactly the rows it still has to seal.
CREATE INDEX "course_registrations_id_number_unsealed_idx" ON "course_registrations" USING btree ("id") WHERE id_number is not null and id_number !~ '^seal1:';