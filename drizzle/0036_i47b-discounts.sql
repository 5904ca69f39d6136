CREATE TABLE "discount_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"course_id" uuid,
	"run_id" uuid,
	"percent_bp" integer,
	"amount_cents" bigint,
	"valid_until" date,
	"max_uses" integer,
	"budget_cents" bigint,
	"sponsor" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "discount_codes_code_unique" UNIQUE("code"),
	CONSTRAINT "discount_codes_code_check" CHECK (code ~ '^[A-Z0-9-]{4,30}$'),
	CONSTRAINT "discount_codes_value_check" CHECK ((percent_bp is null) <> (amount_cents is null) and (percent_bp is null or percent_bp between 1 and 10000) and (amount_cents is null or amount_cents > 0)),
	CONSTRAINT "discount_codes_limits_check" CHECK ((max_uses is null or max_uses > 0) and (budget_cents is null or budget_cents > 0))
);
--> statement-breakpoint
CREATE TABLE "discount_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"code_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_redemptions_booking_id_unique" UNIQUE("booking_id")
);
--> statement-breakpoint
CREATE TABLE "discount_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"course_id" uuid NOT NULL,
	"run_id" uuid,
	"percent_bp" integer,
	"amount_cents" bigint,
	"until" date,
	"min_participants" integer,
	"window_days" integer,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "discount_rules_kind_check" CHECK (kind in ('early_bird', 'group')),
	CONSTRAINT "discount_rules_value_check" CHECK ((percent_bp is null) <> (amount_cents is null) and (percent_bp is null or percent_bp between 1 and 10000) and (amount_cents is null or amount_cents > 0)),
	CONSTRAINT "discount_rules_shape_check" CHECK ((kind = 'early_bird' and until is not null and min_participants is null) or (kind = 'group' and until is null and min_participants >= 2 and (window_days is null or window_days > 0)))
);
--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_run_id_course_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."course_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_code_id_discount_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."discount_codes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_rules" ADD CONSTRAINT "discount_rules_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_rules" ADD CONSTRAINT "discount_rules_run_id_course_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."course_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_rules" ADD CONSTRAINT "discount_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discount_redemptions_code_idx" ON "discount_redemptions" USING btree ("code_id");--> statement-breakpoint
CREATE INDEX "discount_rules_course_idx" ON "discount_rules" USING btree ("course_id","kind");--> statement-breakpoint
-- hand-written: the public forms preview the live discount rules, so a change to them moves the public data version
CREATE TRIGGER "discount_rules_public_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "discount_rules" FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_data_version"();
