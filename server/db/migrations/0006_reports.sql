CREATE TABLE "conversation_activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"conversation_id" integer NOT NULL,
	"type" varchar(16) NOT NULL,
	"reason" varchar(32),
	"user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_daily" (
	"team_id" integer NOT NULL,
	"day" date NOT NULL,
	"bot_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"figures" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_daily_team_id_day_bot_id_channel_id_pk" PRIMARY KEY("team_id","day","bot_id","channel_id")
);
--> statement-breakpoint
CREATE TABLE "report_dirty_days" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"day" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "timezone" varchar(64) DEFAULT 'Asia/Jakarta' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_activities" ADD CONSTRAINT "conversation_activities_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_activities" ADD CONSTRAINT "conversation_activities_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_activities" ADD CONSTRAINT "conversation_activities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_daily" ADD CONSTRAINT "report_daily_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_daily" ADD CONSTRAINT "report_daily_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_activities_conversation_id_index" ON "conversation_activities" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE INDEX "conversation_activities_team_id_at_index" ON "conversation_activities" USING btree ("team_id","at");--> statement-breakpoint
CREATE INDEX "report_dirty_days_team_id_day_index" ON "report_dirty_days" USING btree ("team_id","day");--> statement-breakpoint
-- The day of a moment in a team's time zone: what reports (server/reports) count it under.
CREATE FUNCTION report_day(team integer, moment timestamptz) RETURNS date LANGUAGE sql STABLE AS $$
  SELECT (moment AT TIME ZONE coalesce((SELECT timezone FROM teams WHERE id = team), 'UTC'))::date
$$;--> statement-breakpoint
CREATE FUNCTION mark_report_day(team integer, moment timestamptz) RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_dirty_days (team_id, day) VALUES (team, report_day(team, moment))
$$;--> statement-breakpoint
-- A conversation's state changes leave an activity (a handoff stays a handoff after a hand-back,
-- a resolution stays one after a reopen), timed by the row's own handoff_at / resolved_at or, for
-- the others, by updated_at (every update the application makes sets it); and any change that
-- reports count marks the day the conversation started.
CREATE FUNCTION conversation_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO conversation_activities (team_id, conversation_id, type, at)
      VALUES (NEW.team_id, NEW.id, 'opened', NEW.created_at);
    IF NEW.state = 'queued' THEN
      INSERT INTO conversation_activities (team_id, conversation_id, type, reason, at)
        VALUES (NEW.team_id, NEW.id, 'handoff', NEW.handoff_reason, coalesce(NEW.handoff_at, NEW.created_at));
    END IF;
  ELSIF NEW.state IS DISTINCT FROM OLD.state THEN
    IF OLD.state = 'resolved' THEN
      INSERT INTO conversation_activities (team_id, conversation_id, type, at)
        VALUES (NEW.team_id, NEW.id, 'reopened', NEW.updated_at);
    END IF;
    IF NEW.state = 'queued' THEN
      INSERT INTO conversation_activities (team_id, conversation_id, type, reason, at)
        VALUES (NEW.team_id, NEW.id, 'handoff', NEW.handoff_reason, coalesce(NEW.handoff_at, NEW.updated_at));
    ELSIF NEW.state = 'human' THEN
      INSERT INTO conversation_activities (team_id, conversation_id, type, user_id, at)
        VALUES (NEW.team_id, NEW.id, 'taken', NEW.assignee_id, NEW.updated_at);
    ELSIF NEW.state = 'bot' AND OLD.state <> 'resolved' THEN
      INSERT INTO conversation_activities (team_id, conversation_id, type, at)
        VALUES (NEW.team_id, NEW.id, 'handed_back', NEW.updated_at);
    ELSIF NEW.state = 'resolved' THEN
      INSERT INTO conversation_activities (team_id, conversation_id, type, reason, user_id, at)
        VALUES (NEW.team_id, NEW.id, 'resolved', NEW.resolved_by,
          CASE WHEN NEW.resolved_by = 'human' THEN NEW.assignee_id END, coalesce(NEW.resolved_at, NEW.updated_at));
    END IF;
  END IF;
  PERFORM mark_report_day(NEW.team_id, NEW.created_at);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER conversations_report_insert AFTER INSERT ON conversations
  FOR EACH ROW EXECUTE FUNCTION conversation_changed();--> statement-breakpoint
CREATE TRIGGER conversations_report_update
  AFTER UPDATE OF state, bot_id, channel_id, contact_id, first_bot_reply_at, first_human_reply_at, handoff_at,
    resolved_at, csat_score ON conversations
  FOR EACH ROW EXECUTE FUNCTION conversation_changed();--> statement-breakpoint
CREATE FUNCTION message_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM mark_report_day(NEW.team_id, NEW.created_at);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER messages_report_insert AFTER INSERT ON messages
  FOR EACH ROW EXECUTE FUNCTION message_changed();--> statement-breakpoint
CREATE TRIGGER messages_report_update
  AFTER UPDATE OF status, sender, kind, ai, feedback, conversation_id ON messages
  FOR EACH ROW EXECUTE FUNCTION message_changed();
