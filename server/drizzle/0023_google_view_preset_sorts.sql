ALTER TABLE "google_view_presets" ADD COLUMN "cost_rank" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "google_view_presets" ADD COLUMN "sort_per_cost" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "google_view_presets" ADD COLUMN "sort_value" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "google_view_presets" ADD COLUMN "sort_conversions" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "google_view_presets" ADD COLUMN "sort_conversion_rate" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "google_view_presets" ADD COLUMN "sort_ctr" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "google_view_presets" ADD COLUMN "sort_cpc" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
DELETE FROM "google_view_preset_builds";--> statement-breakpoint
DELETE FROM "google_view_presets";--> statement-breakpoint
CREATE INDEX "google_view_presets_label_idx" ON "google_view_presets" USING btree ("brand_id","customer_id","view","from_date","to_date","label","key");--> statement-breakpoint
CREATE INDEX "google_view_presets_per_cost_idx" ON "google_view_presets" USING btree ("brand_id","customer_id","view","from_date","to_date","sort_per_cost","label","key");--> statement-breakpoint
CREATE INDEX "google_view_presets_value_idx" ON "google_view_presets" USING btree ("brand_id","customer_id","view","from_date","to_date","sort_value","label","key");--> statement-breakpoint
CREATE INDEX "google_view_presets_conversions_idx" ON "google_view_presets" USING btree ("brand_id","customer_id","view","from_date","to_date","sort_conversions","label","key");--> statement-breakpoint
CREATE INDEX "google_view_presets_clicks_idx" ON "google_view_presets" USING btree ("brand_id","customer_id","view","from_date","to_date","clicks","label","key");--> statement-breakpoint
CREATE INDEX "google_view_presets_impressions_idx" ON "google_view_presets" USING btree ("brand_id","customer_id","view","from_date","to_date","impressions","label","key");--> statement-breakpoint
CREATE INDEX "google_view_presets_conversion_rate_idx" ON "google_view_presets" USING btree ("brand_id","customer_id","view","from_date","to_date","sort_conversion_rate","label","key");--> statement-breakpoint
CREATE INDEX "google_view_presets_ctr_idx" ON "google_view_presets" USING btree ("brand_id","customer_id","view","from_date","to_date","sort_ctr","label","key");--> statement-breakpoint
CREATE INDEX "google_view_presets_cpc_idx" ON "google_view_presets" USING btree ("brand_id","customer_id","view","from_date","to_date","sort_cpc","label","key");
