ALTER TABLE "channel_events" ADD COLUMN "thread" varchar(255);--> statement-breakpoint
CREATE INDEX "channel_events_thread_received_index" ON "channel_events" USING btree ("channel_id","thread","id") WHERE "channel_events"."status" = 'received';--> statement-breakpoint
-- A team's conversation numbers come from a sequence of its own (as Chatwoot's display ids do), so
-- that conversations of one team can be opened by transactions running at once: `max(number) + 1`
-- made each wait for the one before it to commit. A sequence does not roll back, so a number may be
-- skipped; the unique index on (team_id, number) still holds. Each team's sequence is made with the
-- team (a trigger), never by a conversation: creating it then raced between transactions.
CREATE FUNCTION create_conversation_numbers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('CREATE SEQUENCE IF NOT EXISTS %I', 'conversation_numbers_' || NEW.id);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER teams_create_conversation_numbers AFTER INSERT ON teams FOR EACH ROW EXECUTE FUNCTION create_conversation_numbers();--> statement-breakpoint
DO $$
DECLARE
  team record;
BEGIN
  FOR team IN SELECT id FROM teams LOOP
    EXECUTE format('CREATE SEQUENCE IF NOT EXISTS %I', 'conversation_numbers_' || team.id);
    PERFORM setval(('conversation_numbers_' || team.id)::regclass,
                   coalesce((SELECT max(number) FROM conversations WHERE team_id = team.id), 0) + 1, false);
  END LOOP;
END
$$;--> statement-breakpoint
CREATE FUNCTION next_conversation_number(team integer) RETURNS integer LANGUAGE sql AS $$
  SELECT nextval(('conversation_numbers_' || team)::regclass)::integer
$$;--> statement-breakpoint
CREATE FUNCTION drop_conversation_numbers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('DROP SEQUENCE IF EXISTS %I', 'conversation_numbers_' || OLD.id);
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER teams_drop_conversation_numbers AFTER DELETE ON teams FOR EACH ROW EXECUTE FUNCTION drop_conversation_numbers();
