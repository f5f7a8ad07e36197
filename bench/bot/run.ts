/**
 * `npm run bench:bot`: what the bot engine itself costs per turn when the model answers at once.
 *
 * One team with BENCH_CHUNKS (10 000) generated chunks in two knowledge bases, a bot on the default
 * configuration linked to them, a FakeProvider streaming a fixed short reply that cites [1]. Then
 * BENCH_TURNS (200) questions (bench/retrieval's questions, then variants) after a warm-up, each
 * through the app's path and through its bare baseline (./turns.ts), alternating which goes first:
 * p50/p99, turns per second, and the overhead (engine − baseline) against its targets. Then the
 * first streamed token at a WebSocket subscriber of the app's realtime server (./stream.ts).
 *
 * PGlite always; also the PostgreSQL server of BENCH_DATABASE_URL or TEST_DATABASE_URL (a
 * `kawan_bench_bot_<random>` database, dropped at the end, also when interrupted). BENCH_DB=pglite
 * or postgres runs one of them. Timings are information: nothing fails on a target.
 */
import { cpus, loadavg, totalmem } from 'node:os';
import { redacted } from '../support/postgres';
import type { DriverKind } from '../retrieval/database';
import { fixed, mark, percentile, seconds, table, thousands } from '../retrieval/format';
import { benchmarkQueries } from '../retrieval/synthetic';
import { dropLeftover, openBotDatabase } from './database';
import { buildTeamKnowledge } from './knowledge';
import { measureStream, type StreamTimes } from './stream';
import { checkBareSql, createBot, reply, timeTurns, type TurnTimes } from './turns';

const serverUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;

const settings = {
  chunks: whole('BENCH_CHUNKS', 10_000, 100),
  turns: whole('BENCH_TURNS', 200, 20),
  warmUp: 20,
  /** Deltas timed at the subscriber. */
  deltas: 200,
  databases: databases(process.env.BENCH_DB),
};

const targets = { overheadP50Ms: 30, overheadP99Ms: 100, firstTokenMs: 50 };

interface Run {
  label: string;
  chunks: number;
  buildMs: number;
  turns: TurnTimes;
  stream: StreamTimes;
  bareSql: string[] | undefined;
}

async function main() {
  const started = Date.now();
  printHeader();
  const runs: Run[] = [];
  for (const kind of settings.databases) {
    const bench = await openBotDatabase(kind, serverUrl);
    try {
      console.log(`\n== ${bench.label} ==`);
      const team = await buildTeamKnowledge(bench, settings.chunks);
      console.log(`  built ${thousands(settings.chunks)} chunks for one team in ${seconds(team.buildMs)}`);
      const bot = await createBot(bench, team);
      const questions = benchmarkQueries(settings.turns + settings.warmUp);
      const bareSql = await checkBareSql(bot, questions[0]);
      let begun = performance.now();
      const turns = await timeTurns(bot, questions, settings.warmUp);
      console.log(
        `  timed ${thousands(turns.engine.length)} turns, engine and baseline, in ${seconds(performance.now() - begun)}`,
      );
      begun = performance.now();
      const stream = await measureStream(bot, benchmarkQueries(settings.deltas + 10, 11), settings.deltas, 5);
      console.log(`  streamed ${stream.turns} turns to a subscriber in ${seconds(performance.now() - begun)}`);
      const run = { label: bench.label, chunks: settings.chunks, buildMs: team.buildMs, turns, stream, bareSql };
      runs.push(run);
      printRun(run);
    } finally {
      await bench.close();
    }
  }
  if (runs.length > 1) printSummary(runs);
  console.log(`\nTook ${seconds(Date.now() - started)}.`);
}

function printHeader() {
  const cpu = cpus();
  const [one] = loadavg();
  console.log('Kawan bot engine benchmark (npm run bench:bot)');
  console.log(
    `  ${new Date().toISOString()}, Node ${process.version}, ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), ` +
      `${Math.round(totalmem() / 2 ** 30)} GiB, load average ${one.toFixed(2)}` +
      (one > cpu.length / 2 ? ' (the machine is busy: expect noisier timings)' : ''),
  );
  console.log(
    `  databases: ${settings.databases.map((kind) => (kind === 'postgres' ? `PostgreSQL at ${redacted(serverUrl!)}` : 'PGlite (in memory)')).join(', ')}` +
      (serverUrl ? '' : ' (set BENCH_DATABASE_URL or TEST_DATABASE_URL to add a PostgreSQL server)'),
  );
  console.log(
    `  ${thousands(settings.chunks)} chunks for one team (BENCH_CHUNKS), ${settings.turns} turns timed (BENCH_TURNS) ` +
      `after ${settings.warmUp} of warm-up; embedder lexical-v1; bot: defaultBotConfig + its 2 knowledge bases`,
  );
  console.log(`  provider: FakeProvider answering at once, "${reply}" (3 words a delta)`);
}

