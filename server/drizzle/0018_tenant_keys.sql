-- Ready for Citus (issue 23 item 5): every table holding a brand's data is keyed by brand_id first, so it can be
-- distributed on brand_id and co-located with brands (docs/operations.md "Distributing on Citus"). Unique
-- constraints on a distributed table must include its distribution column: the ids below stay unique (random
-- uuids) and are now unique together with their brand.
ALTER TABLE "sync_windows" ADD COLUMN "brand_id" uuid;--> statement-breakpoint
UPDATE "sync_windows" w SET "brand_id" = c."brand_id" FROM "connections" c WHERE c."id" = w."connection_id";--> statement-breakpoint
DELETE FROM "sync_windows" WHERE "brand_id" IS NULL;--> statement-breakpoint
ALTER TABLE "sync_windows" ALTER COLUMN "brand_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sync_windows" DROP CONSTRAINT "sync_windows_connection_id_connections_id_fk";--> statement-breakpoint
ALTER TABLE "sync_windows" DROP CONSTRAINT "sync_windows_connection_id_stream_window_from_pk";--> statement-breakpoint
ALTER TABLE "connections" DROP CONSTRAINT "connections_pkey";--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_pk" PRIMARY KEY ("brand_id", "id");--> statement-breakpoint
CREATE INDEX "connections_id_idx" ON "connections" USING btree ("id");--> statement-breakpoint
ALTER TABLE "sync_windows" ADD CONSTRAINT "sync_windows_pk" PRIMARY KEY ("brand_id", "connection_id", "stream", "window_from");--> statement-breakpoint
ALTER TABLE "sync_windows" ADD CONSTRAINT "sync_windows_connection_fk" FOREIGN KEY ("brand_id", "connection_id") REFERENCES "public"."connections"("brand_id", "id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sync_windows_connection_idx" ON "sync_windows" USING btree ("connection_id");--> statement-breakpoint
ALTER TABLE "user_brands" DROP CONSTRAINT "user_brands_user_id_brand_id_pk";--> statement-breakpoint
ALTER TABLE "user_brands" ADD CONSTRAINT "user_brands_pk" PRIMARY KEY ("brand_id", "user_id");--> statement-breakpoint
DROP INDEX "user_brands_brand_idx";--> statement-breakpoint
CREATE INDEX "user_brands_user_idx" ON "user_brands" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "brand_targets" DROP CONSTRAINT "brand_targets_pkey";--> statement-breakpoint
ALTER TABLE "brand_targets" ADD CONSTRAINT "brand_targets_pk" PRIMARY KEY ("brand_id", "id");--> statement-breakpoint
ALTER TABLE "email_settings" DROP CONSTRAINT "email_settings_user_id_brand_id_pk";--> statement-breakpoint
ALTER TABLE "email_settings" ADD CONSTRAINT "email_settings_pk" PRIMARY KEY ("brand_id", "user_id");--> statement-breakpoint
CREATE INDEX "email_settings_user_idx" ON "email_settings" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "email_deliveries" DROP CONSTRAINT "email_deliveries_pkey";--> statement-breakpoint
ALTER TABLE "email_deliveries" ADD CONSTRAINT "email_deliveries_pk" PRIMARY KEY ("brand_id", "id");--> statement-breakpoint
DROP INDEX "email_deliveries_key_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "email_deliveries_key_idx" ON "email_deliveries" USING btree ("brand_id", "user_id", "kind", "period");--> statement-breakpoint
ALTER TABLE "alert_rules" DROP CONSTRAINT "alert_rules_pkey";--> statement-breakpoint
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_pk" PRIMARY KEY ("brand_id", "id");
