ALTER TABLE "transactions" ADD COLUMN "discount" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "service_charge" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "server_name" text;