function printRun(run: Run) {
  const { turns, stream } = run;
  const kinds = [...turns.kinds].map(([kind, n]) => `${kind} ${n}`).join(', ');
  console.log(
    `\n  one turn, sequential (${turns.engine.length} questions; kinds: ${kinds}; provider called in ${turns.providerCalled})`,
  );
  console.log(
    '    engine   = knowledge findMany + retrieve() + runTurn (FakeProvider) + recordTurn, as answer.ts/chat.ts',
  );
  console.log(
    "    baseline = retrieve()'s bare SQL (words and vectors made before timing) + the same FakeProvider stream + one bare INSERT",
  );
  const row = (name: string, times: number[], totalMs: number) => [
    name,
    fixed(percentile(times, 50), 2),
    fixed(percentile(times, 99), 2),
    fixed(times.length / (totalMs / 1000), 0),
  ];
  console.log(
    table(
      ['path', 'p50 ms', 'p99 ms', 'turns/s'],
      [row('engine', turns.engine, turns.engineTotalMs), row('baseline', turns.baseline, turns.baselineTotalMs)],
      '    ',
    ),
  );
  const [p50, p99] = [50, 99].map((p) => percentile(turns.engine, p) - percentile(turns.baseline, p));
  console.log(
    table(
      ['overhead (engine − baseline)', 'ms', 'target'],
      [
        ['p50', fixed(p50, 2), `${mark(p50 < targets.overheadP50Ms)} < ${targets.overheadP50Ms} ms`],
        ['p99', fixed(p99, 2), `${mark(p99 < targets.overheadP99Ms)} < ${targets.overheadP99Ms} ms`],
      ],
      '    ',
    ),
  );
  if (run.bareSql === undefined)
    console.log('    bare SQL: checked against retrieve() on PGlite (same statements on both drivers)');
  else if (run.bareSql.length === 0) console.log('    bare SQL: the same statements retrieve() sent in this run ✓');
  else run.bareSql.forEach((problem) => console.log(`    ✗ ${problem}`));

  console.log(
    `\n  first streamed token to a subscriber: the app's realtime server in this process, Broadcaster + InProcessDriver,\n` +
      `  a raw ws client subscribed to the user's private channel; ${stream.turns} turns as the test chat runs them (BotReplyDelta)`,
  );
  const line = (name: string, times: number[], target: boolean) => {
    const [a, b] = [percentile(times, 50), percentile(times, 99)];
    return [
      name,
      String(times.length),
      fixed(a, 2),
      fixed(b, 2),
      target
        ? `p50 ${mark(a < targets.firstTokenMs)} p99 ${mark(b < targets.firstTokenMs)} < ${targets.firstTokenMs} ms`
        : '',
    ];
  };
  console.log(
    table(
      ['measured', 'n', 'p50 ms', 'p99 ms', 'target'],
      [
        line("model's first token → first delta frame at the subscriber", stream.firstToken, true),
        line('engine emits a delta → its frame at the subscriber', stream.delivery, true),
        line('message in → first delta frame (retrieval included)', stream.fromMessage, false),
        line('  of which message in → engine emits the first delta', stream.firstEvent, false),
      ],
      '    ',
    ),
  );
}

function printSummary(runs: Run[]) {
  console.log('\nSummary');
  console.log(
    table(
      ['database', 'engine p50', 'p99', 'baseline p50', 'p99', 'overhead p50', 'p99', 'first token → subscriber p99'],
      runs.map((run) => {
        const e = [percentile(run.turns.engine, 50), percentile(run.turns.engine, 99)];
        const b = [percentile(run.turns.baseline, 50), percentile(run.turns.baseline, 99)];
        return [
          run.label.replace(/ \(.*/, ''),
          fixed(e[0], 2),
          fixed(e[1], 2),
          fixed(b[0], 2),
          fixed(b[1], 2),
          `${fixed(e[0] - b[0], 2)} ${mark(e[0] - b[0] < targets.overheadP50Ms)}`,
          `${fixed(e[1] - b[1], 2)} ${mark(e[1] - b[1] < targets.overheadP99Ms)}`,
          `${fixed(percentile(run.stream.firstToken, 99), 2)} ${mark(percentile(run.stream.firstToken, 99) < targets.firstTokenMs)}`,
        ];
      }),
    ),
  );
}

function whole(name: string, fallback: number, least: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < least) throw new Error(`${name}: a whole number ≥ ${least}`);
  return value;
}

function databases(wanted: string | undefined): DriverKind[] {
  if (wanted && !['pglite', 'postgres'].includes(wanted)) throw new Error('BENCH_DB: pglite or postgres');
  if (wanted === 'postgres' && !serverUrl)
    throw new Error('BENCH_DB=postgres needs BENCH_DATABASE_URL or TEST_DATABASE_URL');
  if (wanted) return [wanted as DriverKind];
  return serverUrl ? ['pglite', 'postgres'] : ['pglite'];
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: dropping the benchmark database`);
    void dropLeftover().finally(() => process.exit(130));
  });
}

main().then(
  () => process.exit(0),
  async (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    await dropLeftover();
    process.exit(1);
  },
);
