CREATE TABLE "meta_campaign_labels" (
	"brand_id" uuid NOT NULL,
	"account_id" text NOT NULL,
	"campaign_id" text NOT NULL,
	"label" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meta_campaign_labels_pk" PRIMARY KEY("brand_id","account_id","campaign_id","label")
);
--> statement-breakpoint
ALTER TABLE "meta_campaign_labels" ADD CONSTRAINT "meta_campaign_labels_brand_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "meta_campaign_labels" ADD CONSTRAINT "meta_campaign_labels_user_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
