CREATE TABLE "rejected_webhooks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"topic" text NOT NULL,
	"shop" text NOT NULL,
	"webhook_id" text,
	"problems" jsonb NOT NULL,
	"payload" jsonb
);
--> statement-breakpoint
CREATE INDEX "rejected_webhooks_shop_idx" ON "rejected_webhooks" USING btree ("shop");
