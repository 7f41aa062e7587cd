CREATE TABLE "otp_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"one_time_token_id" uuid,
	"kind" text NOT NULL,
	"salt" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "otp_codes_kind_check" CHECK ("otp_codes"."kind" in ('signup', 'magiclink', 'recovery', 'reauthentication'))
);
--> statement-breakpoint
ALTER TABLE "otp_codes" ADD CONSTRAINT "otp_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otp_codes" ADD CONSTRAINT "otp_codes_one_time_token_id_one_time_tokens_id_fk" FOREIGN KEY ("one_time_token_id") REFERENCES "public"."one_time_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "otp_codes_user_kind_idx" ON "otp_codes" USING btree ("user_id","kind");--> statement-breakpoint
CREATE INDEX "otp_codes_one_time_token_idx" ON "otp_codes" USING btree ("one_time_token_id");