-- Issue 15: the calculate step's daily summary was rebuilt after every sync and read by nothing (every report
-- reads the facts and their rollups with per-day coverage). Dropped with its rebuild.
DROP TABLE IF EXISTS "brand_daily_summary";
