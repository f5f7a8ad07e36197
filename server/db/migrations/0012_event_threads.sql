ALTER TABLE "channel_events" ADD COLUMN "thread" varchar(255);--> statement-breakpoint
CREATE INDEX "channel_events_thread_received_index" ON "channel_events" USING btree ("channel_id","thread","id") WHERE "channel_events"."status" = 'received';--> statement-breakpoint
-- A team's conversation numbers come from a sequence of its own (as Chatwoot's display ids do), so
-- that conversations of one team can be opened by transactions running at once: `max(number) + 1`
-- made each wait for the one before it to commit. A sequence does not roll back, so a number may be
-- skipped; the unique index on (team_id, number) still holds. The sequence is made on a team's
-- first conversation after this migration, starting after the numbers the team already has.
CREATE FUNCTION next_conversation_number(team integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  name text := 'conversation_numbers_' || team;
BEGIN
  BEGIN
    RETURN nextval(name::regclass);
  EXCEPTION WHEN undefined_table THEN
    -- Two first conversations at once: the second waits here for the first to commit its sequence.
    PERFORM pg_advisory_xact_lock(1668247156, team);
    IF to_regclass(name) IS NULL THEN
      EXECUTE format('CREATE SEQUENCE %I', name);
      PERFORM setval(name::regclass, coalesce((SELECT max(number) FROM conversations WHERE team_id = team), 0) + 1, false);
    END IF;
    RETURN nextval(name::regclass);
  END;
END
$$;--> statement-breakpoint
CREATE FUNCTION drop_conversation_numbers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('DROP SEQUENCE IF EXISTS %I', 'conversation_numbers_' || OLD.id);
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER teams_drop_conversation_numbers AFTER DELETE ON teams FOR EACH ROW EXECUTE FUNCTION drop_conversation_numbers();
