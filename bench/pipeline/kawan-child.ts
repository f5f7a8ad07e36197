/**
 * Child process of bench/pipeline/run.ts: Kawan as `npm start` runs it (server/boot.ts: the
 * embedded realtime server, broadcasts published in-process, and the job workers in this same
 * process, QUEUE_WORKERS=true), over a migrated database holding one tenant (./seed.ts: a team, the
 * demo café FAQ ingested, a published bot, and the bot's Telegram channel whose key, token and
 * secret the parent chose, KAWAN_BENCH_PIPELINE_CHANNEL). TELEGRAM_API_URL and AI_BASE_URL point at
 * the fakes child; the platform's model is the fake one (AI_CHAT_MODEL), so each turn streams from
 * a real HTTP call.
 *
 * The database is an in-memory PGlite one, or, when KAWAN_BENCH_POSTGRES_SERVER names a PostgreSQL
 * server, a `kawan_bench_<random>` database created there and dropped when the child stops (the
 * parent's `shutdown`, the parent gone, a signal, a crash).
 *
 * Over IPC it answers `progress` (the pipeline's jobs still to run), `tally` (what the database
 * holds for the channel, for the end-of-run check), `probe` (how the bot answers some questions)
 * and `stop-workers` (the acknowledgement measured alone at the end).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../server/config/env';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { boot, type Booted } from '../../server/boot';
import { createLogger } from '../../server/support/logger';
import { staticAssets } from '../../server/http/inertia/vite';
import { botRepository } from '../../server/db/repositories/bot-repository';
import type { ChannelRow } from '../../server/db/repositories/channel-repository';
import { configOf } from '../../server/domain/bots/actions/chat';
import { answerTurn } from '../../server/domain/bots/answer';
import { inboundJob, replyJob, sendJob } from '../../server/channels/pipeline';
import { benchEnv, fallbackVersion, postgresServerVariable, type ChildMessage } from '../support/protocol';
import { benchDatabaseName, createDatabase, databaseUrl, dropDatabase, redacted } from '../support/postgres';
import {
  benchModel,
  channelVariable,
  fakesVariable,
  splitWorkersVariable,
  workerScriptVariable,
  type BenchChannel,
  type PipelineAnswer,
  type PipelineRequest,
  type ProbeAnswer,
  type TallyAnswer,
} from './protocol';
import { seedPipelineTenant } from './seed';
import { seedDemo } from '../../server/db/seed';

const send = (message: ChildMessage | PipelineAnswer) => process.send?.(message);
const serverUrl = process.env[postgresServerVariable] || undefined;
const benchChannel = JSON.parse(process.env[channelVariable] ?? '{}') as BenchChannel;
const fakes = process.env[fakesVariable] ?? '';
const pipelineJobs = [inboundJob, replyJob, sendJob];
/** The workers in a process of their own (PostgreSQL and Redis only), started once the tenant is seeded. */
const splitWorkers = process.env[splitWorkersVariable] === 'true';
let workerProcess: ChildProcess | undefined;

let createdDatabase: string | undefined;
let database: DatabaseHandle | undefined;
let booted: Booted | undefined;
let server: ReturnType<typeof createServer> | undefined;
let channel: ChannelRow | undefined;
let closing = false;

async function main() {
  const notes: string[] = [];
  const config = loadConfig({
    ...benchEnv,
    TELEGRAM_API_URL: fakes,
    AI_BASE_URL: `${fakes}/v1`,
    AI_CHAT_MODEL: benchModel,
    QUEUE_WORKERS: splitWorkers ? 'false' : 'true',
    // Two processes on one database share the hot cache's invalidations through Redis.
    ...(splitWorkers ? { REDIS_URL: process.env.REDIS_URL } : {}),
    BROADCAST_CONNECTION: 'embedded',
    REVERB_SERVER_HOST: '127.0.0.1',
    REVERB_SERVER_PORT: '0',
  });
  if (serverUrl) {
    const name = benchDatabaseName();
    await createDatabase(serverUrl, name);
    createdDatabase = name;
    database = await openDatabase({
      url: databaseUrl(serverUrl, name),
      // Dropping the database on the way out ends the pool's idle connections: nothing to report then.
      onConnectionError: (error) => {
        if (!closing) console.error(`Kawan pipeline child: a pooled connection failed: ${error.message}`);
      },
    });
    notes.push(`database: PostgreSQL, ${name} created on ${redacted(serverUrl)} (dropped when the bench stops)`);
  } else {
    database = await openDatabase({});
    notes.push(`database: ${database.driver} (in memory)`);
  }
  await database.migrate();
  const logger = createLogger(config.logLevel);
  booted = await boot({ config, database, logger, assets: staticAssets(fallbackVersion) });
  const { services } = booted;
  const seeding = performance.now();
  // Another tenant with a past (the demo team: 60 days of conversations, about 2,600 messages), so
  // that the tables are not empty when the server plans the turn's prepared statements: on tables
  // of a page or two it plans sequential scans, and keeps those generic plans as the tables grow
  // unless autovacuum's analyze replans them (this machine's server runs without autovacuum).
  await seedDemo(services);
  channel = await seedPipelineTenant(services, benchChannel);
  // The planner statistics a server with autovacuum would have by now (again after the warm-up).
  await database.execute('analyze');
  notes.push(
    `seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s: the demo team with its history, then the bench's ` +
      `team, the demo café FAQ ingested, its bot published, Telegram channel ${channel.id} of the bot; ANALYZE` +
      (splitWorkers ? '' : "; workers in this process (npm start's QUEUE_WORKERS=true), one per job kind"),
  );

  if (splitWorkers) {
    workerProcess = startWorkerProcess(databaseUrl(serverUrl!, createdDatabase!), booted.realtime!.port!);
    notes.push(
      'workers: in a process of their own (npm run worker, QUEUE_WORKERS=false here), broadcasting on ' +
        "this process's realtime server's Redis bus; REDIS_URL shared",
    );
  }

  server = createServer(booted.app);
  const listening = server;
  listening.listen(0, '127.0.0.1', () => {
    send({ type: 'ready', port: (listening.address() as AddressInfo).port, notes, createdDatabase });
  });
}

