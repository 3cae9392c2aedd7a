CREATE TABLE "help_desk_connection" (
	"provider" text PRIMARY KEY NOT NULL,
	"grant_id" uuid,
	"org_id" text NOT NULL,
	"org_name" text NOT NULL,
	"connected_by" uuid,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "help_desk_connection" ADD CONSTRAINT "help_desk_connection_grant_id_platform_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."platform_grants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_desk_connection" ADD CONSTRAINT "help_desk_connection_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "support_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"subject" text NOT NULL,
	"brand" text NOT NULL,
	"department_id" text NOT NULL,
	"description" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text,
	"email" text NOT NULL,
	"contact_email" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"zoho_ticket_id" text,
	"ticket_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_tickets_status_idx" ON "support_tickets" USING btree ("status","created_at");--> statement-breakpoint
CREATE TABLE "tutorial_completions" (
	"user_id" uuid NOT NULL,
	"tutorial_id" text NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tutorial_completions_user_id_tutorial_id_pk" PRIMARY KEY("user_id","tutorial_id")
);
--> statement-breakpoint
ALTER TABLE "tutorial_completions" ADD CONSTRAINT "tutorial_completions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "brand_subscriptions" (
	"brand_id" uuid PRIMARY KEY NOT NULL,
	"shop" text NOT NULL,
	"plan" text NOT NULL,
	"status" text NOT NULL,
	"charge_id" text NOT NULL,
	"trial_ends_on" timestamp with time zone,
	"billing_on" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "brand_subscriptions" ADD CONSTRAINT "brand_subscriptions_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "brand_subscriptions_shop_idx" ON "brand_subscriptions" USING btree ("shop","charge_id");
