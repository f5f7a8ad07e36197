-- Reports gained "Reply time (human)" (server/reports/rollup.ts, waitedFor): each day on which a
-- person replied to a customer is marked for the workers to roll up again, so that the days stored
-- before it hold the new histogram too. One mark per (team, day); the workers' sweep takes them.
INSERT INTO report_dirty_days (team_id, day)
  SELECT DISTINCT m.team_id, (m.created_at AT TIME ZONE coalesce(t.timezone, 'UTC'))::date
  FROM messages m
  JOIN teams t ON t.id = m.team_id
  WHERE m.sender = 'agent' AND m.kind NOT IN ('note', 'event');
