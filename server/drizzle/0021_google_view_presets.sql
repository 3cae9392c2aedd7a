CREATE TABLE "google_view_presets" (
	"brand_id" uuid NOT NULL,
	"customer_id" text NOT NULL,
	"view" text NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"key" text NOT NULL,
	"label" text NOT NULL,
	"match_type" text,
	"status" text,
	"campaign_name" text,
	"ad_group_name" text,
	"cost_micros" bigint DEFAULT 0 NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"conversions" numeric NOT NULL,
	"conversions_value" numeric NOT NULL,
	"category" text NOT NULL,
	CONSTRAINT "google_view_presets_brand_id_customer_id_view_from_date_to_date_key_pk" PRIMARY KEY("brand_id","customer_id","view","from_date","to_date","key")
);
--> statement-breakpoint
CREATE TABLE "google_view_preset_builds" (
	"brand_id" uuid NOT NULL,
	"customer_id" text NOT NULL,
	"view" text NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL,
	"keys" integer NOT NULL,
	"top_performers" integer NOT NULL,
	"high_cost" integer NOT NULL,
	"high_return" integer NOT NULL,
	"under_performers" integer NOT NULL,
	"cost_micros" bigint DEFAULT 0 NOT NULL,
	"conversions_value" numeric NOT NULL,
	"pairs" jsonb NOT NULL,
	"statuses" jsonb NOT NULL,
	CONSTRAINT "google_view_preset_builds_brand_id_customer_id_view_from_date_to_date_pk" PRIMARY KEY("brand_id","customer_id","view","from_date","to_date")
);
--> statement-breakpoint
ALTER TABLE "google_view_presets" ADD CONSTRAINT "google_view_presets_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_view_preset_builds" ADD CONSTRAINT "google_view_preset_builds_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "google_view_presets_cost_idx" ON "google_view_presets" USING btree ("brand_id","customer_id","view","from_date","to_date","cost_micros" DESC,"label","key");--> statement-breakpoint
CREATE INDEX "google_view_presets_category_idx" ON "google_view_presets" USING btree ("brand_id","customer_id","view","from_date","to_date","category","cost_micros" DESC,"label","key");--> statement-breakpoint
CREATE INDEX "google_view_presets_brand_cost_idx" ON "google_view_presets" USING btree ("brand_id","view","from_date","to_date","cost_micros" DESC NULLS LAST,"customer_id","key");--> statement-breakpoint
CREATE INDEX "google_view_presets_campaign_idx" ON "google_view_presets" USING btree ("brand_id","view","from_date","to_date","campaign_name","ad_group_name");
