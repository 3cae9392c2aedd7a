CREATE TABLE "meta_range_reach" (
	"brand_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"date_from" date NOT NULL,
	"date_to" date NOT NULL,
	"subject" text NOT NULL,
	"reach" bigint NOT NULL,
	"unique_link_clicks" bigint NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "meta_range_reach_pk" PRIMARY KEY("brand_id","connection_id","date_from","date_to","subject")
);
--> statement-breakpoint
ALTER TABLE "meta_range_reach" ADD CONSTRAINT "meta_range_reach_connection_fk" FOREIGN KEY ("brand_id","connection_id") REFERENCES "public"."connections"("brand_id","id") ON DELETE cascade ON UPDATE no action;
