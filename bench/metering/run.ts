/**
 * `npm run bench:metering`: what metering AI credits costs a reply, and that it holds at the quota's
 * edge, measured in the same run on each database.
 *
 * Setup: one team with a bot answering from a small café FAQ (the embedded extractive
 * provider: no model server, so the reply path is Kawan's own work), and a web channel's contact.
 *
 *   1. edge      the team on Starter (2,000 credits) with 1,950 used; BENCH_CONCURRENCY (50)
 *               replies' reservations at once, each under its own key: exactly 50 may pass (the
 *               quota is never exceeded), the rest are refused (they would get the fallback and a
 *               person). Then the counter is read back: it must equal the quota. Run on a fresh
 *               period BENCH_EDGE_ROUNDS (5) times.
 *   2. overhead BENCH_REPLIES (300) replies one after another, alternating: the reply path alone
 *               (answerTurn: retrieval, grounding, the provider) and the same with metering
 *               (reserveReply before, settleReply after, as the pipeline does). p50/p99 of each
 *               and of the metering calls alone (reserve + settle), after BENCH_WARMUP (20) rounds.
 *
 * Databases: an in-memory PGlite database, then a PostgreSQL server when BENCH_DATABASE_URL (or
 * TEST_DATABASE_URL) is set (a database of its own, dropped at the end). The issue's target (the
 * metering overhead p99 < 5 ms on the PostgreSQL server) is printed beside the figures. The exit
 * code is 1 when the quota was exceeded or a reservation that fit was refused.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config/env';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import type { Services } from '../../server/services';
import { staticAssets } from '../../server/http/inertia/vite';
import { createAccount } from '../../server/domain/auth/personal-team';
import { teamRepository } from '../../server/db/repositories/team-repository';
import { createKnowledge } from '../../server/domain/knowledges/actions/create-knowledge';
import { addSource } from '../../server/domain/knowledges/actions/add-source';
import { createBot } from '../../server/domain/bots/actions/create-bot';
import { configOf } from '../../server/domain/bots/actions/chat';
import { answerTurn } from '../../server/domain/bots/answer';
import { reserveCredits } from '../../server/billing/metering';
import { plannedModel, reserveReply, settleReply } from '../../server/billing/reply-metering';
import { grantPlan } from '../../server/billing/subscriptions';
import { teamBilling } from '../../server/billing/period-of-team';
import { usageCounters, usageEvents } from '../../server/db/schema/index';
import { benchDatabaseName, createDatabase, databaseUrl, dropDatabase, redacted } from '../support/postgres';
import { benchEnv, fallbackVersion } from '../support/protocol';
import { percentile } from '../support/load';

const settings = {
  concurrency: positive('BENCH_CONCURRENCY', 50),
  edgeRounds: positive('BENCH_EDGE_ROUNDS', 5),
  replies: positive('BENCH_REPLIES', 300),
  warmup: positive('BENCH_WARMUP', 20),
};
const postgresServer = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
const targetOverheadP99Ms = 5;
const questions = ['Jam buka outlet Kemang?', 'bisa bayar pake qris ga?', 'Parkir mobil berapa?', 'Ada wifi?'];

function positive(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
}

let created: { serverUrl: string; name: string } | undefined;

async function main(): Promise<void> {
  console.log(
    `bench:metering: ${settings.concurrency} concurrent reservations at the quota edge × ${settings.edgeRounds}, ${settings.replies} replies with and without metering`,
  );
  let failed = false;
  const targets: Array<'pglite' | 'postgres'> = postgresServer ? ['pglite', 'postgres'] : ['pglite'];
  if (!postgresServer)
    console.log('(set BENCH_DATABASE_URL or TEST_DATABASE_URL to also measure on a PostgreSQL server)');
  for (const kind of targets) failed = (await benchTarget(kind)) || failed;
  if (failed) process.exitCode = 1;
}

async function benchTarget(kind: 'pglite' | 'postgres'): Promise<boolean> {
  let database: DatabaseHandle;
  if (kind === 'postgres') {
    const name = benchDatabaseName();
    await createDatabase(postgresServer!, name);
    created = { serverUrl: postgresServer!, name };
    database = await openDatabase({ url: databaseUrl(postgresServer!, name) });
    console.log(`\n== PostgreSQL (${redacted(postgresServer!)}, database ${name}) ==`);
  } else {
    database = await openDatabase({});
    console.log('\n== PGlite (in memory) ==');
  }
  try {
    await database.migrate();
    const { services } = createApp({ config: loadConfig(benchEnv), database, assets: staticAssets(fallbackVersion) });
    const seeded = await seed(services);
    const edgeFailed = await edge(services, seeded.teamId, seeded.botId);
    await overhead(services, seeded);
    return edgeFailed;
  } finally {
    await database.close();
    if (created) {
      await dropDatabase(created.serverUrl, created.name);
      created = undefined;
    }
  }
}

async function seed(services: Services) {
  const user = await createAccount(
    services.db,
    {
      name: 'Bench Owner',
      email: `owner-${randomBytes(4).toString('hex')}@bench.test`,
      password: 'x',
      emailVerifiedAt: new Date(),
    },
    'Bench Café',
  );
  const team = (await teamRepository(services.db).personalTeamOf(user.id))!;
  const actor = { userId: user.id, teamId: team.id, role: 'owner' as const };
  const knowledge = await createKnowledge(services, actor, { name: 'FAQ', description: '', language: 'indonesian' });
  const facts = [
    ['Jam buka outlet Kemang?', 'Outlet Kemang buka setiap hari pukul 07.00 sampai 22.00.'],
    ['Bisa bayar pakai QRIS?', 'Bisa. Kami menerima QRIS, GoPay, OVO, kartu debit/kredit dan tunai.'],
  ];
  for (const [question, answer] of facts)
    await addSource(services, actor, knowledge.id, { type: 'qa', question, alternatives: '', answer });
  await addSource(services, actor, knowledge.id, {
    type: 'text',
    title: 'Fasilitas',
    text: '# Parkir\n\nParkir motor gratis, parkir mobil Rp 5.000 per jam.\n\n# Wifi\n\nWifi gratis, kata sandi ada di struk.',
  });
  await services.jobs.drain();
  const bot = await createBot(services, actor, { name: 'Asisten', knowledge_ids: [knowledge.id] });
  // The draft is what a published version would snapshot: the turn reads the same configuration.
  return { teamId: team.id, botId: bot.id, config: configOf(bot.draft, bot.name) };
}

/** 50 reservations at once for the last 50 credits of Starter's 2,000, on a fresh period each round. */
async function edge(services: Services, teamId: number, botId: number): Promise<boolean> {
  await grantPlan(services.db, teamId, 'starter');
  const quota = 2_000;
  let failed = false;
  const lines: string[] = [];
  for (let round = 0; round < settings.edgeRounds; round++) {
    await services.db.delete(usageEvents).where(eq(usageEvents.teamId, teamId));
    await services.db.delete(usageCounters).where(eq(usageCounters.teamId, teamId));
    const { period } = await teamBilling(services.db, services.config, teamId);
    const free = settings.concurrency;
    await services.db.insert(usageCounters).values({
      teamId,
      metric: 'ai_credits',
      scope: '',
      periodStart: period.start,
      periodEnd: period.end,
      used: quota - free,
    });
    const attempts = settings.concurrency * 2;
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: attempts }, (_, index) =>
        reserveCredits(services.db, services.config, {
          teamId,
          key: `edge:${round}:${index}`,
          credits: 1,
          botId,
          contactId: index,
          model: null,
          source: 'channel',
        }),
      ),
    );
    const ms = performance.now() - started;
    const passed = results.filter((result) => result.ok).length;
    const [counter] = await services.db
      .select()
      .from(usageCounters)
      .where(
        and(eq(usageCounters.teamId, teamId), eq(usageCounters.scope, ''), eq(usageCounters.periodStart, period.start)),
      );
    const ok = passed === free && counter.used === quota;
    if (!ok) failed = true;
    lines.push(
      `  round ${round + 1}: ${attempts} at once for ${free} credits left → ${passed} reserved, ${attempts - passed} fall back; counter ${counter.used}/${quota} ${ok ? 'ok' : 'WRONG'} (${ms.toFixed(0)} ms)`,
    );
  }
  console.log('edge of the quota (Starter, 2,000 credits):');
  for (const line of lines) console.log(line);
  await services.db.delete(usageCounters).where(eq(usageCounters.teamId, teamId));
  await grantPlan(services.db, teamId, 'business');
  return failed;
}

