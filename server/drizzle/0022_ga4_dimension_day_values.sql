CREATE TABLE "ga4_dimension_day_values" (
	"brand_id" uuid NOT NULL,
	"property_id" text NOT NULL,
	"dimension" text NOT NULL,
	"date" date NOT NULL,
	"entries" json NOT NULL,
	CONSTRAINT "ga4_dimension_day_values_brand_id_dimension_date_property_id_pk" PRIMARY KEY("brand_id","dimension","date","property_id")
);
--> statement-breakpoint
ALTER TABLE "ga4_dimension_day_values" ADD CONSTRAINT "ga4_dimension_day_values_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "ga4_dimension_day_values" ("brand_id", "property_id", "dimension", "date", "entries")
SELECT "brand_id", "property_id", "dimension", "date", json_agg(json_build_array("value", "sessions", "purchases") ORDER BY "value")
FROM "ga4_dimension_daily" GROUP BY "brand_id", "property_id", "dimension", "date";
