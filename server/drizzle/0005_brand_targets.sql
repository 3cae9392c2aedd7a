CREATE TABLE "brand_targets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" uuid NOT NULL,
	"name" text NOT NULL,
	"source" text NOT NULL,
	"target_sales" numeric(16, 2) NOT NULL,
	"target_spend" numeric(16, 2) NOT NULL,
	"target_roas" numeric(10, 2) NOT NULL,
	"target_date" date NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brand_targets_source_check" CHECK ("source" in ('Meta', 'Google'))
);
--> statement-breakpoint
ALTER TABLE "brand_targets" ADD CONSTRAINT "brand_targets_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "brand_targets" ADD CONSTRAINT "brand_targets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "brand_targets_brand_idx" ON "brand_targets" USING btree ("brand_id","target_date");
