CREATE TABLE "co_organizer_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" integer NOT NULL,
	"email" text NOT NULL,
	"invited_by" uuid NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "co_organizer_invitations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "co_organizer_invitations_language_check" CHECK ("co_organizer_invitations"."language" in ('en', 'fr', 'ar', 'am'))
);
--> statement-breakpoint
ALTER TABLE "co_organizer_invitations" ADD CONSTRAINT "co_organizer_invitations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "co_organizer_invitations" ADD CONSTRAINT "co_organizer_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "co_organizer_invitations_event_idx" ON "co_organizer_invitations" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "co_organizer_invitations_inviter_idx" ON "co_organizer_invitations" USING btree ("invited_by","created_at");