async function progress(id: number): Promise<PipelineAnswer> {
  const { rows } = await database!.execute(
    `select count(*) filter (where state in ('created', 'retry', 'active'))::int as pending,
            count(*) filter (where state = 'failed')::int as failed
       from pgboss.job where name = any($1::text[])`,
    [pipelineJobs],
  );
  return { type: 'progress', id, pending: Number(rows[0].pending), failed: Number(rows[0].failed) };
}

async function tally(id: number): Promise<TallyAnswer> {
  const db = database!;
  const channelId = channel!.id;
  const number = (value: unknown) => Number(value ?? 0);
  const [events] = (
    await db.execute(
      `select count(*)::int as events, coalesce(sum(duplicates), 0)::int as redeliveries,
              count(*) filter (where status <> 'processed')::int as unprocessed
         from channel_events where channel_id = $1 and direction = 'inbound' and signature = 'valid'`,
      [channelId],
    )
  ).rows;
  const inbound = (
    await db.execute(
      `select split_part(external_id, ':', 2)::int as message_id from messages
        where channel_id = $1 and direction = 'inbound' order by id`,
      [channelId],
    )
  ).rows.map((row) => number(row.message_id));
  // An inbound message is covered when a bot reply answers it or a later message of its conversation
  // (the reply job answers the newest message together with the ones before it).
  const [replies] = (
    await db.execute(
      `select count(*) filter (where own > 1)::int as duplicated,
              count(*) filter (where own >= 1)::int as answered_own,
              count(*) filter (where not covered)::int as uncovered
         from (select m.id,
                      (select count(*) from messages r where r.in_reply_to_id = m.id and r.sender = 'bot') as own,
                      exists (select 1 from messages r
                               where r.conversation_id = m.conversation_id and r.sender = 'bot'
                                 and r.in_reply_to_id >= m.id) as covered
                 from messages m where m.channel_id = $1 and m.direction = 'inbound') as t`,
      [channelId],
    )
  ).rows;
  const statuses = (
    await db.execute(
      `select status, count(*)::int as n from messages where channel_id = $1 and sender = 'bot' group by status`,
      [channelId],
    )
  ).rows;
  const kinds = (
    await db.execute(
      `select coalesce(ai->>'kind', 'none') as kind, count(*)::int as n from messages
        where channel_id = $1 and sender = 'bot' group by 1`,
      [channelId],
    )
  ).rows;
  const replyTo = (
    await db.execute(
      `select split_part(q.external_id, ':', 2)::int as message_id, r.status
         from messages r join messages q on q.id = r.in_reply_to_id
        where r.channel_id = $1 and r.sender = 'bot' and r.status in ('sent', 'sending')`,
      [channelId],
    )
  ).rows;
  const replyToWith = (status: string) =>
    replyTo.filter((row) => row.status === status).map((row) => number(row.message_id));
  const [conversations] = (
    await db.execute(
      `select count(*)::int as total, count(*) filter (where state <> 'bot')::int as handed_over
         from conversations where channel_id = $1`,
      [channelId],
    )
  ).rows;
  return {
    type: 'tally',
    id,
    events: number(events.events),
    redeliveries: number(events.redeliveries),
    unprocessed: number(events.unprocessed),
    inbound: inbound.length,
    inboundMessageIds: inbound,
    duplicated: number(replies.duplicated),
    answeredOwn: number(replies.answered_own),
    uncovered: number(replies.uncovered),
    replyStatuses: Object.fromEntries(statuses.map((row) => [String(row.status), number(row.n)])),
    sentReplyTo: replyToWith('sent'),
    sendingReplyTo: replyToWith('sending'),
    conversations: number(conversations.total),
    handedOver: number(conversations.handed_over),
    replyKinds: Object.fromEntries(kinds.map((row) => [String(row.kind), number(row.n)])),
  };
}

