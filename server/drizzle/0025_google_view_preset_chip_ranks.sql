ALTER TABLE "google_view_presets" ADD COLUMN "top_performers_up_to" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "google_view_presets" ADD COLUMN "high_cost_up_to" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "google_view_presets" ADD COLUMN "high_return_up_to" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "google_view_presets" ADD COLUMN "under_performers_up_to" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "google_view_presets" ADD COLUMN "product_brand" text;--> statement-breakpoint
ALTER TABLE "google_view_presets" ADD COLUMN "product_type" text;--> statement-breakpoint
ALTER TABLE "google_view_presets" ADD COLUMN "product_category" text;--> statement-breakpoint
DELETE FROM "google_view_preset_builds";--> statement-breakpoint
DELETE FROM "google_view_presets";--> statement-breakpoint
DROP INDEX "google_view_presets_category_idx";--> statement-breakpoint
CREATE INDEX "google_view_presets_category_rank_idx" ON "google_view_presets" USING btree ("brand_id","customer_id","view","from_date","to_date","category","cost_rank");
