CREATE TABLE "admin_audit_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"actor_email" text,
	"action" text NOT NULL,
	"table_name" text NOT NULL,
	"record_id" text,
	"old_values" jsonb,
	"new_values" jsonb,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"organization" text,
	"course_interest" text,
	"message" text,
	"status" text DEFAULT 'new' NOT NULL,
	"source" text DEFAULT 'contact' NOT NULL,
	"idempotency_key" text,
	"ip" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_submissions_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "contact_submissions_status_check" CHECK (status in ('new', 'contacted', 'resolved'))
);
--> statement-breakpoint
CREATE TABLE "course_registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"organization" text,
	"course_name" text NOT NULL,
	"course_date" text,
	"course_venue" text,
	"course_cost" text,
	"course_duration" text,
	"special_requirements" text,
	"course_id" uuid,
	"run_id" uuid,
	"status" text DEFAULT 'new' NOT NULL,
	"source" text DEFAULT 'register' NOT NULL,
	"idempotency_key" text,
	"ip" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_registrations_reference_unique" UNIQUE("reference"),
	CONSTRAINT "course_registrations_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "course_registrations_status_check" CHECK (status in ('new', 'confirmed', 'paid', 'attended', 'cancelled')),
	CONSTRAINT "course_registrations_reference_check" CHECK (char_length(reference) <= 12)
);
--> statement-breakpoint
CREATE TABLE "course_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"start_date" date,
	"end_date" date,
	"label" text,
	"venue" text,
	"country" text,
	"delivery_mode" text DEFAULT 'physical' NOT NULL,
	"capacity" integer,
	"cost_override" numeric(12, 2),
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_runs_delivery_check" CHECK (delivery_mode in ('physical', 'virtual', 'hybrid', 'self-paced')),
	CONSTRAINT "course_runs_status_check" CHECK (status in ('open', 'full', 'cancelled')),
	CONSTRAINT "course_runs_dates_check" CHECK (end_date is null or start_date is null or end_date >= start_date),
	CONSTRAINT "course_runs_capacity_check" CHECK (capacity is null or capacity > 0)
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"category" text DEFAULT 'management' NOT NULL,
	"faith_group" text,
	"duration_days" integer,
	"cost" numeric(12, 2),
	"currency" text DEFAULT 'KES' NOT NULL,
	"type" text,
	"target_audience" text,
	"highlights" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"objectives" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"modules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courses_slug_unique" UNIQUE("slug"),
	CONSTRAINT "courses_category_check" CHECK (category in ('management', 'leadership', 'county', 'experiential', 'faith')),
	CONSTRAINT "courses_status_check" CHECK (status in ('active', 'inactive')),
	CONSTRAINT "courses_faith_group_check" CHECK (faith_group is null or faith_group in ('A', 'B', 'C')),
	CONSTRAINT "courses_duration_check" CHECK (duration_days is null or duration_days between 1 and 365),
	CONSTRAINT "courses_cost_check" CHECK (cost is null or cost >= 0)
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"file_url" text NOT NULL,
	"file_name" text NOT NULL,
	"file_size" bigint NOT NULL,
	"mime_type" text NOT NULL,
	"storage_key" text NOT NULL,
	"category" text DEFAULT 'brochure' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "documents_category_check" CHECK (category in ('brochure', 'certificate', 'manual', 'policy', 'form')),
	CONSTRAINT "documents_status_check" CHECK (status in ('active', 'inactive')),
	CONSTRAINT "documents_size_check" CHECK (file_size >= 0)
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"kind" text NOT NULL,
	"related_table" text,
	"related_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_outbox_status_check" CHECK (status in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"success" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bucket" text NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_content" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "system_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	"description" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "system_settings_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "testimonials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"position" text NOT NULL,
	"course" text NOT NULL,
	"content" text NOT NULL,
	"rating" integer DEFAULT 5 NOT NULL,
	"image_url" text,
	"status" text DEFAULT 'active' NOT NULL,
	"show_on_home" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "testimonials_rating_check" CHECK (rating between 1 and 5),
	CONSTRAINT "testimonials_status_check" CHECK (status in ('active', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text DEFAULT 'admin' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_check" CHECK (role = 'admin')
);
--> statement-breakpoint
CREATE TABLE "website_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"image_url" text NOT NULL,
	"component" text DEFAULT 'hero' NOT NULL,
	"alt_text" text,
	"status" text DEFAULT 'active' NOT NULL,
	"gallery_category" text,
	"description" text,
	"width" integer,
	"height" integer,
	"variants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"storage_key" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "website_images_component_check" CHECK (component in ('hero', 'about', 'services', 'courses', 'testimonials', 'gallery', 'contact', 'background')),
	CONSTRAINT "website_images_status_check" CHECK (status in ('active', 'inactive')),
	CONSTRAINT "website_images_gallery_category_check" CHECK (gallery_category is null or gallery_category in ('training', 'management', 'experiential', 'consultancy', 'faith', 'public-sector'))
);
--> statement-breakpoint
ALTER TABLE "admin_audit_logs" ADD CONSTRAINT "admin_audit_logs_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_registrations" ADD CONSTRAINT "course_registrations_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_registrations" ADD CONSTRAINT "course_registrations_run_id_course_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."course_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_runs" ADD CONSTRAINT "course_runs_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_content" ADD CONSTRAINT "site_content_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_settings" ADD CONSTRAINT "system_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_logs_created_idx" ON "admin_audit_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "admin_audit_logs_table_idx" ON "admin_audit_logs" USING btree ("table_name","created_at");--> statement-breakpoint
CREATE INDEX "contact_submissions_created_idx" ON "contact_submissions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "contact_submissions_status_idx" ON "contact_submissions" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "contact_submissions_deleted_idx" ON "contact_submissions" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "course_registrations_created_idx" ON "course_registrations" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "course_registrations_status_idx" ON "course_registrations" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "course_registrations_course_idx" ON "course_registrations" USING btree ("course_id","created_at");--> statement-breakpoint
CREATE INDEX "course_registrations_course_name_idx" ON "course_registrations" USING btree ("course_name","id");--> statement-breakpoint
CREATE INDEX "course_registrations_name_idx" ON "course_registrations" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "course_registrations_status_id_idx" ON "course_registrations" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "course_registrations_deleted_idx" ON "course_registrations" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "course_runs_course_idx" ON "course_runs" USING btree ("course_id","start_date");--> statement-breakpoint
CREATE INDEX "course_runs_start_idx" ON "course_runs" USING btree ("start_date");--> statement-breakpoint
CREATE INDEX "courses_status_category_idx" ON "courses" USING btree ("status","category","sort_order");--> statement-breakpoint
CREATE INDEX "courses_created_idx" ON "courses" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "documents_created_idx" ON "documents" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "documents_category_idx" ON "documents" USING btree ("category","status","created_at");--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "email_outbox_created_idx" ON "email_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "login_attempts_email_idx" ON "login_attempts" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_idx" ON "login_attempts" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "rate_limit_events_lookup_idx" ON "rate_limit_events" USING btree ("bucket","key","created_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "testimonials_created_idx" ON "testimonials" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "website_images_component_idx" ON "website_images" USING btree ("component","status","created_at");--> statement-breakpoint
CREATE INDEX "website_images_created_idx" ON "website_images" USING btree ("created_at");