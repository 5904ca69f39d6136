CREATE TABLE "nita_register_scans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"file_size" integer NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"replaced_at" timestamp with time zone,
	CONSTRAINT "nita_register_scans_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "nita_register_scans_type_check" CHECK (mime_type in ('application/pdf', 'image/png', 'image/jpeg'))
);
--> statement-breakpoint
ALTER TABLE "nita_register_scans" ADD CONSTRAINT "nita_register_scans_run_id_course_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."course_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nita_register_scans_run_idx" ON "nita_register_scans" USING btree ("run_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "nita_register_scans_current_idx" ON "nita_register_scans" USING btree ("run_id") WHERE replaced_at IS NULL;