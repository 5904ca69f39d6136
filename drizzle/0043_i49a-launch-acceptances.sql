CREATE TABLE "launch_acceptances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_key" text NOT NULL,
	"detail" text NOT NULL,
	"accepted_by" uuid,
	"accepted_by_email" text,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "launch_acceptances_item_key_unique" UNIQUE("item_key")
);
--> statement-breakpoint
ALTER TABLE "launch_acceptances" ADD CONSTRAINT "launch_acceptances_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;