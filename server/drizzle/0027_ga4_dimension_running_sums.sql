CREATE TABLE "ga4_dimension_month_to_date" (
	"brand_id" uuid NOT NULL,
	"property_id" text NOT NULL,
	"dimension" text NOT NULL,
	"date" date NOT NULL,
	"entries" json NOT NULL,
	CONSTRAINT "ga4_dimension_month_to_date_brand_id_dimension_date_property_id_pk" PRIMARY KEY("brand_id","dimension","date","property_id")
);
--> statement-breakpoint
ALTER TABLE "ga4_dimension_month_to_date" ADD CONSTRAINT "ga4_dimension_month_to_date_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "ga4_dimension_year_to_date" (
	"brand_id" uuid NOT NULL,
	"property_id" text NOT NULL,
	"dimension" text NOT NULL,
	"month" date NOT NULL,
	"entries" json NOT NULL,
	CONSTRAINT "ga4_dimension_year_to_date_brand_id_dimension_month_property_id_pk" PRIMARY KEY("brand_id","dimension","month","property_id")
);
--> statement-breakpoint
ALTER TABLE "ga4_dimension_year_to_date" ADD CONSTRAINT "ga4_dimension_year_to_date_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "ga4_dimension_month_to_date" ("brand_id", "property_id", "dimension", "date", "entries")
SELECT "brand_id", "property_id", "dimension", "date", json_agg(json_build_array("value", "sessions", "purchases", "days") ORDER BY "value")
FROM (
	SELECT d."brand_id", d."property_id", d."dimension", d."date", v."value",
		sum(x."sessions") OVER w AS "sessions", sum(x."purchases") OVER w AS "purchases", count(x."value") OVER w AS "days"
	FROM "ga4_dimension_day_values" d
	JOIN (
		SELECT DISTINCT "brand_id", "property_id", "dimension", "value", date_trunc('month', "date")::date AS "month" FROM "ga4_dimension_daily"
	) v ON v."brand_id" = d."brand_id" AND v."property_id" = d."property_id" AND v."dimension" = d."dimension" AND v."month" = date_trunc('month', d."date")::date
	LEFT JOIN "ga4_dimension_daily" x ON x."brand_id" = d."brand_id" AND x."property_id" = d."property_id" AND x."dimension" = d."dimension" AND x."value" = v."value" AND x."date" = d."date"
	WINDOW w AS (PARTITION BY d."brand_id", d."property_id", d."dimension", v."value", v."month" ORDER BY d."date")
) r
WHERE "days" > 0
GROUP BY "brand_id", "property_id", "dimension", "date";--> statement-breakpoint
INSERT INTO "ga4_dimension_year_to_date" ("brand_id", "property_id", "dimension", "month", "entries")
SELECT "brand_id", "property_id", "dimension", "month", json_agg(json_build_array("value", "sessions", "purchases", "months") ORDER BY "value")
FROM (
	SELECT m."brand_id", m."property_id", m."dimension", m."month", v."value",
		sum(x."sessions") OVER w AS "sessions", sum(x."purchases") OVER w AS "purchases", count(x."value") OVER w AS "months"
	FROM "ga4_dimension_month_values" m
	JOIN (
		SELECT DISTINCT "brand_id", "property_id", "dimension", "value", date_trunc('year', "month")::date AS "year" FROM "ga4_dimension_monthly"
	) v ON v."brand_id" = m."brand_id" AND v."property_id" = m."property_id" AND v."dimension" = m."dimension" AND v."year" = date_trunc('year', m."month")::date
	LEFT JOIN "ga4_dimension_monthly" x ON x."brand_id" = m."brand_id" AND x."property_id" = m."property_id" AND x."dimension" = m."dimension" AND x."value" = v."value" AND x."month" = m."month"
	WINDOW w AS (PARTITION BY m."brand_id", m."property_id", m."dimension", v."value", v."year" ORDER BY m."month")
) r
WHERE "months" > 0
GROUP BY "brand_id", "property_id", "dimension", "month";
