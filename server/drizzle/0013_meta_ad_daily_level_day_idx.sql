-- A level's rows of an account over a range (campaigns and ad sets of the Meta screens: campaign analysis, interest
-- analysis) without walking every entity's two years: the primary key leads with the entity, so a date range was
-- a scan of the level's whole history.
CREATE INDEX IF NOT EXISTS "meta_ad_daily_level_day_idx" ON "meta_ad_daily" USING btree ("brand_id","account_id","level","date");
