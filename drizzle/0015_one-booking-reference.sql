-- One booking, one reference (issue 30): every participant carries the booking's reference, and a group's other
-- participants get no reference of their own. Those booked before keep theirs (a payer may have quoted it).
ALTER TABLE "course_registrations" ALTER COLUMN "reference" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "course_registrations" ADD COLUMN "booking_reference" text;--> statement-breakpoint
UPDATE "course_registrations" r SET "booking_reference" = b."reference" FROM "bookings" b WHERE b."id" = r."booking_id";--> statement-breakpoint
-- the admin search matches the reference the screens show: the booking's (decision 0601's index, same options)
DROP INDEX "course_registrations_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "course_registrations_search_trgm_idx" ON "course_registrations" USING gin ((coalesce("name", '') || chr(31) || coalesce("email", '') || chr(31) || coalesce("organization", '') || chr(31) || coalesce("course_name", '') || chr(31) || coalesce(coalesce("booking_reference", "reference"), '')) gin_trgm_ops) WITH (gin_pending_list_limit = 256);
