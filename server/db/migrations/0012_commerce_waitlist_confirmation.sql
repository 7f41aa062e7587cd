ALTER TABLE "waitlist_entries" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "confirm_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_confirm_token_hash_unique" UNIQUE("confirm_token_hash");--> statement-breakpoint
-- Places taken before confirmation existed keep their turn.
UPDATE "waitlist_entries" SET "confirmed_at" = "created_at";