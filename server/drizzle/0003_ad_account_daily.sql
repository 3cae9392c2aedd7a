CREATE TABLE "ad_account_daily" (
	"brand_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"account_id" text NOT NULL,
	"date" date NOT NULL,
	"spend" numeric(18, 6) DEFAULT '0' NOT NULL,
	"revenue" numeric(16, 2) DEFAULT '0' NOT NULL,
	"purchases" numeric(16, 4) DEFAULT '0' NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ad_account_daily_brand_id_platform_account_id_date_pk" PRIMARY KEY("brand_id","platform","account_id","date")
);
--> statement-breakpoint
ALTER TABLE "ad_account_daily" ADD CONSTRAINT "ad_account_daily_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "ad_account_daily" ("brand_id", "platform", "account_id", "date", "spend", "revenue", "purchases", "clicks", "impressions")
SELECT "brand_id", 'meta', "account_id", "date", sum("spend"), sum("purchase_value"), sum("purchases"), sum("clicks"), sum("impressions")
FROM "meta_ad_daily" WHERE "level" = 'campaign' GROUP BY "brand_id", "account_id", "date";
--> statement-breakpoint
INSERT INTO "ad_account_daily" ("brand_id", "platform", "account_id", "date", "spend", "revenue", "purchases", "clicks", "impressions")
SELECT "brand_id", 'google_ads', "customer_id", "date", sum("cost_micros") / 1000000.0, sum("conversions_value"), sum("conversions"), sum("clicks"), sum("impressions")
FROM "google_campaign_daily" GROUP BY "brand_id", "customer_id", "date";
