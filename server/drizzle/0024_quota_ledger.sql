CREATE TABLE "quota_budgets" (
	"platform" text NOT NULL,
	"budget_key" text NOT NULL,
	"period" text NOT NULL,
	"capacity" double precision NOT NULL,
	"restore_per_second" double precision DEFAULT 0 NOT NULL,
	"used" double precision NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"refused" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "quota_budgets_platform_budget_key_pk" PRIMARY KEY("platform","budget_key"),
	CONSTRAINT "quota_budgets_period_check" CHECK ("quota_budgets"."period" in ('pacific_day', 'hour', 'leaky', 'concurrent'))
);
