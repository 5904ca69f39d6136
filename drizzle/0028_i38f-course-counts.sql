-- The seeded course counts become {courses}, which the public site fills from the catalogue (decision 0663); a
-- figure the admin has written stays as written. The category counters have no editor: they always count.
UPDATE "site_content" SET "value" = (
  SELECT coalesce(jsonb_agg(jsonb_set(c, '{value}', '"{courses}"') ORDER BY n), '[]'::jsonb)
  FROM jsonb_array_elements("value") WITH ORDINALITY AS t(c, n)
) WHERE "key" = 'categoryCounters' AND jsonb_typeof("value") = 'array';--> statement-breakpoint
UPDATE "site_content" SET "value" = (
  SELECT coalesce(jsonb_agg(
    CASE WHEN s->>'value' = '50+' AND s->>'label' = 'Training Programs' THEN jsonb_set(s, '{value}', '"{courses}"') ELSE s END
    ORDER BY n), '[]'::jsonb)
  FROM jsonb_array_elements("value") WITH ORDINALITY AS t(s, n)
) WHERE "key" = 'stats' AND jsonb_typeof("value") = 'array';--> statement-breakpoint
UPDATE "site_content" SET "value" = jsonb_set("value", '{badges}', (
  SELECT coalesce(jsonb_agg(
    CASE WHEN b #>> '{}' = '50+ Training Programs' THEN to_jsonb('{courses} Training Programs'::text) ELSE b END
    ORDER BY n), '[]'::jsonb)
  FROM jsonb_array_elements("value"->'badges') WITH ORDINALITY AS t(b, n)
)) WHERE "key" = 'hero' AND jsonb_typeof("value"->'badges') = 'array';
