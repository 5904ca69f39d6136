-- A group of rate-limit attempts counted and recorded in one statement, its own transaction: one round trip
-- where a transaction of lock, count and commit took five (decision 0612). The advisory lock per key serialises
-- the attempts of concurrent processes, and is taken in one order, so two groups never wait on each other. The
-- count is a statement of its own, so its snapshot is taken once the locks are held. Each key is looked up on its
-- own through the index: joined as a whole, the planner scanned the entire table twice. The LIMIT keeps the
-- planner from joining the old events that way; a key's remaining ones go next time.
CREATE FUNCTION "count_rate_limit_attempts"("input" jsonb)
RETURNS TABLE ("bucket" text, "key" text, "n" bigint, "oldest" float8) LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  -- a counted attempt is nothing anyone was promised, so its commit need not wait for the disk: a crash forgets
  -- the last moment's attempts, and lets that many more through
  PERFORM set_config('synchronous_commit', 'off', true);
  PERFORM pg_advisory_xact_lock("h") FROM (
    SELECT DISTINCT hashtext(i."bucket" || ':' || i."key") AS "h"
    FROM jsonb_to_recordset("input") AS i("bucket" text, "key" text) ORDER BY 1) AS "locks";
  RETURN QUERY
  WITH "keys" AS (
    SELECT * FROM jsonb_to_recordset("input") AS t("bucket" text, "key" text, "attempts" int, "lim" int, "since" timestamptz)
  ), "expired" AS (
    DELETE FROM "rate_limit_events" e WHERE e."id" IN (
      SELECT old."id" FROM "keys" i CROSS JOIN LATERAL (
        SELECT o."id" FROM "rate_limit_events" o
        WHERE o."bucket" = i."bucket" AND o."key" = i."key" AND o."created_at" < i."since" LIMIT 1000) AS old)
  ), "recent" AS (
    SELECT i."bucket", i."key", i."attempts", i."lim", c."n", c."oldest"
    FROM "keys" i CROSS JOIN LATERAL (
      SELECT count(*) AS "n", extract(epoch FROM min(e."created_at"))::float8 * 1000 AS "oldest"
      FROM "rate_limit_events" e
      WHERE e."bucket" = i."bucket" AND e."key" = i."key" AND e."created_at" > i."since") AS c
  ), "recorded" AS (
    INSERT INTO "rate_limit_events" ("bucket", "key")
    SELECT r."bucket", r."key" FROM "recent" r CROSS JOIN LATERAL generate_series(1, least(r."attempts", r."lim" - r."n"))
  )
  SELECT r."bucket", r."key", r."n", r."oldest" FROM "recent" r;
END $$;
