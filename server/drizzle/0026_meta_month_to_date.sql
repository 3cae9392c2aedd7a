CREATE TABLE "meta_campaign_month_to_date" (
	"brand_id" uuid NOT NULL,
	"account_id" text NOT NULL,
	"campaign_id" text NOT NULL,
	"date" date NOT NULL,
	"days" integer DEFAULT 0 NOT NULL,
	"spend" numeric(16, 2) DEFAULT '0' NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"link_clicks" bigint DEFAULT 0 NOT NULL,
	"outbound_clicks" bigint DEFAULT 0 NOT NULL,
	"landing_page_views" bigint DEFAULT 0 NOT NULL,
	"add_to_cart" bigint DEFAULT 0 NOT NULL,
	"initiate_checkout" bigint DEFAULT 0 NOT NULL,
	"purchases" bigint DEFAULT 0 NOT NULL,
	"purchase_value" numeric(16, 2) DEFAULT '0' NOT NULL,
	"video_three_second_views" bigint DEFAULT 0 NOT NULL,
	"campaign_name" text,
	"max_reach" bigint,
	"max_unique_link_clicks" bigint,
	"rest_campaign_name" text,
	"rest_max_reach" bigint,
	"rest_max_unique_link_clicks" bigint,
	CONSTRAINT "meta_campaign_month_to_date_brand_id_account_id_date_campaign_id_pk" PRIMARY KEY("brand_id","account_id","date","campaign_id")
);
--> statement-breakpoint
ALTER TABLE "meta_campaign_month_to_date" ADD CONSTRAINT "meta_campaign_month_to_date_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "meta_interest_month_to_date" (
	"brand_id" uuid NOT NULL,
	"account_id" text NOT NULL,
	"interest_id" text NOT NULL,
	"date" date NOT NULL,
	"days" integer DEFAULT 0 NOT NULL,
	"spend" numeric DEFAULT '0' NOT NULL,
	"revenue" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "meta_interest_month_to_date_brand_id_account_id_date_interest_id_pk" PRIMARY KEY("brand_id","account_id","date","interest_id")
);
--> statement-breakpoint
ALTER TABLE "meta_interest_month_to_date" ADD CONSTRAINT "meta_interest_month_to_date_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- every day of every month a campaign delivered in (meta_ad_monthly's campaign months), from the daily rows, as
-- sync/facts-writer.sql.ts rollUpCampaignMonthToDate writes it
INSERT INTO "meta_campaign_month_to_date" ("brand_id", "account_id", "campaign_id", "date", "days", "spend", "impressions", "link_clicks", "outbound_clicks",
  "landing_page_views", "add_to_cart", "initiate_checkout", "purchases", "purchase_value", "video_three_second_views", "campaign_name", "max_reach",
  "max_unique_link_clicks", "rest_campaign_name", "rest_max_reach", "rest_max_unique_link_clicks")
SELECT m."brand_id", m."account_id", m."entity_id", g."day"::date, count(d."date") OVER upto, coalesce(sum(d."spend") OVER upto, 0), coalesce(sum(d."impressions") OVER upto, 0),
  coalesce(sum(d."link_clicks") OVER upto, 0), coalesce(sum(d."outbound_clicks") OVER upto, 0), coalesce(sum(d."landing_page_views") OVER upto, 0),
  coalesce(sum(d."add_to_cart") OVER upto, 0), coalesce(sum(d."initiate_checkout") OVER upto, 0), coalesce(sum(d."purchases") OVER upto, 0),
  coalesce(sum(d."purchase_value") OVER upto, 0), coalesce(sum(d."video_three_second_views") OVER upto, 0),
  max(d."campaign_name") OVER upto, max(d."reach") OVER upto, max(d."unique_link_clicks") OVER upto,
  max(d."campaign_name") OVER after, max(d."reach") OVER after, max(d."unique_link_clicks") OVER after
FROM "meta_ad_monthly" m
CROSS JOIN LATERAL generate_series(m."month", m."month" + interval '1 month' - interval '1 day', interval '1 day') g("day")
LEFT JOIN "meta_ad_daily" d ON d."brand_id" = m."brand_id" AND d."account_id" = m."account_id" AND d."level" = 'campaign' AND d."entity_id" = m."entity_id" AND d."date" = g."day"::date
WHERE m."level" = 'campaign'
WINDOW upto AS (PARTITION BY m."brand_id", m."account_id", m."entity_id", m."month" ORDER BY g."day" ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW),
  after AS (PARTITION BY m."brand_id", m."account_id", m."entity_id", m."month" ORDER BY g."day" ROWS BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING);
--> statement-breakpoint
-- every day of every month an interest had a share in, as sync/facts-writer.sql.ts rollUpInterests writes it
INSERT INTO "meta_interest_month_to_date" ("brand_id", "account_id", "interest_id", "date", "days", "spend", "revenue")
SELECT m."brand_id", m."account_id", m."interest_id", g."day"::date, count(d."date") OVER upto, coalesce(sum(d."spend") OVER upto, 0), coalesce(sum(d."revenue") OVER upto, 0)
FROM "meta_interest_monthly" m
CROSS JOIN LATERAL generate_series(m."month", m."month" + interval '1 month' - interval '1 day', interval '1 day') g("day")
LEFT JOIN "meta_interest_daily" d ON d."brand_id" = m."brand_id" AND d."account_id" = m."account_id" AND d."interest_id" = m."interest_id" AND d."date" = g."day"::date
WINDOW upto AS (PARTITION BY m."brand_id", m."account_id", m."interest_id", m."month" ORDER BY g."day" ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW);