/** The published bot's turn on each question (no conversation, nothing stored). */
async function probe(id: number, questions: string[]): Promise<ProbeAnswer> {
  const { services } = booted!;
  const bots = botRepository(services.db, channel!.teamId);
  const bot = (await bots.find(channel!.botId!))!;
  const version = (await bots.versionNumber(bot.id, bot.publishedVersion!))!;
  const config = configOf(version.config, bot.name);
  const results: ProbeAnswer['results'] = [];
  for (const question of questions) {
    const result = await answerTurn(services, {
      teamId: channel!.teamId,
      config,
      history: [],
      message: question,
      countHits: false,
    });
    results.push({
      question,
      kind: result.kind,
      providerCalled: result.trace.provider.called,
      handoff: result.handoff?.reason ?? null,
    });
  }
  return { type: 'probe', id, results };
}

/** `npm run worker` (server/worker.ts) over the bench's database, publishing to this process's realtime server. */
function startWorkerProcess(url: string, realtimePort: number): ChildProcess {
  const child = spawn(
    process.execPath,
    // The worker as `npm run worker` runs it: built by the parent (bench/support/child.ts's buildChild).
    process.env[workerScriptVariable]
      ? [process.env[workerScriptVariable]]
      : ['--import', 'tsx', new URL('../../server/worker.ts', import.meta.url).pathname],
    {
      env: {
        ...process.env,
        ...benchEnv,
        DATABASE_URL: url,
        TELEGRAM_API_URL: fakes,
        AI_BASE_URL: `${fakes}/v1`,
        AI_CHAT_MODEL: benchModel,
        // As beside web processes that embed the realtime server: the worker publishes on their
        // Redis bus (server/boot.ts, role worker). Without REDIS_URL it would call this port.
        BROADCAST_CONNECTION: 'embedded',
        REVERB_HOST: '127.0.0.1',
        REVERB_PORT: String(realtimePort),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  child.on('exit', (code, signal) => {
    if (!closing && workerProcess === child)
      console.error(`Kawan pipeline child: the worker process stopped (${signal ?? code})`);
  });
  return child;
}

/** Stops the worker process gracefully (its running jobs finish) and waits for it. */
async function stopWorkerProcess(): Promise<void> {
  const child = workerProcess;
  if (!child || child.exitCode !== null) return;
  workerProcess = undefined;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Closes the server, the workers and the database, drops the created database, exits. Bounded: 15 s. */
async function shutdown(code: number) {
  if (closing) return;
  closing = true;
  setTimeout(() => process.exit(code), 15_000).unref();
  try {
    if (server) {
      const open = server;
      open.closeAllConnections();
      await new Promise<void>((resolve) => open.close(() => resolve()));
    }
    await stopWorkerProcess().catch(() => undefined);
    await booted?.close().catch(() => undefined);
    await database?.close().catch(() => undefined);
    if (serverUrl && createdDatabase) await dropDatabase(serverUrl, createdDatabase);
  } catch (error) {
    console.error(
      `Kawan pipeline child: cleaning up failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  process.exit(code);
}

process.on('message', (message: PipelineRequest | { type: 'shutdown' }) => {
  if (message.type === 'shutdown') return void shutdown(0);
  const answer =
    message.type === 'progress'
      ? progress(message.id)
      : message.type === 'tally'
        ? tally(message.id)
        : message.type === 'probe'
          ? probe(message.id, message.questions)
          : message.type === 'stop-workers'
            ? (splitWorkers ? stopWorkerProcess() : booted!.services.jobs.stop()).then((): PipelineAnswer => ({
                type: 'stop-workers',
                id: message.id,
              }))
            : message.type === 'analyze'
              ? database!.execute('analyze').then((): PipelineAnswer => ({ type: 'analyze', id: message.id }))
              : undefined;
  answer?.then(send, (error: unknown) =>
    send({ type: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
});
process.on('disconnect', () => void shutdown(0));
process.on('SIGINT', () => void shutdown(130));
process.on('SIGTERM', () => void shutdown(143));
process.on('uncaughtException', (error) => {
  console.error('Kawan pipeline child: uncaught exception', error);
  void shutdown(1);
});
process.on('unhandledRejection', (error) => {
  // A job still running when the database closes on the way out fails that way: not worth a word.
  if (closing) return;
  console.error('Kawan pipeline child: unhandled rejection', error);
  void shutdown(1);
});

main().catch((error: unknown) => {
  send({ type: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  void shutdown(1);
});
