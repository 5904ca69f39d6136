-- The trigram indexes gather new entries in a pending list and merge it into the index when it outgrows the
-- limit (4 MB by default), inside the insert that crosses it: tens of milliseconds on PGlite, in which every request
-- waits. At 256 kB a merge comes 16 times as often and is that much smaller (decision 0611).
ALTER INDEX "course_registrations_search_trgm_idx" SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "contact_submissions_search_trgm_idx" SET (gin_pending_list_limit = 256);
