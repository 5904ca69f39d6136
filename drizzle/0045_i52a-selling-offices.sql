CREATE TABLE "selling_offices" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"legal_name" text NOT NULL,
	"tax_id" text DEFAULT '' NOT NULL,
	"vat_rate_percent" integer NOT NULL,
	"currency" text NOT NULL,
	"number_prefix" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"bank_accounts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mobile_money" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "selling_offices_code_check" CHECK (code in ('nairobi', 'mombasa', 'kampala', 'kigali')),
	CONSTRAINT "selling_offices_country_check" CHECK (country in ('KE', 'UG', 'RW', 'TZ')),
	CONSTRAINT "selling_offices_currency_check" CHECK (currency in ('KES', 'UGX', 'RWF', 'TZS', 'USD')),
	CONSTRAINT "selling_offices_vat_check" CHECK (vat_rate_percent between 0 and 100),
	CONSTRAINT "selling_offices_mobile_money_check" CHECK (mobile_money <@ array['mpesa', 'mtn_momo', 'airtel_money']::text[])
);
--> statement-breakpoint
DROP INDEX "document_sequences_kind_year_idx";--> statement-breakpoint
ALTER TABLE "document_sequences" ADD COLUMN "office" text DEFAULT 'nairobi' NOT NULL;--> statement-breakpoint
ALTER TABLE "finance_documents" ADD COLUMN "office" text DEFAULT 'nairobi' NOT NULL;--> statement-breakpoint
ALTER TABLE "course_runs" ADD COLUMN "selling_office" text DEFAULT 'nairobi' NOT NULL;--> statement-breakpoint
ALTER TABLE "course_runs" ADD COLUMN "currency" text DEFAULT 'KES' NOT NULL;--> statement-breakpoint
ALTER TABLE "course_runs" ADD COLUMN "price_usd" numeric(12, 2);--> statement-breakpoint
CREATE UNIQUE INDEX "document_sequences_office_kind_year_idx" ON "document_sequences" USING btree ("office","kind","year");--> statement-breakpoint
ALTER TABLE "course_runs" ADD CONSTRAINT "course_runs_currency_check" CHECK (currency in ('KES', 'UGX', 'RWF', 'TZS', 'USD'));--> statement-breakpoint
ALTER TABLE "course_runs" ADD CONSTRAINT "course_runs_price_usd_check" CHECK (price_usd is null or price_usd >= 0);--> statement-breakpoint
-- hand-written:
-- The four selling offices (issue 52, decision 0790). Nairobi's number prefix is empty, so every number issued
-- before offices existed stays in its series and nothing is renumbered; its legal identity stays the finance
-- settings. The others start with their country's VAT rate and mobile money, and fill in their tax numbers.
INSERT INTO "selling_offices" ("code", "name", "country", "legal_name", "vat_rate_percent", "currency", "number_prefix", "mobile_money") VALUES
	('nairobi', 'Nairobi', 'KE', 'Mafunzo Training Ltd', 16, 'KES', '', ARRAY['mpesa', 'airtel_money']::text[]),
	('mombasa', 'Mombasa', 'KE', 'Mafunzo Training Ltd (Mombasa)', 16, 'KES', 'MSA-', ARRAY['mpesa', 'airtel_money']::text[]),
	('kampala', 'Kampala', 'UG', 'Mafunzo Training (Uganda) Ltd', 18, 'UGX', 'KLA-', ARRAY['mtn_momo', 'airtel_money']::text[]),
	('kigali', 'Kigali', 'RW', 'Mafunzo Training (Rwanda) Ltd', 18, 'RWF', 'KGL-', ARRAY['mtn_momo', 'airtel_money']::text[])
ON CONFLICT ("code") DO NOTHING;--> statement-breakpoint
-- the keys to the offices, after the rows they point to (a drizzle reference would be added before them)
ALTER TABLE "course_runs" ADD CONSTRAINT "course_runs_selling_office_fk" FOREIGN KEY ("selling_office") REFERENCES "public"."selling_offices"("code") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_documents" ADD CONSTRAINT "finance_documents_office_fk" FOREIGN KEY ("office") REFERENCES "public"."selling_offices"("code") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_sequences" ADD CONSTRAINT "document_sequences_office_fk" FOREIGN KEY ("office") REFERENCES "public"."selling_offices"("code") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- a run's currency is what its bookings were priced and invoiced in: once it has one, the currency stays
-- (the app refuses first with a message; this is the floor under it)
CREATE FUNCTION "course_runs_currency_locked"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF EXISTS (SELECT 1 FROM "bookings" WHERE "run_id" = NEW."id")
		OR EXISTS (SELECT 1 FROM "course_registrations" WHERE "run_id" = NEW."id") THEN
		RAISE EXCEPTION 'course run % has bookings: its currency cannot change', NEW."id" USING ERRCODE = 'check_violation';
	END IF;
	RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "course_runs_currency_locked" BEFORE UPDATE OF "currency" ON "course_runs" FOR EACH ROW WHEN (OLD."currency" IS DISTINCT FROM NEW."currency") EXECUTE FUNCTION "course_runs_currency_locked"();
