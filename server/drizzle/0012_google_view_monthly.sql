CREATE TABLE "google_view_monthly" (
	"brand_id" uuid NOT NULL,
	"customer_id" text NOT NULL,
	"view" text NOT NULL,
	"key" text NOT NULL,
	"month" date NOT NULL,
	"label" text NOT NULL,
	"campaign_name" text,
	"ad_group_name" text,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_date" date NOT NULL,
	"cost_micros" bigint DEFAULT 0 NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"conversions" numeric(16, 4) DEFAULT '0' NOT NULL,
	"conversions_value" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "google_view_monthly_brand_id_customer_id_view_key_month_pk" PRIMARY KEY("brand_id","customer_id","view","key","month")
);
--> statement-breakpoint
ALTER TABLE "google_view_monthly" ADD CONSTRAINT "google_view_monthly_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "google_view_monthly_month_idx" ON "google_view_monthly" USING btree ("brand_id","view","month");--> statement-breakpoint
INSERT INTO "google_view_monthly" ("brand_id", "customer_id", "view", "key", "month", "label", "campaign_name", "ad_group_name", "attributes", "last_date", "cost_micros", "impressions", "clicks", "conversions", "conversions_value")
SELECT "brand_id", "customer_id", "view", "key", date_trunc('month', "date")::date,
  (array_agg("label" ORDER BY "date" DESC))[1], (array_agg("campaign_name" ORDER BY "date" DESC))[1],
  (array_agg("ad_group_name" ORDER BY "date" DESC))[1], (array_agg("attributes" ORDER BY "date" DESC))[1],
  max("date"), sum("cost_micros"), sum("impressions"), sum("clicks"), sum("conversions"), sum("conversions_value")
FROM "google_view_daily" GROUP BY "brand_id", "customer_id", "view", "key", date_trunc('month', "date");
