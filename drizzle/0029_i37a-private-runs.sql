ALTER TABLE "bookings" ADD COLUMN "quote_id" uuid;--> statement-breakpoint
ALTER TABLE "course_runs" ADD COLUMN "private" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "course_runs" ADD COLUMN "organisation_id" uuid;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "start_date" date;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "end_date" date;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "venue" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_runs" ADD CONSTRAINT "course_runs_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_runs_organisation_idx" ON "course_runs" USING btree ("organisation_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_quote_id_unique" UNIQUE("quote_id");--> statement-breakpoint
ALTER TABLE "course_runs" ADD CONSTRAINT "course_runs_organisation_check" CHECK (organisation_id is null or private);--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_dates_check" CHECK (end_date is null or start_date is null or end_date >= start_date);