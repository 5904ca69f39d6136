CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"origin" text DEFAULT 'event' NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"last_status" integer,
	"last_error" text,
	"last_attempt_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_state_check" CHECK (state in ('waiting', 'delivered', 'failed', 'cancelled')),
	CONSTRAINT "webhook_deliveries_origin_check" CHECK (origin in ('event', 'resend', 'replay'))
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"url" text NOT NULL,
	"description" text,
	"event_types" text[] NOT NULL,
	"secret" text NOT NULL,
	"previous_secret" text,
	"previous_secret_until" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"disabled_reason" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_endpoints_event_types_check" CHECK (cardinality(event_types) > 0 and event_types <@ array['booking.created', 'booking.confirmed', 'booking.cancelled', 'payment.received', 'invoice.issued', 'credit_note.issued', 'tax_invoice.accepted', 'certificate.issued']::text[])
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"resource_id" uuid NOT NULL,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fanned_out_at" timestamp with time zone,
	CONSTRAINT "webhook_events_type_check" CHECK (type in ('booking.created', 'booking.confirmed', 'booking.cancelled', 'payment.received', 'invoice.issued', 'credit_note.issued', 'tax_invoice.accepted', 'certificate.issued'))
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_webhook_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."webhook_events"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE state = 'waiting';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" USING btree ("endpoint_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_event_endpoint_first_idx" ON "webhook_deliveries" USING btree ("event_id","endpoint_id") WHERE origin = 'event';--> statement-breakpoint
CREATE INDEX "webhook_events_created_idx" ON "webhook_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "webhook_events_waiting_idx" ON "webhook_events" USING btree ("created_at") WHERE fanned_out_at is null;--> statement-breakpoint
-- hand-written: the webhook events are written by triggers in the transaction of the change itself (decision
-- 0821): one place per event, whichever code path makes the change, and an event exists exactly when its change
-- committed. Events and deliveries are never deleted.
CREATE FUNCTION webhook_event(event_type text, resource uuid, ref text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO webhook_events (type, resource_id, reference) VALUES (event_type, resource, ref);
$$;
--> statement-breakpoint
CREATE FUNCTION webhook_events_of_bookings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM webhook_event('booking.created', NEW.id, NEW.reference);
  END IF;
  IF NEW.status IN ('confirmed', 'cancelled') AND (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM NEW.status) THEN
    PERFORM webhook_event('booking.' || NEW.status, NEW.id, NEW.reference);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bookings_webhook_events AFTER INSERT OR UPDATE OF status ON bookings
  FOR EACH ROW EXECUTE FUNCTION webhook_events_of_bookings();
--> statement-breakpoint
CREATE FUNCTION webhook_events_of_payments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.amount_cents > 0 THEN
    PERFORM webhook_event('payment.received', NEW.id, NEW.transaction_code);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payments_webhook_events AFTER INSERT ON payments
  FOR EACH ROW EXECUTE FUNCTION webhook_events_of_payments();
--> statement-breakpoint
CREATE FUNCTION webhook_events_of_finance_documents() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind = 'proforma' THEN
    PERFORM webhook_event('invoice.issued', NEW.id, NEW.number);
  ELSIF NEW.kind = 'credit_note' THEN
    PERFORM webhook_event('credit_note.issued', NEW.id, NEW.number);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER finance_documents_webhook_events AFTER INSERT ON finance_documents
  FOR EACH ROW EXECUTE FUNCTION webhook_events_of_finance_documents();
--> statement-breakpoint
CREATE FUNCTION webhook_events_of_tax_invoices() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.state = 'sent' AND OLD.state IS DISTINCT FROM 'sent' THEN
    PERFORM webhook_event('tax_invoice.accepted', NEW.id, NEW.invoice_no::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tax_invoices_webhook_events AFTER UPDATE OF state ON tax_invoices
  FOR EACH ROW EXECUTE FUNCTION webhook_events_of_tax_invoices();
--> statement-breakpoint
CREATE FUNCTION webhook_events_of_certificates() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM webhook_event('certificate.issued', NEW.id, NEW.code);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER certificates_webhook_events AFTER INSERT ON certificates
  FOR EACH ROW EXECUTE FUNCTION webhook_events_of_certificates();
--> statement-breakpoint
CREATE FUNCTION webhook_rows_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% rows are never deleted', TG_TABLE_NAME;
END $$;
--> statement-breakpoint
CREATE TRIGGER webhook_events_kept BEFORE DELETE ON webhook_events FOR EACH ROW EXECUTE FUNCTION webhook_rows_kept();
--> statement-breakpoint
CREATE TRIGGER webhook_deliveries_kept BEFORE DELETE ON webhook_deliveries FOR EACH ROW EXECUTE FUNCTION webhook_rows_kept();
