CREATE TABLE "cheques" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"number" text NOT NULL,
	"bank" text NOT NULL,
	"cheque_date" date NOT NULL,
	"received_on" date NOT NULL,
	"clears_on" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"payer" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"payment_id" uuid,
	"settled_on" date,
	"bounce_reason" text,
	"bank_charge_cents" bigint,
	"recorded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cheques_state_check" CHECK (state in ('pending', 'cleared', 'bounced')),
	CONSTRAINT "cheques_amount_check" CHECK (amount_cents > 0),
	CONSTRAINT "cheques_settled_check" CHECK ((state = 'pending') = (settled_on is null)),
	CONSTRAINT "cheques_cleared_check" CHECK (state <> 'cleared' or payment_id is not null)
);
--> statement-breakpoint
CREATE TABLE "lpo_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"file_size" integer NOT NULL,
	"uploaded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"replaced_at" timestamp with time zone,
	CONSTRAINT "lpo_documents_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "lpo_documents_type_check" CHECK (mime_type in ('application/pdf', 'image/png', 'image/jpeg'))
);
--> statement-breakpoint
ALTER TABLE "cheques" ADD CONSTRAINT "cheques_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cheques" ADD CONSTRAINT "cheques_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lpo_documents" ADD CONSTRAINT "lpo_documents_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cheques_bank_number_idx" ON "cheques" USING btree ("bank","number");--> statement-breakpoint
CREATE UNIQUE INDEX "cheques_payment_idx" ON "cheques" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "cheques_booking_idx" ON "cheques" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "cheques_state_idx" ON "cheques" USING btree ("state","clears_on");--> statement-breakpoint
CREATE INDEX "lpo_documents_booking_idx" ON "lpo_documents" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lpo_documents_current_idx" ON "lpo_documents" USING btree ("booking_id") WHERE replaced_at is null;--> statement-breakpoint
-- hand-written:
-- A cheque is never deleted and its details never change (decision 0756): only its state moves, pending to
-- cleared or bounced, cleared to bounced, with the fields that record that step.
CREATE FUNCTION "cheques_details_fixed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.state <> 'bounced' AND NEW.state <> 'pending'
     AND (to_jsonb(NEW) - '{state,payment_id,settled_on,bounce_reason,bank_charge_cents,updated_at}'::text[])
       = (to_jsonb(OLD) - '{state,payment_id,settled_on,bounce_reason,bank_charge_cents,updated_at}'::text[])
     AND (OLD.payment_id IS NULL OR NEW.payment_id = OLD.payment_id) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'a cheque is never deleted and its details never change; only its state moves on';
END $$;--> statement-breakpoint
CREATE TRIGGER "cheques_details_fixed" BEFORE UPDATE OR DELETE ON "cheques"
  FOR EACH ROW EXECUTE FUNCTION "cheques_details_fixed"();
--> statement-breakpoint
-- An LPO document is kept (decision 0758): never deleted; the one change is being marked replaced, once.
CREATE FUNCTION "lpo_documents_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.replaced_at IS NULL AND NEW.replaced_at IS NOT NULL
     AND (to_jsonb(NEW) - 'replaced_at') = (to_jsonb(OLD) - 'replaced_at') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'an LPO document is never deleted or changed; upload a new one to replace it';
END $$;--> statement-breakpoint
CREATE TRIGGER "lpo_documents_kept" BEFORE UPDATE OR DELETE ON "lpo_documents"
  FOR EACH ROW EXECUTE FUNCTION "lpo_documents_kept"();
