CREATE TABLE "event_promoters" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"user_id" uuid,
	"invited_email" text,
	"code" text NOT NULL,
	"commission_bps" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	CONSTRAINT "event_promoters_status_check" CHECK ("event_promoters"."status" in ('invited', 'active')),
	CONSTRAINT "event_promoters_commission_check" CHECK ("event_promoters"."commission_bps" between 0 and 10000),
	CONSTRAINT "event_promoters_active_check" CHECK ("event_promoters"."status" = 'invited' or "event_promoters"."user_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "order_attributions" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"share_code" text,
	"promoter_id" integer,
	"commission_bps" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promoter_clicks" (
	"id" serial PRIMARY KEY NOT NULL,
	"promoter_id" integer NOT NULL,
	"visitor_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promoter_listings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promoter_programs" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"join_code" text NOT NULL,
	"commission_bps" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promoter_programs_commission_check" CHECK ("promoter_programs"."commission_bps" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "event_promoters" ADD CONSTRAINT "event_promoters_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_promoters" ADD CONSTRAINT "event_promoters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_attributions" ADD CONSTRAINT "order_attributions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_attributions" ADD CONSTRAINT "order_attributions_share_code_share_links_code_fk" FOREIGN KEY ("share_code") REFERENCES "public"."share_links"("code") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_attributions" ADD CONSTRAINT "order_attributions_promoter_id_event_promoters_id_fk" FOREIGN KEY ("promoter_id") REFERENCES "public"."event_promoters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promoter_clicks" ADD CONSTRAINT "promoter_clicks_promoter_id_event_promoters_id_fk" FOREIGN KEY ("promoter_id") REFERENCES "public"."event_promoters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promoter_listings" ADD CONSTRAINT "promoter_listings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promoter_programs" ADD CONSTRAINT "promoter_programs_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_promoters_code_key" ON "event_promoters" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "event_promoters_event_user_key" ON "event_promoters" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_promoters_event_email_key" ON "event_promoters" USING btree ("event_id","invited_email");--> statement-breakpoint
CREATE INDEX "event_promoters_user_idx" ON "event_promoters" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "order_attributions_share_idx" ON "order_attributions" USING btree ("share_code");--> statement-breakpoint
CREATE INDEX "order_attributions_promoter_idx" ON "order_attributions" USING btree ("promoter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promoter_clicks_promoter_visitor_key" ON "promoter_clicks" USING btree ("promoter_id","visitor_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "promoter_programs_join_code_key" ON "promoter_programs" USING btree ("join_code");