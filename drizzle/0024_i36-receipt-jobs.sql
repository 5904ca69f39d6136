CREATE TABLE "receipt_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "receipt_jobs" ADD CONSTRAINT "receipt_jobs_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "receipt_jobs_pending_idx" ON "receipt_jobs" USING btree ("booking_id") WHERE done_at is null;--> statement-breakpoint
CREATE INDEX "receipt_jobs_due_idx" ON "receipt_jobs" USING btree ("next_attempt_at") WHERE done_at is null;