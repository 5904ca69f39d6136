CREATE TABLE "run_seat_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"seats" integer NOT NULL,
	"until" date,
	"holder" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "run_seat_holds_seats_check" CHECK (seats > 0)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "seat_hold_id" uuid;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "seat_hold_id" uuid;--> statement-breakpoint
ALTER TABLE "run_seat_holds" ADD CONSTRAINT "run_seat_holds_run_id_course_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."course_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "run_seat_holds_run_idx" ON "run_seat_holds" USING btree ("run_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_seat_hold_id_run_seat_holds_id_fk" FOREIGN KEY ("seat_hold_id") REFERENCES "public"."run_seat_holds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_seat_hold_id_run_seat_holds_id_fk" FOREIGN KEY ("seat_hold_id") REFERENCES "public"."run_seat_holds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- hand-written:
-- held seats change the free seats public pages show (decision 0751): a hold set or released raises the seats version
CREATE TRIGGER "run_seat_holds_seats_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "run_seat_holds" FOR EACH STATEMENT EXECUTE FUNCTION "bump_seats_version"();
