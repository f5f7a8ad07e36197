/**
 * The reports benchmark's team: one owner, two bots, four channels (web and Telegram with a bot,
 * two WhatsApp numbers, one without), a knowledge base of 50 sources and 200 chunks, then
 * `conversations` conversations and `messages` messages over the last `days` days written by bulk
 * SQL (generate_series), the way production writes them as far as reports can tell: the database
 * triggers of migration 0006 fire on every row (an 'opened' activity per conversation, a day mark
 * per conversation and per message), and the other activities (handoff, taken, resolved, reopened)
 * are inserted as the triggers would have written them. Numbers come from hashint4 of the row's
 * index, not random(), so two runs seed the same rows and no session state is needed.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import type { Services } from '../../server/services';
import { rowsOf } from '../../server/db/rows';
import { hashPassword } from '../../server/support/passwords';
import { createAccount } from '../../server/domain/auth/personal-team';
import { teamRepository } from '../../server/db/repositories/team-repository';
import { createBot } from '../../server/domain/bots/actions/create-bot';
import { channelRepository } from '../../server/db/repositories/channel-repository';
import { createKnowledge } from '../../server/domain/knowledges/actions/create-knowledge';
import { zonedDayStart } from '../../server/reports/zones';
import { dayAndHour } from '../../server/reports/compute';

export const owner = { name: 'Rani Kusuma', email: 'owner@reports.bench', password: 'password' };

export interface SeedScale {
  conversations: number;
  messages: number;
  days: number;
}

export interface SeededTeam {
  teamId: number;
  ownerId: number;
  timeZone: string;
  botIds: number[];
  channelIds: number[];
}

/** A uniform number in [0, 1) from an integer expression and a salt: the same for the same row. */
const u = (value: SQL, salt: number) =>
  sql`((hashint4((${value})::int * 31 + ${salt}) & 2147483647)::float8 / 2147483648.0)`;

export async function seedTeam(services: Services): Promise<SeededTeam> {
  const user = await createAccount(
    services.db,
    { name: owner.name, email: owner.email, password: await hashPassword(owner.password), emailVerifiedAt: new Date() },
    'Kopi Kenangan Bench',
  );
  const team = (await teamRepository(services.db).personalTeamOf(user.id))!;
  const actor = { userId: user.id, teamId: team.id, role: 'owner' as const };
  const knowledge = await createKnowledge(services, actor, { name: 'FAQ', description: '', language: 'indonesian' });
  const bots = [
    await createBot(services, actor, { name: 'Asisten Toko', knowledge_ids: [knowledge.id] }),
    await createBot(services, actor, { name: 'Asisten Promo', knowledge_ids: [knowledge.id] }),
  ];
  const channels = channelRepository(services.db, team.id);
  const secrets = services.encrypter.encrypt('{}');
  const channel = (type: 'web' | 'telegram' | 'whatsapp', name: string, botId: number | null, key: string) =>
    channels.create({ type, name, botId, publicKey: `bench-${key}-${team.id}`, secrets, createdBy: user.id });
  const created = [
    await channel('web', 'Website', bots[0].id, 'web'),
    await channel('telegram', 'Telegram', bots[1].id, 'telegram'),
    await channel('whatsapp', 'WhatsApp Toko', bots[0].id, 'wa1'),
    await channel('whatsapp', 'WhatsApp CS', null, 'wa2'),
  ];
  await services.db.execute(sql`
    insert into knowledge_sources (knowledge_id, team_id, type, title, text, status, chunk_count, ingested_generation)
    select ${knowledge.id}::int, ${team.id}::int, 'text', 'Sumber ' || g, 'Teks sumber ' || g, 'ready', 4, 1
    from generate_series(1, 50) g`);
  await services.db.execute(sql`
    insert into knowledge_chunks (knowledge_id, source_id, team_id, position, content, tokens, source_hash, ts_config)
    select ${knowledge.id}::int, s.id, ${team.id}::int, p, 'Potongan ' || p || ' dari ' || s.title, 40, md5(s.title || p), 'simple'::regconfig
    from knowledge_sources s cross join generate_series(0, 3) p
    where s.knowledge_id = ${knowledge.id}
    order by s.id, p`);
  return {
    teamId: team.id,
    ownerId: user.id,
    timeZone: team.timezone,
    botIds: bots.map((bot) => bot.id),
    channelIds: created.map((row) => row.id),
  };
}

