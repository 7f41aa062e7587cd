-- Full-text and typo-tolerant search over events (hand-written: drizzle-kit does not write extensions,
-- triggers or generated tsvector columns). Works on PostgreSQL 15+ and on PGlite.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- unaccent() is only STABLE because it reads a dictionary; naming the dictionary makes it safe to
-- treat as IMMUTABLE, which indexes and generated columns require.
CREATE OR REPLACE FUNCTION immutable_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
--> statement-breakpoint
-- The short words people search for: title, venue, city, category and organizer, kept by a trigger.
ALTER TABLE "events" ADD COLUMN "search_keywords" text NOT NULL DEFAULT '';
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('simple', immutable_unaccent(lower("search_keywords"))), 'A') ||
  setweight(to_tsvector('simple', immutable_unaccent(lower("description"))), 'B')
) STORED;
--> statement-breakpoint
CREATE INDEX "events_search_vector_idx" ON "events" USING gin ("search_vector");
--> statement-breakpoint
CREATE INDEX "events_search_keywords_trgm_idx" ON "events" USING gin (immutable_unaccent(lower("search_keywords")) gin_trgm_ops);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION events_search_keywords() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_keywords := concat_ws(' ',
    NEW.title,
    (SELECT concat_ws(' ', v.name, v.city, v.state) FROM venues v WHERE v.id = NEW.venue_id),
    (SELECT c.name FROM categories c WHERE c.id = NEW.category_id),
    (SELECT p.name FROM profiles p WHERE p.user_id = NEW.organizer_id));
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "events_search_keywords" BEFORE INSERT OR UPDATE OF "title", "venue_id", "category_id", "organizer_id"
  ON "events" FOR EACH ROW EXECUTE FUNCTION events_search_keywords();
--> statement-breakpoint
-- When a venue, category or organizer is renamed, its events' keywords follow.
CREATE OR REPLACE FUNCTION events_search_keywords_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'venues' THEN
    UPDATE events SET title = title WHERE venue_id = NEW.id;
  ELSIF TG_TABLE_NAME = 'categories' THEN
    UPDATE events SET title = title WHERE category_id = NEW.id;
  ELSE
    UPDATE events SET title = title WHERE organizer_id = NEW.user_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "venues_search_refresh" AFTER UPDATE OF "name", "city", "state" ON "venues"
  FOR EACH ROW EXECUTE FUNCTION events_search_keywords_refresh();
--> statement-breakpoint
CREATE TRIGGER "categories_search_refresh" AFTER UPDATE OF "name" ON "categories"
  FOR EACH ROW EXECUTE FUNCTION events_search_keywords_refresh();
--> statement-breakpoint
CREATE TRIGGER "profiles_search_refresh" AFTER UPDATE OF "name" ON "profiles"
  FOR EACH ROW EXECUTE FUNCTION events_search_keywords_refresh();
--> statement-breakpoint
-- Events written before this migration get their keywords now.
UPDATE "events" SET "title" = "title";
