ALTER TABLE "courses" ADD COLUMN "outline" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "method" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "cpd_points" text;