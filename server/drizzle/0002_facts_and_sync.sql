CREATE TABLE "brand_daily_summary" (
	"brand_id" uuid NOT NULL,
	"date" date NOT NULL,
	"orders" bigint,
	"store_sales" numeric(16, 2),
	"store_refunds" numeric(16, 2),
	"meta_spend" numeric(16, 2),
	"meta_revenue" numeric(16, 2),
	"meta_purchases" bigint,
	"google_spend" numeric(16, 2),
	"google_revenue" numeric(16, 2),
	"google_conversions" numeric(16, 4),
	"sessions" bigint,
	"add_to_carts" bigint,
	"checkouts" bigint,
	"purchases" bigint,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brand_daily_summary_brand_id_date_pk" PRIMARY KEY("brand_id","date")
);
--> statement-breakpoint
CREATE TABLE "ga4_daily" (
	"brand_id" uuid NOT NULL,
	"property_id" text NOT NULL,
	"date" date NOT NULL,
	"sessions" bigint DEFAULT 0 NOT NULL,
	"add_to_carts" bigint DEFAULT 0 NOT NULL,
	"checkouts" bigint DEFAULT 0 NOT NULL,
	"purchases" bigint DEFAULT 0 NOT NULL,
	"purchase_revenue" numeric(16, 2) DEFAULT '0' NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ga4_daily_brand_id_property_id_date_pk" PRIMARY KEY("brand_id","property_id","date")
);
--> statement-breakpoint
CREATE TABLE "ga4_dimension_daily" (
	"brand_id" uuid NOT NULL,
	"property_id" text NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"date" date NOT NULL,
	"sessions" bigint DEFAULT 0 NOT NULL,
	"add_to_carts" bigint DEFAULT 0 NOT NULL,
	"checkouts" bigint DEFAULT 0 NOT NULL,
	"purchases" bigint DEFAULT 0 NOT NULL,
	"purchase_revenue" numeric(16, 2) DEFAULT '0' NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ga4_dimension_daily_brand_id_property_id_dimension_value_date_pk" PRIMARY KEY("brand_id","property_id","dimension","value","date")
);
--> statement-breakpoint
CREATE TABLE "google_campaign_daily" (
	"brand_id" uuid NOT NULL,
	"customer_id" text NOT NULL,
	"campaign_id" text NOT NULL,
	"date" date NOT NULL,
	"campaign_name" text NOT NULL,
	"status" text NOT NULL,
	"channel_type" text,
	"cost_micros" bigint DEFAULT 0 NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"conversions" numeric(16, 4) DEFAULT '0' NOT NULL,
	"conversions_value" numeric(16, 2) DEFAULT '0' NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "google_campaign_daily_brand_id_customer_id_campaign_id_date_pk" PRIMARY KEY("brand_id","customer_id","campaign_id","date")
);
--> statement-breakpoint
CREATE TABLE "google_products" (
	"brand_id" uuid NOT NULL,
	"customer_id" text NOT NULL,
	"item_id" text NOT NULL,
	"title" text NOT NULL,
	"brand" text,
	"product_type" text,
	"category" text,
	"status" text NOT NULL,
	"issues" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "google_products_brand_id_customer_id_item_id_pk" PRIMARY KEY("brand_id","customer_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "google_view_daily" (
	"brand_id" uuid NOT NULL,
	"customer_id" text NOT NULL,
	"view" text NOT NULL,
	"key" text NOT NULL,
	"date" date NOT NULL,
	"label" text NOT NULL,
	"campaign_id" text,
	"campaign_name" text,
	"ad_group_id" text,
	"ad_group_name" text,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"cost_micros" bigint DEFAULT 0 NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"conversions" numeric(16, 4) DEFAULT '0' NOT NULL,
	"conversions_value" numeric(16, 2) DEFAULT '0' NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "google_view_daily_brand_id_customer_id_view_key_date_pk" PRIMARY KEY("brand_id","customer_id","view","key","date")
);
--> statement-breakpoint
CREATE TABLE "meta_ad_daily" (
	"brand_id" uuid NOT NULL,
	"account_id" text NOT NULL,
	"level" text NOT NULL,
	"entity_id" text NOT NULL,
	"date" date NOT NULL,
	"campaign_id" text NOT NULL,
	"campaign_name" text NOT NULL,
	"adset_id" text,
	"adset_name" text,
	"spend" numeric(16, 2) DEFAULT '0' NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"reach" bigint DEFAULT 0 NOT NULL,
	"link_clicks" bigint DEFAULT 0 NOT NULL,
	"unique_link_clicks" bigint DEFAULT 0 NOT NULL,
	"outbound_clicks" bigint DEFAULT 0 NOT NULL,
	"landing_page_views" bigint DEFAULT 0 NOT NULL,
	"add_to_cart" bigint DEFAULT 0 NOT NULL,
	"initiate_checkout" bigint DEFAULT 0 NOT NULL,
	"purchases" bigint DEFAULT 0 NOT NULL,
	"purchase_value" numeric(16, 2) DEFAULT '0' NOT NULL,
	"video_three_second_views" bigint DEFAULT 0 NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meta_ad_daily_brand_id_account_id_level_entity_id_date_pk" PRIMARY KEY("brand_id","account_id","level","entity_id","date")
);
--> statement-breakpoint
CREATE TABLE "meta_adset_interests" (
	"brand_id" uuid NOT NULL,
	"account_id" text NOT NULL,
	"adset_id" text NOT NULL,
	"interest_id" text NOT NULL,
	"interest_name" text NOT NULL,
	"campaign_id" text NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meta_adset_interests_brand_id_account_id_adset_id_interest_id_pk" PRIMARY KEY("brand_id","account_id","adset_id","interest_id")
);
--> statement-breakpoint
CREATE TABLE "meta_breakdown_daily" (
	"brand_id" uuid NOT NULL,
	"account_id" text NOT NULL,
	"breakdown" text NOT NULL,
	"value" text NOT NULL,
	"date" date NOT NULL,
	"spend" numeric(16, 2) DEFAULT '0' NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"link_clicks" bigint DEFAULT 0 NOT NULL,
	"purchases" bigint DEFAULT 0 NOT NULL,
	"purchase_value" numeric(16, 2) DEFAULT '0' NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meta_breakdown_daily_brand_id_account_id_breakdown_value_date_pk" PRIMARY KEY("brand_id","account_id","breakdown","value","date")
);
--> statement-breakpoint
CREATE TABLE "meta_campaigns" (
	"brand_id" uuid NOT NULL,
	"account_id" text NOT NULL,
	"campaign_id" text NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"effective_status" text NOT NULL,
	"objective" text,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meta_campaigns_brand_id_account_id_campaign_id_pk" PRIMARY KEY("brand_id","account_id","campaign_id")
);
--> statement-breakpoint
CREATE TABLE "store_orders" (
	"brand_id" uuid NOT NULL,
	"shop" text NOT NULL,
	"order_id" text NOT NULL,
	"order_name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"order_date" date NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"test" integer DEFAULT 0 NOT NULL,
	"financial_status" text NOT NULL,
	"currency" text NOT NULL,
	"total_price" numeric(16, 2) DEFAULT '0' NOT NULL,
	"subtotal_price" numeric(16, 2) DEFAULT '0' NOT NULL,
	"total_discounts" numeric(16, 2) DEFAULT '0' NOT NULL,
	"total_tax" numeric(16, 2) DEFAULT '0' NOT NULL,
	"total_shipping" numeric(16, 2) DEFAULT '0' NOT NULL,
	"total_refunded" numeric(16, 2) DEFAULT '0' NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_orders_brand_id_shop_order_id_pk" PRIMARY KEY("brand_id","shop","order_id")
);
--> statement-breakpoint
CREATE TABLE "store_refunds" (
	"brand_id" uuid NOT NULL,
	"shop" text NOT NULL,
	"refund_id" text NOT NULL,
	"order_id" text NOT NULL,
	"refunded_at" timestamp with time zone NOT NULL,
	"refund_date" date NOT NULL,
	"amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_refunds_brand_id_shop_refund_id_pk" PRIMARY KEY("brand_id","shop","refund_id")
);
--> statement-breakpoint
CREATE TABLE "sync_windows" (
	"connection_id" uuid NOT NULL,
	"stream" text NOT NULL,
	"window_from" date NOT NULL,
	"window_to" date NOT NULL,
	"rows" integer NOT NULL,
	"calls" integer NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sync_windows_connection_id_stream_window_from_pk" PRIMARY KEY("connection_id","stream","window_from")
);
--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "sync_state" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "backfill_progress" numeric(5, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "last_synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "brand_daily_summary" ADD CONSTRAINT "brand_daily_summary_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ga4_daily" ADD CONSTRAINT "ga4_daily_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ga4_dimension_daily" ADD CONSTRAINT "ga4_dimension_daily_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_campaign_daily" ADD CONSTRAINT "google_campaign_daily_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_products" ADD CONSTRAINT "google_products_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_view_daily" ADD CONSTRAINT "google_view_daily_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta_ad_daily" ADD CONSTRAINT "meta_ad_daily_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta_adset_interests" ADD CONSTRAINT "meta_adset_interests_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta_breakdown_daily" ADD CONSTRAINT "meta_breakdown_daily_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta_campaigns" ADD CONSTRAINT "meta_campaigns_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_refunds" ADD CONSTRAINT "store_refunds_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_windows" ADD CONSTRAINT "sync_windows_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ga4_dimension_daily_idx" ON "ga4_dimension_daily" USING btree ("brand_id","dimension","date");--> statement-breakpoint
CREATE INDEX "google_campaign_daily_day_idx" ON "google_campaign_daily" USING btree ("brand_id","date");--> statement-breakpoint
CREATE INDEX "google_view_daily_day_idx" ON "google_view_daily" USING btree ("brand_id","view","date");--> statement-breakpoint
CREATE INDEX "meta_ad_daily_day_idx" ON "meta_ad_daily" USING btree ("brand_id","date");--> statement-breakpoint
CREATE INDEX "store_orders_day_idx" ON "store_orders" USING btree ("brand_id","order_date");--> statement-breakpoint
CREATE INDEX "store_refunds_day_idx" ON "store_refunds" USING btree ("brand_id","refund_date");