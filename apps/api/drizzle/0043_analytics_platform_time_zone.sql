-- Analytics & Reports count their days and months in the platform's time zone (PLATFORM_TIME_ZONE in
-- packages/shared/src/time-zones.ts), as storage days, fees and invoices count in the store's: a parcel bought at
-- 8 pm in Los Angeles counts on that evening's day, not on the next UTC day. The rollup and the live queries both
-- call this function, so replacing its body moves both.
CREATE OR REPLACE FUNCTION analytics_day(at timestamptz) RETURNS date
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT (at AT TIME ZONE 'America/Los_Angeles')::date $$;
--> statement-breakpoint
-- The rollup's rows were summed by UTC day: forget the last refresh, so every figure is read live until the next
-- refresh sums them again by the new days.
DELETE FROM "analytics_refresh";
