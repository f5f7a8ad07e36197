-- The report triggers' mark of a changed day, planned once per connection instead of at every call.
-- A LANGUAGE sql function called from another function is parsed and planned again each time it
-- runs (PostgreSQL caches no plan for it), and a turn of a conversation fires the triggers six times
-- (its message, the reply begun, finished and sent, the conversation opened and answered): their
-- planning was a tenth of the server's time a turn (pg_stat_statements' plan time, bench/pipeline,
-- decision 015). PL/pgSQL keeps each statement's plan for the session. The same row as before.
CREATE OR REPLACE FUNCTION mark_report_day(team integer, moment timestamptz) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_dirty_days (team_id, day)
    SELECT team, (moment AT TIME ZONE coalesce((SELECT timezone FROM teams WHERE id = team), 'UTC'))::date;
END
$$;
