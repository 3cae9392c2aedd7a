ALTER TABLE "connections" ADD COLUMN "sync_job" text;
