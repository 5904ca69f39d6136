CREATE TABLE "organisations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"loose_key" text NOT NULL,
	"type" text DEFAULT 'other' NOT NULL,
	"kra_pin" text,
	"nita_levy_number" text,
	"address" text,
	"contacts" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisations_type_check" CHECK (type in ('county_government', 'national_government', 'company', 'ngo', 'faith_based', 'other'))
);
--> statement-breakpoint
CREATE TABLE "organisations_kept_apart" (
	"first_id" uuid NOT NULL,
	"second_id" uuid NOT NULL,
	"decided_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisations_kept_apart_first_id_second_id_pk" PRIMARY KEY("first_id","second_id"),
	CONSTRAINT "organisations_kept_apart_order_check" CHECK (first_id < second_id)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "organisation_id" uuid;--> statement-breakpoint
ALTER TABLE "organisations_kept_apart" ADD CONSTRAINT "organisations_kept_apart_first_id_organisations_id_fk" FOREIGN KEY ("first_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisations_kept_apart" ADD CONSTRAINT "organisations_kept_apart_second_id_organisations_id_fk" FOREIGN KEY ("second_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "organisations_kra_pin_key" ON "organisations" USING btree ("kra_pin") WHERE kra_pin is not null;--> statement-breakpoint
CREATE INDEX "organisations_name_key_idx" ON "organisations" USING btree ("name_key");--> statement-breakpoint
CREATE INDEX "organisations_loose_key_idx" ON "organisations" USING btree ("loose_key");--> statement-breakpoint
CREATE INDEX "organisations_name_trgm_idx" ON "organisations" USING gin ("name_key" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_organisation_idx" ON "bookings" USING btree ("organisation_id");