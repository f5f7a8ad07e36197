-- AI credits reserved in one statement (docs/decisions/018-billing.md): the team's counter for the
-- period (else a credit pack), the bot's counter within its monthly cap, the contact's counter for
-- the day within the plan's cap, and the usage event under its idempotency key; any refusal or a
-- key seen before undoes the block (a savepoint) and says which.
CREATE FUNCTION reserve_ai_credits(
  p_team integer, p_key varchar, p_credits integer, p_bot integer, p_contact integer, p_model varchar,
  p_source varchar, p_period_start timestamptz, p_period_end timestamptz, p_quota integer,
  p_day_start timestamptz, p_day_end timestamptz, p_contact_cap integer, p_now timestamptz
) RETURNS TABLE (result text, counter_id integer, used integer, warned80 boolean, warned100 boolean)
LANGUAGE plpgsql AS $$
DECLARE
  v_counter integer;
  v_used integer;
  v_w80 boolean;
  v_w100 boolean;
  v_pack integer;
  v_quantity integer := 0;
  v_pack_quantity integer := 0;
  v_row integer;
BEGIN
  -- A key seen before counts nothing, whatever the counters say now (a retried job after the quota ran out).
  IF EXISTS (SELECT 1 FROM usage_events WHERE idempotency_key = p_key) THEN
    RETURN QUERY SELECT 'seen'::text, NULL::integer, NULL::integer, NULL::boolean, NULL::boolean;
    RETURN;
  END IF;
  BEGIN
    INSERT INTO usage_counters (team_id, metric, scope, period_start, period_end, used)
      SELECT p_team, 'ai_credits', '', p_period_start, p_period_end, p_credits WHERE p_credits <= p_quota
      ON CONFLICT (team_id, metric, scope, period_start) DO UPDATE
        SET used = usage_counters.used + p_credits, updated_at = now()
        WHERE usage_counters.used + p_credits <= p_quota
      RETURNING id, usage_counters.used, warned_80_at IS NOT NULL, warned_100_at IS NOT NULL
      INTO v_counter, v_used, v_w80, v_w100;
    IF FOUND THEN
      v_quantity := p_credits;
    ELSE
      UPDATE credit_packs SET remaining = remaining - p_credits
        WHERE id = (
          SELECT id FROM credit_packs
          WHERE team_id = p_team AND remaining >= p_credits AND (expires_at IS NULL OR expires_at > p_now)
          ORDER BY expires_at ASC NULLS LAST, id ASC
          LIMIT 1
          FOR UPDATE SKIP LOCKED
        )
        RETURNING id INTO v_pack;
      IF NOT FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'KW001';
      END IF;
      v_pack_quantity := p_credits;
    END IF;
    IF p_bot IS NOT NULL THEN
      INSERT INTO usage_counters (team_id, metric, scope, period_start, period_end, used)
        SELECT p_team, 'ai_credits', 'bot:' || p_bot, p_period_start, p_period_end, p_credits
        WHERE (SELECT monthly_credit_cap FROM bots WHERE id = p_bot AND team_id = p_team) IS NULL
           OR p_credits <= (SELECT monthly_credit_cap FROM bots WHERE id = p_bot AND team_id = p_team)
        ON CONFLICT (team_id, metric, scope, period_start) DO UPDATE
          SET used = usage_counters.used + p_credits, updated_at = now()
          WHERE (SELECT monthly_credit_cap FROM bots WHERE id = p_bot AND team_id = p_team) IS NULL
             OR usage_counters.used + p_credits <= (SELECT monthly_credit_cap FROM bots WHERE id = p_bot AND team_id = p_team)
        RETURNING id INTO v_row;
      IF NOT FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'KW002';
      END IF;
    END IF;
    IF p_contact IS NOT NULL THEN
      INSERT INTO usage_counters (team_id, metric, scope, period_start, period_end, used)
        SELECT p_team, 'ai_credits', 'contact:' || p_contact, p_day_start, p_day_end, 1 WHERE 1 <= p_contact_cap
        ON CONFLICT (team_id, metric, scope, period_start) DO UPDATE
          SET used = usage_counters.used + 1, updated_at = now()
          WHERE usage_counters.used + 1 <= p_contact_cap
        RETURNING id INTO v_row;
      IF NOT FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'KW003';
      END IF;
    END IF;
    INSERT INTO usage_events (team_id, metric, idempotency_key, status, quantity, pack_quantity, pack_id,
        period_start, bot_id, contact_id, model, source, occurred_at)
      VALUES (p_team, 'ai_credits', p_key, 'reserved', v_quantity, v_pack_quantity, v_pack,
        p_period_start, p_bot, p_contact, p_model, p_source, p_now)
      ON CONFLICT (idempotency_key) DO NOTHING
      RETURNING id INTO v_row;
    IF NOT FOUND THEN
      RAISE EXCEPTION USING ERRCODE = 'KW004';
    END IF;
  EXCEPTION
    WHEN SQLSTATE 'KW001' THEN RETURN QUERY SELECT 'quota'::text, NULL::integer, NULL::integer, NULL::boolean, NULL::boolean; RETURN;
    WHEN SQLSTATE 'KW002' THEN RETURN QUERY SELECT 'bot_cap'::text, NULL::integer, NULL::integer, NULL::boolean, NULL::boolean; RETURN;
    WHEN SQLSTATE 'KW003' THEN RETURN QUERY SELECT 'contact_cap'::text, NULL::integer, NULL::integer, NULL::boolean, NULL::boolean; RETURN;
    WHEN SQLSTATE 'KW004' THEN RETURN QUERY SELECT 'seen'::text, NULL::integer, NULL::integer, NULL::boolean, NULL::boolean; RETURN;
  END;
  RETURN QUERY SELECT CASE WHEN v_pack IS NULL THEN 'quota_ok' ELSE 'pack_ok' END, v_counter, v_used, v_w80, v_w100;
END
$$;
