CREATE TABLE "run_venue_holds" (
	"run_id" uuid PRIMARY KEY NOT NULL,
	"room_id" uuid NOT NULL,
	"layout" text NOT NULL,
	"deposit_due" date,
	"final_numbers_due" date,
	"cancellation_ladder" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "run_venue_holds_layout_check" CHECK (layout in ('classroom', 'theatre', 'boardroom', 'u_shape', 'banquet'))
);
--> statement-breakpoint
CREATE TABLE "trainer_courses" (
	"user_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	CONSTRAINT "trainer_courses_user_id_course_id_pk" PRIMARY KEY("user_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "trainer_leave" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trainer_leave_dates_check" CHECK ("trainer_leave"."end_date" >= "trainer_leave"."start_date")
);
--> statement-breakpoint
CREATE TABLE "trainer_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"home_office" text DEFAULT 'Nairobi' NOT NULL,
	"engagement" text DEFAULT 'associate' NOT NULL,
	"day_rate" integer DEFAULT 0 NOT NULL,
	"per_diem" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'KES' NOT NULL,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"kra_pin" text,
	"mpesa_number" text,
	"available_weekdays" integer[] DEFAULT '{1,2,3,4,5}'::integer[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "trainer_profiles_engagement_check" CHECK (engagement in ('employee', 'associate')),
	CONSTRAINT "trainer_profiles_currency_check" CHECK (currency in ('KES', 'UGX', 'RWF', 'TZS', 'USD')),
	CONSTRAINT "trainer_profiles_rates_check" CHECK ("trainer_profiles"."day_rate" >= 0 and "trainer_profiles"."per_diem" >= 0),
	CONSTRAINT "trainer_profiles_kra_pin_check" CHECK ("trainer_profiles"."kra_pin" is null or "trainer_profiles"."kra_pin" ~ '^[A-Z][0-9]{9}[A-Z]$'),
	CONSTRAINT "trainer_profiles_mpesa_check" CHECK ("trainer_profiles"."mpesa_number" is null or "trainer_profiles"."mpesa_number" ~ '^254[17][0-9]{8}$')
);
--> statement-breakpoint
CREATE TABLE "venue_rooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"name" text NOT NULL,
	"capacities" jsonb NOT NULL,
	"pricing" text NOT NULL,
	"rate" integer NOT NULL,
	"currency" text DEFAULT 'KES' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "venue_rooms_pricing_check" CHECK (pricing in ('day_rate', 'package')),
	CONSTRAINT "venue_rooms_currency_check" CHECK (currency in ('KES', 'UGX', 'RWF', 'TZS', 'USD')),
	CONSTRAINT "venue_rooms_rate_check" CHECK ("venue_rooms"."rate" >= 0)
);
--> statement-breakpoint
CREATE TABLE "venues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"city" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "venues_name_unique" UNIQUE("name"),
	CONSTRAINT "venues_kind_check" CHECK (kind in ('own', 'hotel')),
	CONSTRAINT "venues_status_check" CHECK (status in ('active', 'inactive'))
);
--> statement-breakpoint
ALTER TABLE "run_trainers" ADD COLUMN "state" text DEFAULT 'accepted' NOT NULL;--> statement-breakpoint
ALTER TABLE "run_trainers" ADD COLUMN "due_date" date;--> statement-breakpoint
ALTER TABLE "run_trainers" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "run_trainers" ADD COLUMN "clash_reason" text;--> statement-breakpoint
ALTER TABLE "run_trainers" ADD COLUMN "requested_by" uuid;--> statement-breakpoint
ALTER TABLE "run_trainers" ADD COLUMN "requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "run_trainers" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "run_venue_holds" ADD CONSTRAINT "run_venue_holds_run_id_course_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."course_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_venue_holds" ADD CONSTRAINT "run_venue_holds_room_id_venue_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."venue_rooms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_venue_holds" ADD CONSTRAINT "run_venue_holds_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainer_courses" ADD CONSTRAINT "trainer_courses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainer_courses" ADD CONSTRAINT "trainer_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainer_leave" ADD CONSTRAINT "trainer_leave_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainer_leave" ADD CONSTRAINT "trainer_leave_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainer_profiles" ADD CONSTRAINT "trainer_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainer_profiles" ADD CONSTRAINT "trainer_profiles_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_rooms" ADD CONSTRAINT "venue_rooms_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "run_venue_holds_room_idx" ON "run_venue_holds" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "trainer_courses_course_idx" ON "trainer_courses" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "trainer_leave_user_idx" ON "trainer_leave" USING btree ("user_id","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "venue_rooms_name_key" ON "venue_rooms" USING btree ("venue_id","name");--> statement-breakpoint
ALTER TABLE "run_trainers" ADD CONSTRAINT "run_trainers_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_trainers" ADD CONSTRAINT "run_trainers_token_hash_unique" UNIQUE("token_hash");--> statement-breakpoint
ALTER TABLE "run_trainers" ADD CONSTRAINT "run_trainers_state_check" CHECK (state in ('requested', 'accepted', 'declined', 'withdrawn'));