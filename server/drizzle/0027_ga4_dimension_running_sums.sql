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
	SELECT "brand_id", "property_id", "dimension", "value", "date", "mark",
		sum("sessions") OVER w AS "sessions", sum("purchases") OVER w AS "purchases", sum("n") OVER w AS "days",
		sum("n") OVER (PARTITION BY "brand_id", "property_id", "dimension", "date") AS "rows_then"
	FROM (
		SELECT "brand_id", "property_id", "dimension", "value", "date", 0 AS "mark", "sessions", "purchases", 1 AS "n" FROM "ga4_dimension_daily"
		UNION ALL
		SELECT f."brand_id", f."property_id", f."dimension", f."value", g::date, 1, 0, 0, 0
		FROM (
			SELECT "brand_id", "property_id", "dimension", "value", min("date") AS "first",
				max(max("date")) OVER (PARTITION BY "brand_id", "property_id", "dimension", date_trunc('month', "date")) AS "last"
			FROM "ga4_dimension_daily"
			GROUP BY "brand_id", "property_id", "dimension", "value", date_trunc('month', "date")
		) f
		CROSS JOIN LATERAL generate_series(f."first", f."last", interval '1 day') g
	) u
	WINDOW w AS (PARTITION BY "brand_id", "property_id", "dimension", "value", date_trunc('month', "date") ORDER BY "date")
) r
WHERE "mark" = 1 AND "rows_then" > 0
GROUP BY "brand_id", "property_id", "dimension", "date";--> statement-breakpoint
INSERT INTO "ga4_dimension_year_to_date" ("brand_id", "property_id", "dimension", "month", "entries")
SELECT "brand_id", "property_id", "dimension", "month", json_agg(json_build_array("value", "sessions", "purchases", "months") ORDER BY "value")
FROM (
	SELECT "brand_id", "property_id", "dimension", "value", "month", "mark",
		sum("sessions") OVER w AS "sessions", sum("purchases") OVER w AS "purchases", sum("n") OVER w AS "months",
		sum("n") OVER (PARTITION BY "brand_id", "property_id", "dimension", "month") AS "rows_then"
	FROM (
		SELECT "brand_id", "property_id", "dimension", "value", "month", 0 AS "mark", "sessions", "purchases", 1 AS "n" FROM "ga4_dimension_monthly"
		UNION ALL
		SELECT f."brand_id", f."property_id", f."dimension", f."value", g::date, 1, 0, 0, 0
		FROM (
			SELECT "brand_id", "property_id", "dimension", "value", min("month") AS "first",
				max(max("month")) OVER (PARTITION BY "brand_id", "property_id", "dimension", date_trunc('year', "month")) AS "last"
			FROM "ga4_dimension_monthly"
			GROUP BY "brand_id", "property_id", "dimension", "value", date_trunc('year', "month")
		) f
		CROSS JOIN LATERAL generate_series(f."first", f."last", interval '1 month') g
	) u
	WINDOW w AS (PARTITION BY "brand_id", "property_id", "dimension", "value", date_trunc('year', "month") ORDER BY "month")
) r
WHERE "mark" = 1 AND "rows_then" > 0
GROUP BY "brand_id", "property_id", "dimension", "month";
