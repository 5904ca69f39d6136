CREATE TABLE "client_colleagues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contact_email" text NOT NULL,
	"organization" text NOT NULL,
	"colleague_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_sign_in_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_sign_in_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "client_colleagues_unique_idx" ON "client_colleagues" USING btree ("contact_email",lower("organization"),"colleague_email");--> statement-breakpoint
CREATE INDEX "client_colleagues_colleague_idx" ON "client_colleagues" USING btree ("colleague_email");--> statement-breakpoint
CREATE INDEX "client_sessions_email_idx" ON "client_sessions" USING btree ("email");--> statement-breakpoint
CREATE INDEX "client_sessions_expires_idx" ON "client_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "client_sign_in_links_email_idx" ON "client_sign_in_links" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "bookings_contact_email_idx" ON "bookings" USING btree (lower("contact_email"));