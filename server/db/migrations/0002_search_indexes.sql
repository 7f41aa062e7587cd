DROP INDEX "events_category_idx";--> statement-breakpoint
DROP INDEX "events_venue_idx";--> statement-breakpoint
CREATE INDEX "events_category_starts_at_idx" ON "events" USING btree ("category_id","starts_at");--> statement-breakpoint
CREATE INDEX "events_language_starts_at_idx" ON "events" USING btree ("language","starts_at");--> statement-breakpoint
CREATE INDEX "events_venue_starts_at_idx" ON "events" USING btree ("venue_id","starts_at");--> statement-breakpoint
CREATE INDEX "events_published_period_idx" ON "events" USING gist (tstzrange("starts_at", "ends_at")) WHERE "events"."status" = 'published';