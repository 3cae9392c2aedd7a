CREATE TABLE "ga4_dimension_monthly" (
	"brand_id" uuid NOT NULL,
	"property_id" text NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"month" date NOT NULL,
	"sessions" bigint DEFAULT 0 NOT NULL,
	"add_to_carts" bigint DEFAULT 0 NOT NULL,
	"checkouts" bigint DEFAULT 0 NOT NULL,
	"purchases" bigint DEFAULT 0 NOT NULL,
	"purchase_revenue" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "ga4_dimension_monthly_brand_id_property_id_dimension_value_month_pk" PRIMARY KEY("brand_id","property_id","dimension","value","month")
);
--> statement-breakpoint
ALTER TABLE "ga4_dimension_monthly" ADD CONSTRAINT "ga4_dimension_monthly_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ga4_dimension_monthly_idx" ON "ga4_dimension_monthly" USING btree ("brand_id","dimension","month");--> statement-breakpoint
INSERT INTO "ga4_dimension_monthly" ("brand_id", "property_id", "dimension", "value", "month", "sessions", "add_to_carts", "checkouts", "purchases", "purchase_revenue")
SELECT "brand_id", "property_id", "dimension", "value", date_trunc('month', "date")::date, sum("sessions"), sum("add_to_carts"), sum("checkouts"), sum("purchases"), sum("purchase_revenue")
FROM "ga4_dimension_daily" GROUP BY "brand_id", "property_id", "dimension", "value", date_trunc('month', "date")::date;
