CREATE TABLE "meta_breakdown_monthly" (
	"brand_id" uuid NOT NULL,
	"account_id" text NOT NULL,
	"breakdown" text NOT NULL,
	"value" text NOT NULL,
	"month" date NOT NULL,
	"spend" numeric(16, 2) DEFAULT '0' NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"link_clicks" bigint DEFAULT 0 NOT NULL,
	"purchases" bigint DEFAULT 0 NOT NULL,
	"purchase_value" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "meta_breakdown_monthly_brand_id_account_id_breakdown_month_value_pk" PRIMARY KEY("brand_id","account_id","breakdown","month","value")
);
--> statement-breakpoint
ALTER TABLE "meta_breakdown_monthly" ADD CONSTRAINT "meta_breakdown_monthly_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
INSERT INTO "meta_breakdown_monthly" ("brand_id", "account_id", "breakdown", "value", "month", "spend", "impressions", "clicks", "link_clicks", "purchases", "purchase_value")
SELECT "brand_id", "account_id", "breakdown", "value", date_trunc('month', "date")::date, sum("spend"), sum("impressions"), sum("clicks"), sum("link_clicks"), sum("purchases"), sum("purchase_value")
FROM "meta_breakdown_daily"
GROUP BY "brand_id", "account_id", "breakdown", "value", date_trunc('month', "date");
