CREATE TABLE "event_plan_tasks" (
	"plan_id" integer NOT NULL,
	"task_key" text NOT NULL,
	"due_on" date NOT NULL,
	"done_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	CONSTRAINT "event_plan_tasks_plan_id_task_key_pk" PRIMARY KEY("plan_id","task_key")
);
--> statement-breakpoint
CREATE TABLE "event_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"title" text NOT NULL,
	"input" jsonb NOT NULL,
	"budget_lines" jsonb NOT NULL,
	"event_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "matchmaker_answers" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"answers" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "email_planning" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "event_plan_tasks" ADD CONSTRAINT "event_plan_tasks_plan_id_event_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."event_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_plans" ADD CONSTRAINT "event_plans_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_plans" ADD CONSTRAINT "event_plans_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matchmaker_answers" ADD CONSTRAINT "matchmaker_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_plan_tasks_due_idx" ON "event_plan_tasks" USING btree ("due_on");--> statement-breakpoint
CREATE INDEX "event_plans_owner_idx" ON "event_plans" USING btree ("owner_id");