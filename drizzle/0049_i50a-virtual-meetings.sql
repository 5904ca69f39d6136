CREATE TABLE "meeting_accounts" (
	"provider" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_sealed" text NOT NULL,
	"organizer" text DEFAULT 'me' NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meeting_accounts_provider_check" CHECK (provider in ('zoom', 'teams'))
);
--> statement-breakpoint
ALTER TABLE "run_sessions" ADD COLUMN "meeting_provider" text;--> statement-breakpoint
ALTER TABLE "run_sessions" ADD COLUMN "meeting_id" text;--> statement-breakpoint
ALTER TABLE "run_sessions" ADD COLUMN "meeting_passcode" text;--> statement-breakpoint
ALTER TABLE "run_sessions" ADD CONSTRAINT "run_sessions_meeting_provider_check" CHECK (meeting_provider in ('zoom', 'teams', 'link'));