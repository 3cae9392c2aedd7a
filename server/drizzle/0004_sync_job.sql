ALTER TABLE "connections" ADD COLUMN "sync_job" text;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "timezone" text;
