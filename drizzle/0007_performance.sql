CREATE TABLE "public_data_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "public_data_version_rows" CHECK (id in (1, 2))
);
--> statement-breakpoint
INSERT INTO "public_data_version" ("id", "version") VALUES (1, 1), (2, 1);--> statement-breakpoint
CREATE FUNCTION "bump_public_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "public_data_version" SET "version" = "version" + 1 WHERE "id" = 1;
  PERFORM pg_notify('public_data_version', '');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "bump_seats_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "public_data_version" SET "version" = "version" + 1 WHERE "id" = 2;
  PERFORM pg_notify('public_data_version', '');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "course_registrations_seats_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "course_registrations" FOR EACH STATEMENT EXECUTE FUNCTION "bump_seats_version"();--> statement-breakpoint
CREATE TRIGGER "waitlist_offers_seats_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "waitlist_offers" FOR EACH STATEMENT EXECUTE FUNCTION "bump_seats_version"();--> statement-breakpoint
CREATE TRIGGER "courses_public_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "courses" FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_data_version"();--> statement-breakpoint
CREATE TRIGGER "course_runs_public_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "course_runs" FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_data_version"();--> statement-breakpoint
CREATE TRIGGER "system_settings_public_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "system_settings" FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_data_version"();--> statement-breakpoint
CREATE TRIGGER "site_content_public_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "site_content" FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_data_version"();--> statement-breakpoint
CREATE TRIGGER "testimonials_public_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "testimonials" FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_data_version"();--> statement-breakpoint
CREATE TRIGGER "website_images_public_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "website_images" FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_data_version"();
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "course_registrations_search_trgm_idx" ON "course_registrations" USING gin ((coalesce("name", '') || chr(31) || coalesce("email", '') || chr(31) || coalesce("organization", '') || chr(31) || coalesce("course_name", '') || chr(31) || coalesce("reference", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_submissions_search_trgm_idx" ON "contact_submissions" USING gin ((coalesce("name", '') || chr(31) || coalesce("email", '') || chr(31) || coalesce("organization", '') || chr(31) || coalesce("course_interest", '') || chr(31) || coalesce("message", '')) gin_trgm_ops);
