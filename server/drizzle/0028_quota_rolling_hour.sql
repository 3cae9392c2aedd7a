ALTER TABLE "quota_budgets" ADD COLUMN "in_flight" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quota_budgets" DROP CONSTRAINT "quota_budgets_period_check";--> statement-breakpoint
ALTER TABLE "quota_budgets" ADD CONSTRAINT "quota_budgets_period_check" CHECK ("quota_budgets"."period" in ('pacific_day', 'hour', 'rolling_hour', 'leaky', 'concurrent'));
