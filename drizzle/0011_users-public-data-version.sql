-- The administrators a new booking notifies are read through the public data cache (decision 0617), so a change
-- to the users moves the public data version as a change to the public tables does.
CREATE TRIGGER "users_public_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_data_version"();
