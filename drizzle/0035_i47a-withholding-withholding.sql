CREATE TABLE "withholding_certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"certificate_number" text NOT NULL,
	"certificate_date" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"recorded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"voided_at" timestamp with time zone,
	"voided_by" text,
	"void_reason" text,
	CONSTRAINT "withholding_certificates_kind_check" CHECK (kind in ('wht', 'whvat')),
	CONSTRAINT "withholding_certificates_amount_check" CHECK (amount_cents > 0),
	CONSTRAINT "withholding_certificates_void_check" CHECK ((voided_at is null) = (void_reason is null))
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "withholds_income_tax" boolean;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "withholds_vat" boolean;--> statement-breakpoint
ALTER TABLE "finance_documents" ADD COLUMN "wht_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "finance_documents" ADD COLUMN "whvat_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "withholds_income_tax" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "withholds_vat" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "withholding_certificates" ADD CONSTRAINT "withholding_certificates_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "withholding_certificates_number_idx" ON "withholding_certificates" USING btree ("kind","certificate_number") WHERE voided_at is null;--> statement-breakpoint
CREATE INDEX "withholding_certificates_booking_idx" ON "withholding_certificates" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "withholding_certificates_date_idx" ON "withholding_certificates" USING btree ("certificate_date");--> statement-breakpoint
-- hand-written:
-- A withholding certificate is never deleted or edited: the one change it accepts is being voided, once, with
-- a reason (decision 0746).
CREATE FUNCTION "withholding_certificates_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.voided_at IS NULL AND NEW.voided_at IS NOT NULL
     AND (to_jsonb(NEW) - 'voided_at' - 'voided_by' - 'void_reason')
       = (to_jsonb(OLD) - 'voided_at' - 'voided_by' - 'void_reason') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'withholding certificates are never changed or deleted; void a wrong one with a reason';
END $$;--> statement-breakpoint
CREATE TRIGGER "withholding_certificates_kept" BEFORE UPDATE OR DELETE ON "withholding_certificates"
  FOR EACH ROW EXECUTE FUNCTION "withholding_certificates_kept"();
