ALTER TABLE "books" ADD COLUMN "original_published_year" integer;--> statement-breakpoint
-- HAND-WRITTEN BACKFILL (issue 27, wt-stats; keep it when the migration is regenerated): sessions stored
-- before the pages-read rule hold whatever the client counted (an End jump counted 1,320 pages). Apply the
-- rule the server now applies to every posted session (contract honestSession, PagesReadRule 5 s a page):
-- seconds no more than the start-to-end span, pages no more than one per 5 of those seconds. Statistics,
-- goals and achievements are computed from these rows, so they all become honest at once.
UPDATE "reading_sessions" SET "time_spent" = least("time_spent", greatest(0, ceil(extract(epoch from ("end_time" - "start_time"))))::int)
WHERE "time_spent" > ceil(extract(epoch from ("end_time" - "start_time")));--> statement-breakpoint
UPDATE "reading_sessions" SET "pages_read" = "time_spent" / 5 WHERE "pages_read" > "time_spent" / 5;
