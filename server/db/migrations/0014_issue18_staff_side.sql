CREATE TABLE "blog_post_versions" (
	"post_id" integer NOT NULL,
	"language" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_post_versions_post_id_language_pk" PRIMARY KEY("post_id","language"),
	CONSTRAINT "blog_post_versions_language_check" CHECK ("blog_post_versions"."language" in ('en', 'fr', 'ar', 'am'))
);
--> statement-breakpoint
CREATE TABLE "blog_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"original_language" text NOT NULL,
	"cover_storage_key" text,
	"cover_widths" integer[],
	"cover_alt" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"author_id" uuid,
	"status" text DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_posts_slug_unique" UNIQUE("slug"),
	CONSTRAINT "blog_posts_status_check" CHECK ("blog_posts"."status" in ('draft', 'published')),
	CONSTRAINT "blog_posts_language_check" CHECK ("blog_posts"."original_language" in ('en', 'fr', 'ar', 'am')),
	CONSTRAINT "blog_posts_published_check" CHECK ("blog_posts"."status" = 'draft' or "blog_posts"."publish_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "contact_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"thread_id" integer NOT NULL,
	"author" text NOT NULL,
	"staff_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_entries_author_check" CHECK ("contact_entries"."author" in ('sender', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "contact_threads" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"kind" text NOT NULL,
	"topic" text,
	"event_id" integer,
	"related_reference" text,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"user_id" uuid,
	"language" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_threads_kind_check" CHECK ("contact_threads"."kind" in ('site', 'organizer')),
	CONSTRAINT "contact_threads_status_check" CHECK ("contact_threads"."status" in ('open', 'answered', 'closed')),
	CONSTRAINT "contact_threads_topic_check" CHECK ("contact_threads"."topic" is null or "contact_threads"."topic" in ('buyer_help', 'organizer_help', 'press', 'partnership', 'problem')),
	CONSTRAINT "contact_threads_language_check" CHECK ("contact_threads"."language" in ('en', 'fr', 'ar', 'am'))
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"reason" text NOT NULL,
	"details" text,
	"reporter_id" uuid,
	"client_hash" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_subject_type_check" CHECK ("reports"."subject_type" in ('event', 'review', 'photo')),
	CONSTRAINT "reports_reason_check" CHECK ("reports"."reason" in ('scam', 'misleading', 'hateful', 'spam', 'prohibited', 'other')),
	CONSTRAINT "reports_status_check" CHECK ("reports"."status" in ('open', 'dismissed', 'actioned'))
);
--> statement-breakpoint
CREATE TABLE "sponsor_accounts" (
	"sponsor_id" integer PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_sponsors" ADD COLUMN "status" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "event_sponsors" ADD COLUMN "requested_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "event_sponsors" ADD COLUMN "decided_by" uuid;--> statement-breakpoint
ALTER TABLE "event_sponsors" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "blog_post_versions" ADD CONSTRAINT "blog_post_versions_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_entries" ADD CONSTRAINT "contact_entries_thread_id_contact_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."contact_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_entries" ADD CONSTRAINT "contact_entries_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_threads" ADD CONSTRAINT "contact_threads_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_threads" ADD CONSTRAINT "contact_threads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsor_accounts" ADD CONSTRAINT "sponsor_accounts_sponsor_id_sponsors_id_fk" FOREIGN KEY ("sponsor_id") REFERENCES "public"."sponsors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsor_accounts" ADD CONSTRAINT "sponsor_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blog_posts_public_idx" ON "blog_posts" USING btree ("status","publish_at");--> statement-breakpoint
CREATE INDEX "blog_posts_tags_idx" ON "blog_posts" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "contact_entries_thread_idx" ON "contact_entries" USING btree ("thread_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_threads_reference_key" ON "contact_threads" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "contact_threads_kind_status_idx" ON "contact_threads" USING btree ("kind","status","updated_at");--> statement-breakpoint
CREATE INDEX "contact_threads_email_idx" ON "contact_threads" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "contact_threads_event_idx" ON "contact_threads" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "reports_subject_idx" ON "reports" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "reports_status_created_idx" ON "reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_per_reporter_idx" ON "reports" USING btree ("subject_type","subject_id","reporter_id") WHERE "reports"."status" = 'open' and "reports"."reporter_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_per_client_idx" ON "reports" USING btree ("subject_type","subject_id","client_hash") WHERE "reports"."status" = 'open' and "reports"."reporter_id" is null;--> statement-breakpoint
CREATE INDEX "sponsor_accounts_user_idx" ON "sponsor_accounts" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "event_sponsors" ADD CONSTRAINT "event_sponsors_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_sponsors_sponsor_status_idx" ON "event_sponsors" USING btree ("sponsor_id","status");--> statement-breakpoint
ALTER TABLE "event_sponsors" ADD CONSTRAINT "event_sponsors_status_check" CHECK ("event_sponsors"."status" in ('pending', 'approved', 'declined'));