CREATE TABLE "meta_ad_monthly" (
	"brand_id" uuid NOT NULL,
	"account_id" text NOT NULL,
	"level" text NOT NULL,
	"entity_id" text NOT NULL,
	"month" date NOT NULL,
	"campaign_id" text NOT NULL,
	"campaign_name" text NOT NULL,
	"days" integer DEFAULT 0 NOT NULL,
	"spend" numeric(16, 2) DEFAULT '0' NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"link_clicks" bigint DEFAULT 0 NOT NULL,
	"outbound_clicks" bigint DEFAULT 0 NOT NULL,
	"landing_page_views" bigint DEFAULT 0 NOT NULL,
	"add_to_cart" bigint DEFAULT 0 NOT NULL,
	"initiate_checkout" bigint DEFAULT 0 NOT NULL,
	"purchases" bigint DEFAULT 0 NOT NULL,
	"purchase_value" numeric(16, 2) DEFAULT '0' NOT NULL,
	"video_three_second_views" bigint DEFAULT 0 NOT NULL,
	"max_reach" bigint DEFAULT 0 NOT NULL,
	"max_unique_link_clicks" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "meta_ad_monthly_brand_id_account_id_level_month_entity_id_pk" PRIMARY KEY("brand_id","account_id","level","month","entity_id")
);
--> statement-breakpoint
ALTER TABLE "meta_ad_monthly" ADD CONSTRAINT "meta_ad_monthly_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
INSERT INTO "meta_ad_monthly" ("brand_id", "account_id", "level", "entity_id", "month", "campaign_id", "campaign_name", "days", "spend", "impressions", "clicks", "link_clicks",
  "outbound_clicks", "landing_page_views", "add_to_cart", "initiate_checkout", "purchases", "purchase_value", "video_three_second_views", "max_reach", "max_unique_link_clicks")
SELECT "brand_id", "account_id", "level", "entity_id", date_trunc('month', "date")::date, max("campaign_id"), max("campaign_name"), count(*)::int, sum("spend"), sum("impressions"),
  sum("clicks"), sum("link_clicks"), sum("outbound_clicks"), sum("landing_page_views"), sum("add_to_cart"), sum("initiate_checkout"), sum("purchases"), sum("purchase_value"),
  sum("video_three_second_views"), max("reach"), max("unique_link_clicks")
FROM "meta_ad_daily"
GROUP BY "brand_id", "account_id", "level", "entity_id", date_trunc('month', "date");
--> statement-breakpoint
CREATE TABLE "meta_interest_daily" (
	"brand_id" uuid NOT NULL,
	"account_id" text NOT NULL,
	"interest_id" text NOT NULL,
	"date" date NOT NULL,
	"spend" numeric DEFAULT '0' NOT NULL,
	"revenue" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "meta_interest_daily_brand_id_account_id_date_interest_id_pk" PRIMARY KEY("brand_id","account_id","date","interest_id")
);
--> statement-breakpoint
ALTER TABLE "meta_interest_daily" ADD CONSTRAINT "meta_interest_daily_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "meta_interest_monthly" (
	"brand_id" uuid NOT NULL,
	"account_id" text NOT NULL,
	"interest_id" text NOT NULL,
	"month" date NOT NULL,
	"spend" numeric DEFAULT '0' NOT NULL,
	"revenue" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "meta_interest_monthly_brand_id_account_id_month_interest_id_pk" PRIMARY KEY("brand_id","account_id","month","interest_id")
);
--> statement-breakpoint
ALTER TABLE "meta_interest_monthly" ADD CONSTRAINT "meta_interest_monthly_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
INSERT INTO "meta_interest_daily" ("brand_id", "account_id", "interest_id", "date", "spend", "revenue")
SELECT d."brand_id", d."account_id", t."interest_id", d."date", sum(d."spend" / t."interests"), sum(d."purchase_value" / t."interests")
FROM "meta_ad_daily" d
JOIN (SELECT "brand_id", "account_id", "adset_id", "interest_id", count(*) OVER (PARTITION BY "brand_id", "account_id", "adset_id") AS "interests" FROM "meta_adset_interests") t
  ON t."brand_id" = d."brand_id" AND t."account_id" = d."account_id" AND t."adset_id" = d."entity_id"
WHERE d."level" = 'adset'
GROUP BY d."brand_id", d."account_id", t."interest_id", d."date";
--> statement-breakpoint
INSERT INTO "meta_interest_monthly" ("brand_id", "account_id", "interest_id", "month", "spend", "revenue")
SELECT "brand_id", "account_id", "interest_id", date_trunc('month', "date")::date, sum("spend"), sum("revenue")
FROM "meta_interest_daily"
GROUP BY "brand_id", "account_id", "interest_id", date_trunc('month', "date");
