CREATE TABLE "etims_device" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"tin" text NOT NULL,
	"branch_id" text NOT NULL,
	"device_serial" text NOT NULL,
	"environment" text NOT NULL,
	"send_on" text DEFAULT 'paid' NOT NULL,
	"cmc_key" text,
	"sdc_id" text,
	"mrc_no" text,
	"state" text NOT NULL,
	"initialised_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "etims_device_one_row" CHECK (id = 1),
	CONSTRAINT "etims_device_env_check" CHECK (environment in ('sandbox', 'production')),
	CONSTRAINT "etims_device_send_on_check" CHECK (send_on in ('paid', 'confirmed'))
);
--> statement-breakpoint
CREATE TABLE "tax_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_no" integer NOT NULL,
	"receipt_type" text NOT NULL,
	"booking_id" uuid NOT NULL,
	"proforma_id" uuid NOT NULL,
	"original_id" uuid,
	"buyer" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"total_cents" bigint NOT NULL,
	"tax_cents" bigint NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"result_code" text,
	"receipt_no" integer,
	"total_receipt_no" integer,
	"internal_data" text,
	"signature" text,
	"sdc_date_time" text,
	"sdc_id" text,
	"mrc_no" text,
	"sent_at" timestamp with time zone,
	"storage_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_invoices_invoice_no_unique" UNIQUE("invoice_no"),
	CONSTRAINT "tax_invoices_state_check" CHECK (state in ('waiting', 'sent', 'refused')),
	CONSTRAINT "tax_invoices_type_check" CHECK (receipt_type in ('S', 'R')),
	CONSTRAINT "tax_invoices_credit_check" CHECK ((receipt_type = 'R') = (original_id is not null))
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "etims_item_class_code" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "etims_tax_type" text DEFAULT 'B' NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_invoices" ADD CONSTRAINT "tax_invoices_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_invoices" ADD CONSTRAINT "tax_invoices_proforma_id_finance_documents_id_fk" FOREIGN KEY ("proforma_id") REFERENCES "public"."finance_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_invoices_original_idx" ON "tax_invoices" USING btree ("original_id");--> statement-breakpoint
CREATE INDEX "tax_invoices_due_idx" ON "tax_invoices" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "tax_invoices_booking_idx" ON "tax_invoices" USING btree ("booking_id","created_at");--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_etims_tax_type_check" CHECK (etims_tax_type in ('B', 'A', 'C'));--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_etims_item_class_check" CHECK (etims_item_class_code is null or etims_item_class_code ~ '^[0-9]{8,10}$');--> statement-breakpoint
-- A tax invoice is never deleted, and once KRA signed it nothing of it changes (decision 0643); while it waits or
-- was refused, finance may correct its buyer and lines before it is sent again under the same number.
CREATE FUNCTION "tax_invoices_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.state <> 'sent' AND NEW.invoice_no = OLD.invoice_no THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.state = 'sent' AND (to_jsonb(NEW) - 'storage_key') = (to_jsonb(OLD) - 'storage_key') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'tax invoices are never deleted, and a sent one never changes';
END $$;--> statement-breakpoint
CREATE TRIGGER "tax_invoices_kept" BEFORE UPDATE OR DELETE ON "tax_invoices"
  FOR EACH ROW EXECUTE FUNCTION "tax_invoices_kept"();
