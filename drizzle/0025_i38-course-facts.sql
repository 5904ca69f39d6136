ALTER TABLE "courses" ADD COLUMN "fee_includes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "fee_excludes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "certificate" text;--> statement-breakpoint
-- Backfill the seeded catalogue's terms (app/site/seed/course-terms.ts states the same rules): county fees are
-- facilitation only; "all costs inclusive" leaves out what the type names; residential includes the stay.
UPDATE "courses" SET
  "certificate" = 'Certificate of participation, issued to every participant who completes the course',
  "fee_includes" = CASE
    WHEN "category" = 'county' THEN '["Facilitation and course materials"]'::jsonb
    WHEN lower(coalesce("type", '')) LIKE '%all costs inclusive%' THEN '["Facilitation and course materials", "Accommodation, meals and camp costs"]'::jsonb
    WHEN lower(coalesce("type", '')) LIKE 'residential%' THEN '["Facilitation and course materials", "Accommodation and meals at the venue"]'::jsonb
    ELSE '["Facilitation and course materials"]'::jsonb
  END,
  "fee_excludes" = CASE
    WHEN "category" = 'county' THEN '["Transport", "Accommodation"]'::jsonb
    WHEN lower(coalesce("type", '')) LIKE '%all costs inclusive%' THEN
      CASE WHEN lower("type") LIKE '%excluding passport and visa%' THEN '["Passport and visa"]'::jsonb ELSE '[]'::jsonb END
    WHEN lower(coalesce("type", '')) LIKE 'residential%' THEN '["Transport to and from the venue"]'::jsonb
    ELSE '["Transport", "Accommodation"]'::jsonb
  END;
