-- The first "How to Participate" step was seeded as "Browse the 2024-2025 catalogue", which a site still shows
-- in later years (the /courses page names the years of the runs on offer itself). The step is corrected where it
-- still reads exactly as seeded; a step an administrator has reworded is theirs and stays as it is.
UPDATE "site_content"
SET "value" = (
  SELECT jsonb_agg(
    CASE
      WHEN "step"->>'description' = 'Browse the 2024-2025 catalogue and select the course, date and venue that suit you or your team.'
      THEN jsonb_set("step", '{description}', to_jsonb('Browse the current catalogue and select the course, date and venue that suit you or your team.'::text))
      ELSE "step"
    END
    ORDER BY "position"
  )
  FROM jsonb_array_elements("site_content"."value") WITH ORDINALITY AS "steps"("step", "position")
)
WHERE "key" = 'participation'
  AND jsonb_typeof("value") = 'array'
  AND "value" @> '[{"description": "Browse the 2024-2025 catalogue and select the course, date and venue that suit you or your team."}]'::jsonb;
