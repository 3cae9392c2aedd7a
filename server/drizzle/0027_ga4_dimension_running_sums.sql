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
SELECT d."brand_id", d."property_id", d."dimension", d."date", json_agg(json_build_array(s."value", s."sessions", s."purchases", s."days") ORDER BY s."value")
FROM "ga4_dimension_day_values" d
CROSS JOIN LATERAL (
	SELECT x."value", sum(x."sessions") AS "sessions", sum(x."purchases") AS "purchases", count(*) AS "days"
	FROM "ga4_dimension_daily" x
	WHERE x."brand_id" = d."brand_id" AND x."dimension" = d."dimension" AND x."date" >= date_trunc('month', d."date")::date AND x."date" <= d."date" AND x."property_id" = d."property_id"
	GROUP BY x."value"
) s
GROUP BY d."brand_id", d."property_id", d."dimension", d."date";--> statement-breakpoint
INSERT INTO "ga4_dimension_year_to_date" ("brand_id", "property_id", "dimension", "month", "entries")
SELECT m."brand_id", m."property_id", m."dimension", m."month", json_agg(json_build_array(s."value", s."sessions", s."purchases", s."months") ORDER BY s."value")
FROM "ga4_dimension_month_values" m
CROSS JOIN LATERAL (
	SELECT x."value", sum(x."sessions") AS "sessions", sum(x."purchases") AS "purchases", count(*) AS "months"
	FROM "ga4_dimension_monthly" x
	WHERE x."brand_id" = m."brand_id" AND x."dimension" = m."dimension" AND x."month" >= date_trunc('year', m."month")::date AND x."month" <= m."month" AND x."property_id" = m."property_id"
	GROUP BY x."value"
) s
GROUP BY m."brand_id", m."property_id", m."dimension", m."month";