/**
 * The conversations and messages. Per conversation: a channel (35 % web, 20 % Telegram, 30 % the
 * WhatsApp number with the bot, 15 % the one without), a start over the last `days` days (busier
 * around midday), a bot reply after 2–10 s, a handoff for 22 % of the bot's (reasons spread over
 * five) and every one without a bot, a person's reply for 90 % of those, a resolution by the bot,
 * a person or inactivity, 6 % reopened, ratings on a third of the resolved web ones. Messages
 * alternate customer and reply, `messages / conversations` a conversation; bot replies carry an AI
 * trace (answer 78 %, curated 12 %, fallback 10 %; two models; tokens; cost; one or two citations
 * of popular chunks), WhatsApp replies a delivery status, web replies a thumb now and then.
 */
export async function seedHistory(
  db: Database,
  team: SeededTeam,
  scale: SeedScale,
  now: Date,
  progress: (line: string) => void,
): Promise<void> {
  const perConversation = Math.max(2, Math.round(scale.messages / scale.conversations));
  const [web, telegram, whatsapp, whatsappPeople] = team.channelIds;
  const [botA, botB] = team.botIds;
  const today = zonedDayStart(dayAndHour(now, team.timeZone).day, team.timeZone);
  const [{ sources, chunks }] = rowsOf<{ sources: number; chunks: number }>(
    await db.execute(sql`select (select min(id) from knowledge_sources where team_id = ${team.teamId}::int) as sources,
      (select min(id) from knowledge_chunks where team_id = ${team.teamId}::int) as chunks`),
  );
  const [{ contacts }] = rowsOf<{ contacts: number }>(
    await db.execute(sql`select coalesce(max(id), 0)::int as contacts from contacts`),
  );
  const contactCount = Math.round(scale.conversations * 0.7);
  await db.execute(sql`
    insert into contacts (id, team_id, name, first_seen_at, last_seen_at)
    select ${contacts}::int + g, ${team.teamId}::int, 'Pelanggan ' || g, ${today}::timestamptz, ${today}::timestamptz
    from generate_series(1, ${contactCount}::int) g`);
  await db.execute(sql`select setval(pg_get_serial_sequence('contacts', 'id'), ${contacts + contactCount})`);

  // 1. The plan of each conversation, in a work table the later statements read.
  const g = sql`g`;
  await db.execute(sql`drop table if exists bench_plan`);
  await db.execute(sql`
    create table bench_plan as
    with base as (
      select g,
        ${u(g, 1)} as r_day, ${u(g, 2)} as r_hour1, ${u(g, 3)} as r_hour2, ${u(g, 4)} as r_second,
        ${u(g, 5)} as r_channel, ${u(g, 6)} as r_handoff, ${u(g, 7)} as r_reason, ${u(g, 8)} as r_wait,
        ${u(g, 9)} as r_latency, ${u(g, 10)} as r_human, ${u(g, 11)} as r_human_wait, ${u(g, 12)} as r_resolve,
        ${u(g, 13)} as r_reopen, ${u(g, 14)} as r_rate, ${u(g, 15)} as r_score, ${u(g, 16)} as r_later
      from generate_series(1, ${scale.conversations}::int) g
    ), timed as (
      select *,
        ${today}::timestamptz - floor(r_day * ${scale.days})::int * interval '1 day'
          + ((r_hour1 + r_hour2) * 12 * 3600 + r_second * 60) * interval '1 second' as raw_start,
        case when r_channel < 0.35 then ${web}::int when r_channel < 0.55 then ${telegram}::int
             when r_channel < 0.85 then ${whatsapp}::int else ${whatsappPeople}::int end as channel_id,
        case when r_channel < 0.35 then ${botA}::int when r_channel < 0.55 then ${botB}::int
             when r_channel < 0.85 then ${botA}::int end as bot_id,
        case when r_channel < 0.35 then 'web' when r_channel < 0.55 then 'telegram' else 'whatsapp' end as channel_type
      from base
    ), started as (
      select *,
        case when raw_start > ${now}::timestamptz - interval '2 hours' then raw_start - interval '1 day' else raw_start end as start,
        bot_id is null or r_handoff < 0.22 as handed,
        2 + r_latency * 8 as latency
      from timed
    ), handed as (
      select *,
        case when bot_id is null then start
             when handed then start + (170 + r_wait * 200) * interval '1 second' end as handoff_at,
        case when bot_id is null then null when handed then
          (array['user_request', 'keyword', 'repeated_fallback', 'low_confidence', 'offline'])[1 + floor(r_reason * 5)::int]
        end as handoff_reason,
        bot_id is null or (handed and r_human < 0.9) as human
      from started
    ), answered as (
      select *,
        case when human then handoff_at + (30 + power(r_human_wait, 3) * 7200) * interval '1 second' end as human_at
      from handed
    ), ended as (
      select *,
        coalesce(human_at + ${perConversation}::int * interval '1 minute', start + ${perConversation}::int * 25 * interval '1 second') as last_at,
        case when handed and human then (case when r_resolve < 0.85 then 'human' else 'auto_idle' end)
             when r_resolve < 0.45 and not handed then 'bot' else 'auto_idle' end as first_by
      from answered
    )
    select g, start, channel_id, bot_id, channel_type, latency, handoff_at, handoff_reason, human_at, last_at, first_by,
      case when first_by = 'auto_idle' then last_at + interval '24 hours'
           else last_at + (5 + r_later * 180) * interval '1 minute' end as first_resolved_at,
      r_reopen < 0.06 as reopened, r_rate, r_score, r_later
    from ended`);
  progress(`planned ${scale.conversations.toLocaleString('en')} conversations`);

  // 2. The conversations (the insert trigger writes 'opened' and marks each one's day).
  const [{ conversations }] = rowsOf<{ conversations: number }>(
    await db.execute(sql`select coalesce(max(id), 0)::int as conversations from conversations`),
  );
  const [{ numbered }] = rowsOf<{ numbered: number }>(
    await db.execute(
      sql`select coalesce(max(number), 0)::int as numbered from conversations where team_id = ${team.teamId}::int`,
    ),
  );
  const step = 20_000;
  for (let from = 1; from <= scale.conversations; from += step) {
    await db.execute(sql`
      insert into conversations (id, team_id, number, channel_id, bot_id, contact_id, thread_id, state, assignee_id,
        handoff_reason, handoff_at, first_bot_reply_at, first_human_reply_at, resolved_at, resolved_by, reopen_count,
        last_message_at, last_inbound_at, last_preview, inbound_count, bot_reply_count, human_reply_count,
        csat_score, csat_at, created_at, updated_at)
      select ${conversations}::int + g, ${team.teamId}::int, ${numbered}::int + g, channel_id, bot_id,
        ${contacts}::int + 1 + ((g::bigint * 7919) % ${contactCount}::int)::int, 'bench-' || g, 'resolved',
        case when human_at is not null then ${team.ownerId}::int end,
        handoff_reason, handoff_at, case when bot_id is not null then start + latency * interval '1 second' end, human_at,
        resolved_at, resolved_by, case when reopened then 1 else 0 end,
        last_at, last_at, 'Terima kasih kak', ${Math.ceil(perConversation / 2)}::int, 0, 0,
        case when channel_type = 'web' and r_rate < 0.33 then 1 + floor(power(r_score, 0.4) * 5)::int end,
        case when channel_type = 'web' and r_rate < 0.33 then resolved_at + interval '2 minutes' end,
        start, resolved_at
      from (
        select *,
          case when reopened then first_resolved_at + (1 + r_later * 4) * interval '1 day' + interval '1 hour' else first_resolved_at end as resolved_at,
          case when reopened then 'bot' else first_by end as resolved_by
        from bench_plan where g between ${from} and ${Math.min(scale.conversations, from + step - 1)}
      ) p
      order by g`);
  }
  await db.execute(
    sql`select setval(pg_get_serial_sequence('conversations', 'id'), ${conversations + scale.conversations})`,
  );
  progress('conversations written');

  // 3. The activities the triggers write on later changes, in the order they happened.
  const activity = (type: string, reason: SQL, userId: SQL, at: SQL, where: SQL) =>
    db.execute(sql`
      insert into conversation_activities (team_id, conversation_id, type, reason, user_id, at)
      select ${team.teamId}::int, ${conversations}::int + g, ${type}, ${reason}, ${userId}, ${at}
      from bench_plan where ${where} order by g`);
  await activity('handoff', sql`handoff_reason`, sql`null::int`, sql`handoff_at`, sql`handoff_at is not null`);
  await activity('taken', sql`null`, sql`${team.ownerId}::int`, sql`human_at`, sql`human_at is not null`);
  await activity(
    'resolved',
    sql`first_by`,
    sql`case when first_by = 'human' then ${team.ownerId}::int end`,
    sql`first_resolved_at`,
    sql`true`,
  );
  await activity(
    'reopened',
    sql`null`,
    sql`null::int`,
    sql`first_resolved_at + (1 + r_later * 4) * interval '1 day'`,
    sql`reopened`,
  );
  await activity(
    'resolved',
    sql`'bot'`,
    sql`null::int`,
    sql`first_resolved_at + (1 + r_later * 4) * interval '1 day' + interval '1 hour'`,
    sql`reopened`,
  );
  progress('activities written');

  // 4. The messages, in batches (each row's insert trigger marks its day).
  const batch = 100_000;
  const m = sql`m`;
  for (let from = 1; from <= scale.messages; from += batch) {
    const to = Math.min(scale.messages, from + batch - 1);
    await db.execute(sql`
      insert into messages (team_id, conversation_id, channel_id, direction, sender, sender_user_id, kind, text, status,
        sent_at, ai, feedback, created_at)
      select ${team.teamId}::int, ${conversations}::int + p.g, p.channel_id,
        case when inbound then 'inbound' else 'outbound' end,
        case when inbound then 'contact' when by_agent then 'agent' else 'bot' end,
        case when by_agent then ${team.ownerId}::int end,
        'text',
        case when inbound then 'Halo kak, mau tanya soal pesanan nomor ' || m || ' ya, terima kasih'
             else 'Baik Kak, pesanan ' || m || ' sudah kami cek dan akan dikirim hari ini sebelum pukul 17.00.' end,
        case when inbound then 'received'
             when p.channel_type <> 'whatsapp' then 'sent'
             when r1 < 0.7 then 'read' when r1 < 0.85 then 'delivered' when r1 < 0.95 then 'sent' else 'failed' end,
        case when not inbound then at end,
        case when not inbound and not by_agent then jsonb_build_object(
          'kind', case when r2 < 0.10 then 'fallback' when r2 < 0.22 then 'curated' else 'answer' end,
          'model', case when r2 < 0.22 then 'openai-compatible'
                        when at < ${now}::timestamptz - interval '120 days' then 'gpt-4o-mini' else 'gpt-4.1-mini' end,
          'version', 1,
          'promptTokens', case when r2 < 0.22 then 0 else 900 + floor(r3 * 1400)::int end,
          'completionTokens', case when r2 < 0.22 then 0 else 40 + floor(r4 * 130)::int end,
          'estimated', false,
          'latencyMs', 800 + floor(r3 * 2500)::int,
          'costUsd', case when r2 < 0.22 then 0 else round((0.0002 + r4 * 0.0006)::numeric, 6) end,
          'citations', case when r2 < 0.22 then '[]'::jsonb else jsonb_build_array(
              jsonb_build_object('marker', 1, 'passage', 1, 'chunkId', ${chunks}::int + k1, 'sourceId', ${sources}::int + k1 / 4, 'sourceTitle', 'Sumber'))
            || case when r3 < 0.4 then jsonb_build_array(
              jsonb_build_object('marker', 2, 'passage', 2, 'chunkId', ${chunks}::int + k2, 'sourceId', ${sources}::int + k2 / 4, 'sourceTitle', 'Sumber'))
               else '[]'::jsonb end end
        ) end,
        case when not inbound and not by_agent and p.channel_type = 'web' and r4 < 0.12 then (case when r1 < 0.8 then 1 else -1 end) end,
        at
      from (
        select m, (m - 1) / ${perConversation}::int + 1 as g, (m - 1) % ${perConversation}::int as position,
          ${u(m, 21)} as r1, ${u(m, 22)} as r2, ${u(m, 23)} as r3, ${u(m, 24)} as r4,
          floor(power(${u(m, 25)}, 2) * 200)::int as k1, floor(${u(m, 26)} * 200)::int as k2
        from generate_series(${from}::int, ${to}::int) m
      ) s
      join bench_plan p on p.g = s.g
      cross join lateral (
        select s.position % 2 = 0 as inbound,
          s.position % 2 = 1 and p.human_at is not null and (p.bot_id is null or s.position >= 5) as by_agent
      ) kind
      cross join lateral (
        select case
          when p.human_at is not null and (p.bot_id is null or s.position >= 5) and s.position > 0
            then p.human_at + (s.position - case when p.bot_id is null then 1 else 5 end) * interval '1 minute'
          else p.start + (s.position / 2) * interval '40 seconds' + case when s.position % 2 = 1 then p.latency * interval '1 second' else interval '0' end
        end as at
      ) timing`);
    progress(`messages ${to.toLocaleString('en')} / ${scale.messages.toLocaleString('en')}`);
  }
  await db.execute(sql`drop table bench_plan`);
}