async function overhead(
  services: Services,
  seeded: { teamId: number; botId: number; config: ReturnType<typeof configOf> },
): Promise<void> {
  const plain: number[] = [];
  const metered: number[] = [];
  const metering: number[] = [];
  const turn = (message: string) =>
    answerTurn(services, { teamId: seeded.teamId, config: seeded.config, history: [], message, countHits: false });
  const model = plannedModel(services.config, seeded.config);
  for (let round = 0; round < settings.warmup + settings.replies; round++) {
    const message = questions[round % questions.length];
    const measured = round >= settings.warmup;
    let started = performance.now();
    await turn(message);
    if (measured) plain.push(performance.now() - started);

    started = performance.now();
    const key = `bench:${round}:${randomBytes(4).toString('hex')}`;
    const reserveStarted = performance.now();
    const reservation = await reserveReply(services, {
      teamId: seeded.teamId,
      key,
      botId: seeded.botId,
      contactId: round % 40,
      model,
      source: 'channel',
    });
    let meteringMs = performance.now() - reserveStarted;
    const result = await turn(message);
    const settleStarted = performance.now();
    await settleReply(services, key, result, reservation);
    meteringMs += performance.now() - settleStarted;
    if (measured) {
      metered.push(performance.now() - started);
      metering.push(meteringMs);
    }
  }
  const stats = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
  };
  const [p, m, o] = [stats(plain), stats(metered), stats(metering)];
  console.log(`reply path, ${settings.replies} replies each (ms):`);
  console.log(`  without metering    p50 ${p.p50.toFixed(2).padStart(7)}   p99 ${p.p99.toFixed(2).padStart(7)}`);
  console.log(`  with metering       p50 ${m.p50.toFixed(2).padStart(7)}   p99 ${m.p99.toFixed(2).padStart(7)}`);
  console.log(
    `  metering (reserve + settle)  p50 ${o.p50.toFixed(2).padStart(7)}   p99 ${o.p99.toFixed(2).padStart(7)}   target p99 < ${targetOverheadP99Ms} ms: ${o.p99 < targetOverheadP99Ms ? 'met' : 'NOT met'}`,
  );
  console.log(`  share of the reply path: p50 ${((o.p50 / p.p50) * 100).toFixed(1)} %`);
}

const interrupted = async () => {
  if (created) await dropDatabase(created.serverUrl, created.name).catch(() => undefined);
  process.exit(130);
};
process.on('SIGINT', () => void interrupted());
process.on('SIGTERM', () => void interrupted());

main().catch(async (error: unknown) => {
  console.error(error);
  if (created) await dropDatabase(created.serverUrl, created.name).catch(() => undefined);
  process.exit(1);
});
