ALTER TABLE "bookings" ADD COLUMN "nita_levy_number" text;--> statement-breakpoint
CREATE INDEX "admin_audit_logs_record_idx" ON "admin_audit_logs" USING btree ("record_id","created_at");