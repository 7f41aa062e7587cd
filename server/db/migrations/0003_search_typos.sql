-- Typo tolerance that an index can answer (hand-written: drizzle-kit does not write generated tsvector
-- columns, triggers with transition tables or pg_trgm operator classes). Works on PostgreSQL 15+ and
-- on PGlite.
--
-- Until now a search also matched every event whose keywords were within pg_trgm word similarity 0.4
-- of the query. No index answers that exactly: the trigram index only narrows the candidates, and each
-- candidate row then costs a word_similarity() call (~15 µs), thousands of them for a common word.
-- Instead each word of a query is looked up in `search_words`, the distinct words of events' keywords
-- (title, venue, city, state, category, organizer), and the words within similarity 0.4 of it become
-- alternatives in a full-text query over the keywords alone: "jaz nigts" also matches
-- ('jaz' | 'jazz') & ('nigts' | 'night' | 'nights') against `search_keywords_vector`. Both are GIN
-- lookups with statistics the planner can use (see event-search.ts).
ALTER TABLE "events" ADD COLUMN "search_keywords_vector" tsvector GENERATED ALWAYS AS (
  to_tsvector('simple', immutable_unaccent(lower("search_keywords")))
) STORED;
--> statement-breakpoint
CREATE INDEX "events_search_keywords_vector_idx" ON "events" USING gin ("search_keywords_vector");
--> statement-breakpoint
CREATE TABLE "search_words" ("word" text PRIMARY KEY);
--> statement-breakpoint
CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_words_collect() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- In sorted order, so two transactions adding the same new words lock them in the same order.
  INSERT INTO search_words (word)
    SELECT DISTINCT word FROM new_events n, unnest(tsvector_to_array(n.search_keywords_vector)) AS word
    ORDER BY word
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Once per statement, over all its rows: a bulk insert costs one pass, not one per event. Words of
-- events since renamed or deleted stay; they only ever widen a search to a word no event has.
CREATE TRIGGER "events_search_words_insert" AFTER INSERT ON "events"
  REFERENCING NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION search_words_collect();
--> statement-breakpoint
CREATE TRIGGER "events_search_words_update" AFTER UPDATE ON "events"
  REFERENCING NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION search_words_collect();
--> statement-breakpoint
INSERT INTO "search_words" ("word")
  SELECT DISTINCT word FROM events e, unnest(tsvector_to_array(e.search_keywords_vector)) AS word
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Searches no longer compare keywords by trigrams; ranking still does, on a few hundred rows at most.
DROP INDEX "events_search_keywords_trgm_idx";
