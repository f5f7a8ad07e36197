/**
 * Child process of bench/pipeline/run.ts: the baseline for the acknowledgement, a bare Express 5
 * app doing only what a webhook must do before it answers, on the same kind of database as Kawan:
 *
 *   POST /webhooks/telegram/:key   the key compared with the channel's (held in memory: no lookup),
 *     the X-Telegram-Bot-Api-Secret-Token header compared in constant time, the body kept raw
 *     (express.raw, as Kawan's kernel does for webhooks) and parsed for its update_id, the raw event
 *     inserted once per (channel, event id) (`on conflict do nothing`), 200 `{ok, duplicate}`.
 *
 * No session, no middleware stack, no channel lookup, no decryption of the channel's secrets, no
 * job queued, no channel health update: the floor under Kawan's acknowledgement.
 *
 * Database: an in-memory PGlite one (Kawan's own openDatabase, so the same driver and settings), or
 * a `kawan_bench_<random>` database created on the PostgreSQL server of KAWAN_BENCH_POSTGRES_SERVER
 * and dropped when the child stops; one table, created at start.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import express from 'express';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { postgresServerVariable, type ChildMessage } from '../support/protocol';
import { benchDatabaseName, createDatabase, databaseUrl, dropDatabase, redacted } from '../support/postgres';
import { channelVariable, type BenchChannel, type PipelineRequest, type StoredAnswer } from './protocol';

const send = (message: ChildMessage | StoredAnswer) => process.send?.(message);
const serverUrl = process.env[postgresServerVariable] || undefined;
const channel = JSON.parse(process.env[channelVariable] ?? '{}') as BenchChannel;
const secret = Buffer.from(channel.webhookSecret ?? '');

let createdDatabase: string | undefined;
let database: DatabaseHandle | undefined;
let server: ReturnType<typeof createServer> | undefined;
let closing = false;

const insertSql = `insert into raw_events (channel_key, event_id, payload) values ($1, $2, $3)
  on conflict (channel_key, event_id) do nothing returning id`;

function secretMatches(header: string | string[] | undefined): boolean {
  const given = Buffer.from(typeof header === 'string' ? header : '');
  return secret.length > 0 && given.length === secret.length && timingSafeEqual(given, secret);
}

function app(db: DatabaseHandle) {
  const app = express();
  app.post('/webhooks/telegram/:key', express.raw({ limit: '1mb', type: () => true }), async (req, res) => {
    if (req.params.key !== channel.publicKey) return void res.status(404).json({ message: 'Not found.' });
    if (!secretMatches(req.headers['x-telegram-bot-api-secret-token']))
      return void res.status(401).json({ message: 'invalid secret token' });
    const raw = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
    let updateId: unknown;
    try {
      updateId = (JSON.parse(raw) as { update_id?: unknown }).update_id;
    } catch {
      return void res.status(422).json({ message: 'The body is not JSON.' });
    }
    if (typeof updateId !== 'number') return void res.status(422).json({ message: 'update_id is missing.' });
    const { rows } = await db.execute(insertSql, [channel.publicKey, `update:${updateId}`, raw]);
    res.status(200).json({ ok: true, duplicate: rows.length === 0 });
  });
  return app;
}

async function main() {
  const notes: string[] = [];
  if (serverUrl) {
    const name = benchDatabaseName();
    await createDatabase(serverUrl, name);
    createdDatabase = name;
    database = await openDatabase({
      url: databaseUrl(serverUrl, name),
      // Dropping the database on the way out ends the pool's idle connections: nothing to report then.
      onConnectionError: (error) => {
        if (!closing) console.error(`baseline child: a pooled connection failed: ${error.message}`);
      },
    });
    notes.push(`baseline database: PostgreSQL, ${name} created on ${redacted(serverUrl)}`);
  } else {
    database = await openDatabase({});
    notes.push(`baseline database: ${database.driver} (in memory)`);
  }
  await database.execute(
    `create table raw_events (
       id serial primary key,
       channel_key varchar(40) not null,
       event_id varchar(255) not null,
       payload text not null,
       received_at timestamptz not null default now(),
       unique (channel_key, event_id))`,
  );
  server = createServer(app(database));
  const listening = server;
  listening.listen(0, '127.0.0.1', () => {
    send({ type: 'ready', port: (listening.address() as AddressInfo).port, notes, createdDatabase });
  });
}

async function shutdown(code: number) {
  if (closing) return;
  closing = true;
  setTimeout(() => process.exit(code), 10_000).unref();
  try {
    if (server) {
      const open = server;
      open.closeAllConnections();
      await new Promise<void>((resolve) => open.close(() => resolve()));
    }
    await database?.close().catch(() => undefined);
    if (serverUrl && createdDatabase) await dropDatabase(serverUrl, createdDatabase);
  } catch (error) {
    console.error(`baseline child: cleaning up failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  process.exit(code);
}

process.on('message', (message: PipelineRequest | { type: 'shutdown' }) => {
  if (message.type === 'shutdown') return void shutdown(0);
  if (message.type !== 'stored') return;
  database!.execute('select count(*)::int as n from raw_events').then(
    ({ rows }) => send({ type: 'stored', id: message.id, events: Number(rows[0].n) }),
    (error: unknown) => send({ type: 'failed', error: String(error) }),
  );
});
process.on('disconnect', () => void shutdown(0));
process.on('SIGINT', () => void shutdown(130));
process.on('SIGTERM', () => void shutdown(143));
process.on('unhandledRejection', (error) => {
  console.error('baseline child: unhandled rejection', error);
  void shutdown(1);
});

main().catch((error: unknown) => {
  send({ type: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  void shutdown(1);
});
