ALTER TABLE "teams" ADD COLUMN "first_reply_target_minutes" integer;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "next_reply_target_minutes" integer;