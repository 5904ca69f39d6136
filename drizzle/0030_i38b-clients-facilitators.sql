CREATE TABLE "client_logos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"alt_text" text NOT NULL,
	"organisation_id" uuid,
	"website_url" text,
	"image_url" text NOT NULL,
	"image_width" integer NOT NULL,
	"image_height" integer NOT NULL,
	"image_variants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"image_storage_key" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_logos_status_check" CHECK (status in ('active', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "facilitator_courses" (
	"facilitator_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	CONSTRAINT "facilitator_courses_facilitator_id_course_id_pk" PRIMARY KEY("facilitator_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "facilitators" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"bio" text NOT NULL,
	"user_id" uuid,
	"image_url" text NOT NULL,
	"image_width" integer NOT NULL,
	"image_height" integer NOT NULL,
	"image_variants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"image_storage_key" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "facilitators_status_check" CHECK (status in ('active', 'inactive')),
	CONSTRAINT "facilitators_bio_check" CHECK (char_length(bio) <= 400)
);
--> statement-breakpoint
ALTER TABLE "client_logos" ADD CONSTRAINT "client_logos_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facilitator_courses" ADD CONSTRAINT "facilitator_courses_facilitator_id_facilitators_id_fk" FOREIGN KEY ("facilitator_id") REFERENCES "public"."facilitators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facilitator_courses" ADD CONSTRAINT "facilitator_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facilitators" ADD CONSTRAINT "facilitators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_logos_order_idx" ON "client_logos" USING btree ("status","sort_order");--> statement-breakpoint
CREATE INDEX "facilitator_courses_course_idx" ON "facilitator_courses" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "facilitators_order_idx" ON "facilitators" USING btree ("status","sort_order");--> statement-breakpoint
CREATE TRIGGER "client_logos_public_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "client_logos" FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_data_version"();--> statement-breakpoint
CREATE TRIGGER "facilitators_public_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "facilitators" FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_data_version"();--> statement-breakpoint
CREATE TRIGGER "facilitator_courses_public_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "facilitator_courses" FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_data_version"();
