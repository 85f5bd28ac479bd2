ALTER TABLE "devices" ALTER COLUMN "token_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "device_passcode_sealed" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "settings_passcode" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "deregistered_at" timestamp with time zone;