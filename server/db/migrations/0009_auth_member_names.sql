-- Issue 16: an account made without a name (a magic link to a new address, an API sign-up without
-- data.name) was given the part of its address before the @ as its public name, published on its
-- profile, reviews and events. Such names become the neutral word for "Member" in the account's
-- language (domain/profile.ts UNNAMED_MEMBER_NAME), which new accounts now get; the owner can change it.
UPDATE "profiles" SET
	"name" = CASE "profiles"."preferred_language"
		WHEN 'fr' THEN 'Membre'
		WHEN 'ar' THEN 'عضو'
		WHEN 'am' THEN 'አባል'
		ELSE 'Member'
	END,
	"updated_at" = now()
FROM "users"
WHERE "users"."id" = "profiles"."user_id"
	AND lower("profiles"."name") = lower(split_part("users"."email", '@', 1));
