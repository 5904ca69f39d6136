-- Rate-limit events and sign-in attempts are forgotten once past every window that counts them (decision 0618): a
-- block range index on the creation time finds the old rows, for almost nothing on each insert.
CREATE INDEX "login_attempts_created_brin_idx" ON "login_attempts" USING brin ("created_at");--> statement-breakpoint
CREATE INDEX "rate_limit_events_created_brin_idx" ON "rate_limit_events" USING brin ("created_at");