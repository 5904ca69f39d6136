CREATE TABLE "document_sequences" (
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finance_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"booking_id" uuid NOT NULL,
	"relates_to_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"issued_on" date NOT NULL,
	"due_on" date,
	"currency" text DEFAULT 'KES' NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"vat_rate_percent" integer NOT NULL,
	"prices_include_vat" boolean NOT NULL,
	"net_cents" bigint NOT NULL,
	"vat_cents" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	"payment_note" text NOT NULL,
	"storage_key" text NOT NULL,
	"issued_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finance_documents_number_unique" UNIQUE("number"),
	CONSTRAINT "finance_documents_kind_check" CHECK (kind in ('proforma', 'credit_note', 'receipt'))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"method" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"received_on" date NOT NULL,
	"transaction_code" text,
	"payer" text,
	"account_reference" text,
	"booking_id" uuid,
	"reverses_id" uuid,
	"reason" text,
	"source" text NOT NULL,
	"recorded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_method_check" CHECK (method in ('mpesa', 'bank', 'cheque', 'cash')),
	CONSTRAINT "payments_source_check" CHECK (source in ('manual', 'mpesa_callback', 'mpesa_statement', 'bank_statement')),
	CONSTRAINT "payments_amount_check" CHECK (amount_cents <> 0),
	CONSTRAINT "payments_reversal_check" CHECK ((reverses_id is null) = (amount_cents > 0))
);
--> statement-breakpoint
CREATE TABLE "statement_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"filename" text NOT NULL,
	"storage_key" text NOT NULL,
	"mapping" jsonb,
	"committed_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "finance_documents" ADD CONSTRAINT "finance_documents_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "document_sequences_kind_year_idx" ON "document_sequences" USING btree ("kind","year");--> statement-breakpoint
CREATE UNIQUE INDEX "finance_documents_booking_idx" ON "finance_documents" USING btree ("booking_id","kind","version");--> statement-breakpoint
CREATE INDEX "finance_documents_issued_idx" ON "finance_documents" USING btree ("issued_on");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_method_code_idx" ON "payments" USING btree ("method","transaction_code");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_reverses_idx" ON "payments" USING btree ("reverses_id");--> statement-breakpoint
CREATE INDEX "payments_booking_idx" ON "payments" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "payments_received_idx" ON "payments" USING btree ("received_on");--> statement-breakpoint
-- Issued documents never change: a correction is a new version, a cancellation a credit note.
CREATE FUNCTION "finance_documents_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'finance documents are immutable once issued';
END $$;--> statement-breakpoint
CREATE TRIGGER "finance_documents_immutable" BEFORE UPDATE OR DELETE ON "finance_documents"
  FOR EACH ROW EXECUTE FUNCTION "finance_documents_immutable"();--> statement-breakpoint
-- The ledger is append-only: a payment is reversed by a counter-entry; the one change allowed is assigning
-- a payment that matched no booking to one.
CREATE FUNCTION "payments_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.booking_id IS NULL AND NEW.booking_id IS NOT NULL
     AND (to_jsonb(NEW) - 'booking_id') = (to_jsonb(OLD) - 'booking_id') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'payments are never changed or deleted; record a reversal instead';
END $$;--> statement-breakpoint
CREATE TRIGGER "payments_append_only" BEFORE UPDATE OR DELETE ON "payments"
  FOR EACH ROW EXECUTE FUNCTION "payments_append_only"();
