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
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reports_subject_idx" ON "reports" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "reports_status_created_idx" ON "reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_per_reporter_idx" ON "reports" USING btree ("subject_type","subject_id","reporter_id") WHERE "reports"."status" = 'open' and "reports"."reporter_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_per_client_idx" ON "reports" USING btree ("subject_type","subject_id","client_hash") WHERE "reports"."status" = 'open' and "reports"."reporter_id" is null;