ALTER TABLE "branches" ADD COLUMN "device_passcode_set_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "time_zone" text DEFAULT 'Europe/London' NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "table_entry" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "sync_schedule" jsonb;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "logo_url" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "primary_colour" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "accent_colour" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "languages" jsonb DEFAULT '["en-gb","de","it","es"]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "contact_retention_days" smallint DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "last_sync_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "last_upload_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "held_responses" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_contact_retention_days_check" CHECK ("companies"."contact_retention_days" between 1 and 7);