CREATE TABLE "etims_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_key" text NOT NULL,
	"item_code" text NOT NULL,
	"item_name" text NOT NULL,
	"item_class_code" text NOT NULL,
	"tax_type" text NOT NULL,
	"state" text DEFAULT 'unregistered' NOT NULL,
	"last_error" text,
	"registered_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "etims_items_item_key_unique" UNIQUE("item_key"),
	CONSTRAINT "etims_items_item_code_unique" UNIQUE("item_code"),
	CONSTRAINT "etims_items_state_check" CHECK (state in ('unregistered', 'registered', 'refused')),
	CONSTRAINT "etims_items_tax_check" CHECK (tax_type in ('B', 'A', 'C'))
);
--> statement-breakpoint
ALTER TABLE "tax_invoices" DROP CONSTRAINT "tax_invoices_state_check";--> statement-breakpoint
ALTER TABLE "tax_invoices" ADD CONSTRAINT "tax_invoices_state_check" CHECK (state in ('waiting', 'sent', 'refused', 'withdrawn'));