CREATE TABLE "newsletter_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"token_hash" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_subscriptions_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "newsletter_subscriptions_language_check" CHECK ("newsletter_subscriptions"."language" in ('en', 'fr', 'ar', 'am'))
);
--> statement-breakpoint
CREATE TABLE "promotion_campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" integer NOT NULL,
	"organizer_id" uuid NOT NULL,
	"types" text[] NOT NULL,
	"days" smallint NOT NULL,
	"budget_cents" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"payment_provider" text,
	"payment_reference" text,
	"card_brand" text,
	"card_last4" text,
	"paid_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"attempt_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_campaigns_time_order_check" CHECK ("promotion_campaigns"."ends_at" > "promotion_campaigns"."starts_at"),
	CONSTRAINT "promotion_campaigns_days_check" CHECK ("promotion_campaigns"."days" between 1 and 90),
	CONSTRAINT "promotion_campaigns_price_check" CHECK ("promotion_campaigns"."price_cents" >= 0 and "promotion_campaigns"."price_cents" <= "promotion_campaigns"."budget_cents")
);
--> statement-breakpoint
CREATE TABLE "scheduled_tasks" (
	"name" text PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organizer_reputations" ADD COLUMN "events_held" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "organizer_reputations" ADD COLUMN "tickets_sold" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "organizer_reputations" ADD COLUMN "tickets_checked_in" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "organizer_reputations" ADD COLUMN "events_cancelled" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "receives_digest" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "campaign_id" uuid;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "sales_start_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "sales_end_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "promotion_campaigns" ADD CONSTRAINT "promotion_campaigns_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_campaigns" ADD CONSTRAINT "promotion_campaigns_organizer_id_users_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscriptions_email_key" ON "newsletter_subscriptions" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "promotion_campaigns_organizer_idx" ON "promotion_campaigns" USING btree ("organizer_id","created_at");--> statement-breakpoint
CREATE INDEX "promotion_campaigns_event_idx" ON "promotion_campaigns" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_campaigns_attempt_key" ON "promotion_campaigns" USING btree ("organizer_id","attempt_key");--> statement-breakpoint
CREATE INDEX "promotion_campaigns_payment_idx" ON "promotion_campaigns" USING btree ("payment_provider","payment_reference");--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_campaign_id_promotion_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."promotion_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promotions_campaign_idx" ON "promotions" USING btree ("campaign_id");--> statement-breakpoint
ALTER TABLE "ticket_types" ADD CONSTRAINT "ticket_types_sales_window_check" CHECK ("ticket_types"."sales_start_at" is null or "ticket_types"."sales_end_at" is null or "ticket_types"."sales_end_at" > "ticket_types"."sales_start_at");