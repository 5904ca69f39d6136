CREATE TABLE "registration_tallies" (
	"course_name" text NOT NULL,
	"month" text NOT NULL,
	"status" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "registration_tallies_course_name_month_status_pk" PRIMARY KEY("course_name","month","status")
);
--> statement-breakpoint
-- Live registrations per course, Nairobi month and status, moved by each statement's rows in the statement's
-- transaction (decision 0605). Keys are written in order, so two statements never lock the same keys in
-- opposite orders.
CREATE FUNCTION "tally_registrations"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "registration_tallies" ("course_name", "month", "status", "n")
    SELECT "course_name", to_char(("created_at" at time zone 'UTC') + interval '3 hours', 'YYYY-MM'), "status", count(*)
    FROM "new_rows" WHERE "deleted_at" IS NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("course_name", "month", "status") DO UPDATE SET "n" = "registration_tallies"."n" + excluded."n";
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "registration_tallies" ("course_name", "month", "status", "n")
    SELECT "course_name", "month", "status", sum("delta") FROM (
      SELECT "course_name", to_char(("created_at" at time zone 'UTC') + interval '3 hours', 'YYYY-MM') AS "month", "status", 1 AS "delta"
      FROM "new_rows" WHERE "deleted_at" IS NULL
      UNION ALL
      SELECT "course_name", to_char(("created_at" at time zone 'UTC') + interval '3 hours', 'YYYY-MM'), "status", -1
      FROM "old_rows" WHERE "deleted_at" IS NULL
    ) AS "moves" GROUP BY 1, 2, 3 HAVING sum("delta") <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ("course_name", "month", "status") DO UPDATE SET "n" = "registration_tallies"."n" + excluded."n";
  ELSE
    UPDATE "registration_tallies" AS t SET "n" = t."n" - gone."n"
    FROM (
      SELECT "course_name", to_char(("created_at" at time zone 'UTC') + interval '3 hours', 'YYYY-MM') AS "month", "status", count(*) AS "n"
      FROM "old_rows" WHERE "deleted_at" IS NULL GROUP BY 1, 2, 3
    ) AS gone
    WHERE t."course_name" = gone."course_name" AND t."month" = gone."month" AND t."status" = gone."status";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "clear_registration_tallies"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "registration_tallies";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "course_registrations_tally_insert" AFTER INSERT ON "course_registrations" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "tally_registrations"();--> statement-breakpoint
CREATE TRIGGER "course_registrations_tally_update" AFTER UPDATE ON "course_registrations" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "tally_registrations"();--> statement-breakpoint
CREATE TRIGGER "course_registrations_tally_delete" AFTER DELETE ON "course_registrations" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "tally_registrations"();--> statement-breakpoint
CREATE TRIGGER "course_registrations_tally_truncate" AFTER TRUNCATE ON "course_registrations" FOR EACH STATEMENT EXECUTE FUNCTION "clear_registration_tallies"();--> statement-breakpoint
INSERT INTO "registration_tallies" ("course_name", "month", "status", "n")
SELECT "course_name", to_char(("created_at" at time zone 'UTC') + interval '3 hours', 'YYYY-MM'), "status", count(*)
FROM "course_registrations" WHERE "deleted_at" IS NULL GROUP BY 1, 2, 3;
