/**
 * `npm run bench:pipeline`: the channel pipeline end to end (server/channels/pipeline.ts), Telegram
 * updates in, bot replies out, next to a baseline that only verifies and stores the raw event,
 * measured in the same run.
 *
 * Scenarios, in this order on each server (after 20 turns of warm-up, answered and waited for):
 *   2. turns end to end  BENCH_TURNS (300) updates from as many new chats (one message each: each
 *      update is one turn with exactly one reply), sent as fast as the acknowledgement allows (16
 *      in flight), on an idle pipeline; then the wait until the fake Telegram has received every
 *      reply. turns/s = BENCH_TURNS / (first send → last reply); time to drain = last
 *      acknowledgement → last reply.
 *   1. acknowledgement  open loop at BENCH_RATE (200) requests/s for BENCH_SECONDS (5) after one
 *      second of warm-up: distinct, correctly signed updates (POST /webhooks/telegram/{key} with
 *      X-Telegram-Bot-Api-Secret-Token) from BENCH_CHATS (300) chats picked at random, so
 *      conversations interleave and a chat often writes again before its answer came (the reply
 *      job then answers the newest message with the ones before it); every 20th request redelivers
 *      an update sent earlier (Telegram retrying), which must be acknowledged as a duplicate and
 *      stored once. p50/p90/p99/max of the HTTP acknowledgement, from each request's scheduled
 *      send time. The workers keep answering meanwhile, as under `npm start`: the acknowledgement
 *      is measured with the pipeline behind it busy. Then the wait until every job is done (the
 *      time until the last reply of these updates reached Telegram), and the end-of-run counts.
 *   1b. the same load once more with the workers stopped (jobs are still queued by each
 *      acknowledgement, and left there): what the acknowledgement itself costs.
 *
 * The turn behind each update is the real one: channel.inbound (contact, conversation, message
 * stored once, realtime events), conversation.reply (the bot's published version, ./seed.ts:
 * retrieval over the demo café FAQ, the prompt, the platform's model, the reply stored,
 * "typing…" sent) and channel.send (sendMessage to the Telegram Bot API, the event log). The model
 * is a local OpenAI-compatible server streaming a fixed grounded sentence at once (not the embedded
 * extractive provider: the HTTP call is part of a real turn); the questions are checked first to be
 * answered by the model (kind `answer`, no curated answer, no handoff), so that no conversation
 * leaves the bot during the run.
 *
 * Baseline (./baseline-child.ts): a bare Express 5 app on the same kind of database that compares
 * the key and the secret token (held in memory), keeps the raw body, reads the update_id, inserts
 * the raw event once per (channel, event id) and answers: what any webhook must do before its 200.
 * Kawan does that plus what makes the pipeline durable and observable: the channel looked up by its
 * key and its secrets decrypted, the update parsed by the adapter, the `channel.inbound` job
 * inserted (pg-boss), the channel's health updated, all behind its middleware stack. For scenario 2
 * the baseline takes the same burst: its events stored per second are the ceiling of a pipeline
 * that did nothing after the 200; the ratio says what share of it Kawan keeps while doing the turn.
 *
 * End of run: the database (messages, replies, the event log) and the fake Telegram (sendMessage
 * calls per replied-to message) are counted against what was acknowledged: 0 lost (every update
 * acknowledged is one stored event and one inbound message), 0 duplicates (no message has two
 * replies, no reply was sent twice), 0 missing (every message is answered, by its own reply or by
 * the reply to a later message of its conversation, and every reply was sent). The exit code is 1
 * when any of these is not 0. Every wait stops at BENCH_DRAIN_TIMEOUT (30 s): a pipeline that has
 * not drained by then is reported as such (the figures as lower bounds, the messages and replies
 * still queued as pending, not as lost or missing).
 *
 * Databases: an in-memory PGlite database, then a PostgreSQL server when BENCH_DATABASE_URL (or
 * TEST_DATABASE_URL) is set: each child creates a database of its own there (kawan_bench_<random>)
 * and drops it when it stops; the parent drops leftovers, also when interrupted.
 *
 * Layout: three processes besides this one. Kawan (./kawan-child.ts) as `npm start` runs it, the
 * job workers in the same process (one worker per job kind, as server/jobs/queue.ts starts them);
 * the fakes (./fakes-child.ts: the Telegram Bot API and the model, on one port); the baseline, run
 * before Kawan starts (one server under load at a time). The load generator runs here. 127.0.0.1
 * only; every wait is bounded and the script exits by itself: about a minute per database when the
 * pipeline keeps up, two to three when every wait runs out.
 *
 * Timings are information: the issue's targets (on the PostgreSQL server: acknowledgement p99
 * < 30 ms at 200 requests/s, ≥ 100 turns/s) are printed beside the figures, nothing fails on them.
 *
 * Knobs (environment): BENCH_SECONDS (5), BENCH_RATE (200), BENCH_TURNS (300), BENCH_CHATS (300),
 * BENCH_DRAIN_TIMEOUT (s, 30), BENCH_DB (pglite or postgres: only that one), BENCH_DATABASE_URL,
 * BENCH_PROFILE (a directory: the Kawan child writes a V8 CPU profile there when it stops).
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg, totalmem } from 'node:os';
import { buildChild, startChild, type ServerChild } from '../support/child';
import { cpuWindow } from '../support/cpu';
import { databaseExists, dropDatabase, redacted } from '../support/postgres';
import { postgresServerVariable } from '../support/protocol';
import { fixed, mark, percentile, seconds, table, thousands } from '../retrieval/format';
import { burst, outcome, paced, type Delivery, type Sent, type Target, type Update } from './load';
import {
  channelVariable,
  fakesVariable,
  splitWorkersVariable,
  workerScriptVariable,
  type BenchChannel,
  type PipelineAnswer,
  type PipelineRequest,
  type ProbeAnswer,
  wallClock,
} from './protocol';

const postgresServer = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;

const settings = {
  seconds: whole('BENCH_SECONDS', 5, 1),
  rate: whole('BENCH_RATE', 200, 1),
  turns: whole('BENCH_TURNS', 300, 10),
  chats: whole('BENCH_CHATS', 300, 1),
  drainTimeoutMs: whole('BENCH_DRAIN_TIMEOUT', 30, 5) * 1000,
  warmupSeconds: 1,
  redeliverEvery: 20,
  concurrency: 16,
  databases: selectedDatabases(process.env.BENCH_DB),
  /** Where the Kawan child writes a V8 CPU profile (--cpu-prof) when it stops. */
  profileDir: process.env.BENCH_PROFILE || undefined,
};

/** The issue's targets, on the PostgreSQL server. */
const targets = { ackP99Ms: 30, turnsPerSecond: 100 };

/** Update ids (= Telegram message ids) and chat ids of each scenario: disjoint ranges. */
const ranges = {
  ack: { firstUpdate: 1, lastUpdate: 999_999, firstChat: 100_000 },
  turns: { firstUpdate: 1_000_000, lastUpdate: 1_999_999, firstChat: 5_000_000 },
  warm: { firstUpdate: 2_000_000, lastUpdate: 2_999_999, firstChat: 9_000_000 },
  alone: { firstUpdate: 3_000_000, lastUpdate: 3_999_999, firstChat: 100_000 },
};
type Range = (typeof ranges)[keyof typeof ranges];
/** Turns sent and waited for before scenario 2 (first turns, connections, JIT). */
const warmTurns = 20;

/** Questions the demo bot should answer with its model; the ones that do are used (checked first). */
const candidateQuestions = [
  'Biji kopinya dari petani mana saja?',
  'Kapan biji kopi disangrai di roastery?',
  'Outlet Tebet alamatnya di mana?',
  'Apakah ada kelas seduh kopi di Bandung?',
  'Menu khas outlet Surabaya apa?',
  'Berapa potongan kalau bawa tumbler sendiri?',
  'Espresso pakai biji kopi apa?',
  'Outlet Yogyakarta buka sampai jam berapa di akhir pekan?',
  'Ada ruang meeting di Kemang?',
  'Berapa banyak parkir mobil di outlet Darmo?',
  'Ampas kopinya dibuang ke mana?',
  'Email untuk lamaran kerja apa?',
];

interface DatabaseTarget {
  label: string;
  serverUrl?: string;
  /** The workers in a process of their own (`npm run worker`), as on a production server. */
  splitWorkers?: boolean;
}

interface AckFigures {
  latencies: number[];
  /** Requests sent in the measured seconds (redeliveries included), and answers other than 200. */
  requests: number;
  failures: number;
  redeliveries: number;
  /** Answers that said `duplicate: true`. */
  flaggedDuplicates: number;
  late: number;
  achievedRate: number;
}

interface BurstFigures {
  count: number;
  failures: number;
  /** Acknowledgements per second over the burst. */
  ackRate: number;
}

interface Verdict {
  lost: number;
  duplicates: number;
  missing: number;
  /** Pipeline jobs not done when the counts were taken (the drain timed out): messages and replies are not final. */
  pending: number;
}

interface TurnsFigures {
  /** BENCH_TURNS / (first send → last reply); undefined when not every reply came within the timeout. */
  turnsPerSecond?: number;
  /** CPU milliseconds per turn over scenario 2: Kawan's processes, and PostgreSQL's when it runs on this machine. */
  cpuMsPerTurn: { process?: number; postgres?: number };
  answered: number;
  /** Seconds from the first send to the last reply received (or to the timeout). */
  elapsedMs: number;
  /** Last acknowledgement → last reply. */
  drainMs: number | null;
}

interface Report {
  database: DatabaseTarget;
  baseline: {
    ack: AckFigures;
    burst: BurstFigures;
    stored: number;
    expected: number;
    /** CPU milliseconds per event stored over scenario 2, as for Kawan's turns. */
    cpuMsPerEvent: { process?: number; postgres?: number };
  };
  kawan: {
    ack: AckFigures;
    /** Scenario 1 again at the end, the workers stopped: the acknowledgement's own cost. */
    alone: AckFigures;
    /** Updates of that run acknowledged and stored as events. */
    aloneAcknowledged: number;
    aloneStored: number;
    /** Last acknowledgement of scenario 1 → its last reply; whether every job was done by then. */
    ackDrainMs: number | null;
    ackDrained: boolean;
    ackReplies: number;
    ackUpdates: number;
    burst: BurstFigures;
    turns: TurnsFigures;
  };
  verdict: Verdict;
}

const live = new Set<ServerChild>();
const createdDatabases: { serverUrl: string; name: string }[] = [];

async function main() {
  const started = Date.now();
  printHeader();
  const reports: Report[] = [];
  for (const database of settings.databases) reports.push(await benchDatabase(database));
  printSummary(reports);
  console.log(`\nTook ${seconds(Date.now() - started)}.`);
  const failed = reports.filter((report) => report.verdict.lost + report.verdict.duplicates + report.verdict.missing);
  if (failed.length > 0) {
    console.log(`\nFAILED: lost, duplicate or missing messages on ${failed.map((r) => r.database.label).join(', ')}`);
    process.exitCode = 1;
  }
}

async function benchDatabase(database: DatabaseTarget): Promise<Report> {
  console.log(`\n== ${database.label} ==`);
  const channel: BenchChannel = {
    publicKey: randomBytes(12).toString('base64url'),
    botToken: `7${randomBytes(4).readUInt32BE() % 100_000_000}:AA${randomBytes(24).toString('base64url')}`,
    webhookSecret: randomBytes(32).toString('base64url'),
  };
  const dbEnv: Record<string, string> = database.serverUrl ? { [postgresServerVariable]: database.serverUrl } : {};
  const layoutEnv: Record<string, string> = database.splitWorkers ? { [splitWorkersVariable]: 'true' } : {};
  const channelEnv = { [channelVariable]: JSON.stringify(channel) };
  const fakes = track(startChild('fakes', '../pipeline/fakes-child.ts', { env: channelEnv }));
  // PostgreSQL's own CPU is read from /proc when the server runs on this machine.
  const postgresHere = database.serverUrl !== undefined && isLocal(database.serverUrl);
  let kawan: ServerChild | undefined;
  let baseline: ServerChild | undefined;
  try {
    const fakesReady = await fakes.ready();
    fakesReady.notes.forEach((note) => console.log(`  ${note}`));
    const fakesOrigin = `http://127.0.0.1:${fakesReady.port}`;
    const headers = { 'X-Telegram-Bot-Api-Secret-Token': channel.webhookSecret, 'User-Agent': 'kawan-bench/1.0' };
    const path = `/webhooks/telegram/${channel.publicKey}`;

    // The baseline first, alone: the same burst and the same paced load.
    baseline = track(startChild('baseline', '../pipeline/baseline-child.ts', { env: { ...dbEnv, ...channelEnv } }));
    const baselineReady = await baseline.ready();
    remember(database, baselineReady.createdDatabase);
    baselineReady.notes.forEach((note) => console.log(`  ${note}`));
    const baselineTarget: Target = { url: `http://127.0.0.1:${baselineReady.port}${path}`, headers };
    await burst(baselineTarget, turnDeliveries(ranges.warm, warmTurns, candidateQuestions), settings.concurrency);
    const baselineCpu = cpuWindow(baseline.process.pid, { postgres: postgresHere });
    const baselineBurst = await turnsBurst('baseline', baselineTarget, candidateQuestions);
    const baselineUsed = baselineCpu.stop();
    const baselineAck = await ackScenario('baseline', baselineTarget, candidateQuestions);
    const stored = (await ask(baseline, { type: 'stored' })).events;
    const expectedStored = warmTurns + settings.turns + baselineAck.distinct;
    console.log(`  baseline stored ${thousands(stored)} raw events for ${thousands(expectedStored)} distinct updates`);
    await untrack(baseline);

    // Kawan, its workers in the same process.
    const started = performance.now();
    // Built as production runs the server (not under tsx), the worker process too.
    const built = await buildChild('kawan-pipeline', '../pipeline/kawan-child.ts');
    const workerScript: Record<string, string> = database.splitWorkers
      ? { [workerScriptVariable]: await buildChild('kawan-pipeline-worker', '../../server/worker.ts') }
      : {};
    kawan = track(
      startChild('Kawan', '../pipeline/kawan-child.ts', {
        built,
        env: { ...dbEnv, ...layoutEnv, ...channelEnv, ...workerScript, [fakesVariable]: fakesOrigin },
        flags: settings.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${settings.profileDir}`] : [],
      }),
    );
    const kawanReady = await kawan.ready(300_000);
    remember(database, kawanReady.createdDatabase);
    kawanReady.notes.forEach((note) => console.log(`  ${note}`));
    console.log(`  Kawan ready in ${seconds(performance.now() - started)}`);
    const questions = await pickQuestions(kawan);
    const kawanTarget: Target = { url: `http://127.0.0.1:${kawanReady.port}${path}`, headers };

    const warm = await burst(kawanTarget, turnDeliveries(ranges.warm, warmTurns, questions), settings.concurrency);
    const warmed = await waitForReplies(
      fakes,
      kawan,
      ranges.warm,
      warmTurns,
      Math.min(settings.drainTimeoutMs, 10_000),
    );
    console.log(
      `  warm-up: ${warmed.answered} of ${warmTurns} turns answered in ${seconds((warmed.lastAt ?? wallClock()) - warm.firstSendAt)}`,
    );

    // The warm-up's rows counted in the planner's statistics, as autovacuum's analyze would have on
    // a server where it runs: the prepared statements are planned again on them (decision 015).
    await ask(kawan, { type: 'analyze' });

    // Scenario 2 on an idle pipeline, then scenario 1 (its backlog is drained at the end).
    const kawanCpu = cpuWindow(kawan.process.pid, { postgres: postgresHere });
    const burstRun = await turnsBurst('Kawan', kawanTarget, questions);
    const finished = await waitForReplies(fakes, kawan, ranges.turns, settings.turns);
    const kawanUsed = kawanCpu.stop();
    const complete = finished.answered >= settings.turns && finished.lastAt !== null;
    const turns: TurnsFigures = {
      answered: finished.answered,
      elapsedMs: (complete ? finished.lastAt! : wallClock()) - burstRun.firstSendAt,
      drainMs: finished.lastAt === null ? null : Math.max(0, finished.lastAt - burstRun.lastAckAt),
      cpuMsPerTurn: perEach(kawanUsed, settings.turns),
    };
    if (complete) turns.turnsPerSecond = settings.turns / (turns.elapsedMs / 1000);
    console.log(
      `  Kawan scenario 2: ${thousands(finished.answered)} of ${thousands(settings.turns)} replies received in ` +
        `${seconds(turns.elapsedMs)}` +
        (complete
          ? `: ${fixed(turns.turnsPerSecond!, 1)} turns/s; last reply ${seconds(turns.drainMs!)} after the last acknowledgement`
          : ` (stopped waiting after BENCH_DRAIN_TIMEOUT)`),
    );

    const ack = await ackScenario('Kawan', kawanTarget, questions);
    const ackDrained = await waitForJobs(kawan);
    const ackReplies = await ask(fakes, { type: 'replies', from: ranges.ack.firstUpdate, to: ranges.ack.lastUpdate });
    const ackDrainMs = ackReplies.lastAt === null ? null : Math.max(0, ackReplies.lastAt - ack.lastAckAt);
    console.log(
      `  Kawan scenario 1: ${ackDrained ? 'every job done' : `jobs still pending ${seconds(settings.drainTimeoutMs)} after the last acknowledgement`}; ` +
        `${thousands(ackReplies.answered)} replies for ${thousands(ack.distinct)} updates from ${settings.chats} chats ` +
        `(a chat that wrote again before its answer gets one reply for both); last reply ` +
        `${ackDrainMs === null ? 'never' : `${seconds(ackDrainMs)} after the last acknowledgement`}`,
    );

    const delivered = outcome([...warm.sent, ...burstRun.sent, ...ack.sent]);
    const verdict = await check(kawan, fakes, delivered.acknowledged, delivered.attempted, ack.redeliveries);

    // The acknowledgement alone: the same load with the workers stopped (jobs are still queued).
    await ask(kawan, { type: 'stop-workers' }, 60_000);
    const before = (await ask(kawan, { type: 'tally' }, 120_000)).events;
    const alone = await ackScenario('Kawan, workers stopped,', kawanTarget, questions, ranges.alone);
    const aloneStored = (await ask(kawan, { type: 'tally' }, 120_000)).events - before;
    const aloneAcknowledged = outcome(alone.sent).acknowledged.length;
    verdict.lost += Math.max(0, aloneAcknowledged - aloneStored);
    console.log(
      `  Kawan, workers stopped: ${thousands(aloneStored)} events stored for ${thousands(aloneAcknowledged)} ` +
        `updates acknowledged`,
    );
    return {
      database,
      baseline: {
        ack: baselineAck.figures,
        burst: baselineBurst.figures,
        stored,
        expected: expectedStored,
        cpuMsPerEvent: perEach(baselineUsed, settings.turns),
      },
      kawan: {
        ack: ack.figures,
        alone: alone.figures,
        aloneAcknowledged,
        aloneStored,
        ackDrainMs,
        ackDrained,
        ackReplies: ackReplies.answered,
        ackUpdates: ack.distinct,
        burst: burstRun.figures,
        turns,
      },
      verdict,
    };
  } finally {
    await Promise.all([kawan, baseline, fakes].filter((child) => child !== undefined).map(untrack));
    await dropLeftovers();
  }
}

/** One update from each of `count` new chats of the range. */
function turnDeliveries(range: Range, count: number, questions: string[]): Delivery[] {
  return Array.from({ length: count }, (_, i) => ({
    update: { updateId: range.firstUpdate + i, chatId: range.firstChat + i, text: questions[i % questions.length] },
    redelivery: false,
  }));
}

/** Scenario 1 on one server: a warm-up second, then the measured seconds, open loop. */
async function ackScenario(name: string, to: Target, questions: string[], range: Range = ranges.ack) {
  const random = seededRandom(7);
  const fresh: Update[] = [];
  let index = 0;
  const next = (): Delivery => {
    const position = index++;
    if (position % settings.redeliverEvery === settings.redeliverEvery - 1 && fresh.length > 60) {
      // An update at least 50 deliveries old: its first delivery has long been answered.
      return { update: fresh[Math.floor(random() * (fresh.length - 50))], redelivery: true };
    }
    const update: Update = {
      updateId: range.firstUpdate + fresh.length,
      chatId: range.firstChat + Math.floor(random() * settings.chats),
      text: questions[fresh.length % questions.length],
    };
    fresh.push(update);
    return { update, redelivery: false };
  };
  const warm = await paced(to, settings.rate, settings.rate * settings.warmupSeconds, next);
  const run = await paced(to, settings.rate, settings.rate * settings.seconds, next);
  const lastAckAt = wallClock();
  const all = [...warm.sent, ...run.sent];
  const figures = ackFigures(run.sent, run.sendRate, run.late);
  const problems = all.filter((sent) => sent.status !== 200);
  console.log(
    `  ${name} scenario 1: ${thousands(run.sent.length)} requests at ${fixed(figures.achievedRate, 0)}/s ` +
      `(after ${thousands(warm.sent.length)} of warm-up), ack p50 ${fixed(percentile(figures.latencies, 50), 2)} ms, ` +
      `p99 ${fixed(percentile(figures.latencies, 99), 2)} ms; ${figures.redeliveries} redeliveries, ` +
      `${figures.flaggedDuplicates} acknowledged as duplicates` +
      (problems.length ? `; ${problems.length} NOT 200 (${statusCounts(problems)})` : '') +
      (run.late ? `; ${run.late} sends left late` : ''),
  );
  return { figures, distinct: fresh.length, sent: all, redeliveries: figures.redeliveries, lastAckAt };
}

/** Scenario 2's sending: one update from each of BENCH_TURNS new chats, 16 in flight. */
async function turnsBurst(name: string, to: Target, questions: string[]) {
  const run = await burst(to, turnDeliveries(ranges.turns, settings.turns, questions), settings.concurrency);
  const failures = run.sent.filter((sent) => sent.status !== 200);
  const ackRate = run.sent.length / ((run.lastAckAt - run.firstSendAt) / 1000);
  console.log(
    `  ${name} scenario 2: ${thousands(run.sent.length)} updates acknowledged at ${fixed(ackRate, 0)}/s ` +
      `(${settings.concurrency} in flight)` +
      (failures.length ? `; ${failures.length} NOT 200 (${statusCounts(failures)})` : ''),
  );
  return {
    figures: { count: run.sent.length, failures: failures.length, ackRate },
    sent: run.sent,
    firstSendAt: run.firstSendAt,
    lastAckAt: run.lastAckAt,
  };
}

function ackFigures(sent: Sent[], sendRate: number, late: number): AckFigures {
  const ok = sent.filter((s) => s.status === 200);
  return {
    latencies: ok.map((s) => s.latencyMs),
    requests: sent.length,
    failures: sent.length - ok.length,
    redeliveries: sent.filter((s) => s.redelivery).length,
    flaggedDuplicates: ok.filter((s) => s.duplicate).length,
    late,
    achievedRate: sendRate,
  };
}

/** The questions the bot answers with its model, no curated answer, no handoff. */
async function pickQuestions(kawan: ServerChild): Promise<string[]> {
  const { results } = (await ask(kawan, { type: 'probe', questions: candidateQuestions }, 120_000)) as ProbeAnswer;
  const usable = results.filter((r) => r.kind === 'answer' && r.providerCalled && r.handoff === null);
  const skipped = results.filter((r) => !usable.includes(r));
  console.log(
    `  questions: ${usable.length} of ${results.length} answered by the model` +
      (skipped.length
        ? ` (left out: ${skipped.map((r) => `"${r.question}" ${r.kind}${r.handoff ? `, handoff ${r.handoff}` : ''}`).join('; ')})`
        : ''),
  );
  if (usable.length < 3) throw new Error('fewer than 3 questions are answered by the model: the bench cannot run');
  return usable.map((r) => r.question);
}

/** Until the pipeline's jobs are all done (or the drain timeout). */
async function waitForJobs(kawan: ServerChild): Promise<boolean> {
  const deadline = performance.now() + settings.drainTimeoutMs;
  while (performance.now() < deadline) {
    const { pending } = await ask(kawan, { type: 'progress' });
    if (pending === 0) return true;
    await sleep(250);
  }
  return false;
}

/** Until the fake Telegram received a reply to each of `expected` updates of the range (or the timeout). */
async function waitForReplies(
  fakes: ServerChild,
  kawan: ServerChild,
  range: Range,
  expected: number,
  timeoutMs = settings.drainTimeoutMs,
) {
  const deadline = performance.now() + timeoutMs;
  const request = { type: 'replies', from: range.firstUpdate, to: range.lastUpdate } as const;
  let answer = await ask(fakes, request);
  while (answer.answered < expected && performance.now() < deadline && !kawan.exited) {
    await sleep(50);
    answer = await ask(fakes, request);
  }
  return answer;
}

/**
 * The end-of-run counts: the database and the fake Telegram against what was acknowledged. When
 * jobs are still pending (the drain timed out), messages and replies not there yet are reported as
 * pending, not as lost or missing.
 */
async function check(
  kawan: ServerChild,
  fakes: ServerChild,
  acknowledged: Update[],
  attempted: Set<number>,
  redeliveries: number,
) {
  const { pending, failed } = await ask(kawan, { type: 'progress' });
  const tally = await ask(kawan, { type: 'tally' }, 120_000);
  const calls = await ask(fakes, { type: 'replies', from: 0, to: Number.MAX_SAFE_INTEGER, detail: true });
  const sentIds = new Set(acknowledged.map((update) => update.updateId));
  const stored = new Set(tally.inboundMessageIds);
  const notStored = [...sentIds].filter((id) => !stored.has(id)).length;
  // A delivery that failed (a reset connection) may still have been stored: it is not unexpected.
  const unexpected = [...stored].filter((id) => !sentIds.has(id) && !attempted.has(id)).length;
  const sentReplies = new Set(tally.sentReplyTo);
  const inFlight = new Set(tally.sendingReplyTo);
  const atTelegram = new Map(calls.counts ?? []);
  const sentTwice = [...atTelegram].filter(([, n]) => n > 1).length;
  const neverArrived = [...sentReplies].filter((id) => !atTelegram.has(id)).length;
  const phantom = [...atTelegram.keys()].filter((id) => !sentReplies.has(id) && !inFlight.has(id)).length;
  const unsent = Object.entries(tally.replyStatuses)
    .filter(([status]) => status !== 'sent')
    .reduce((sum, [, n]) => sum + n, 0);
  const drained = pending === 0;
  // Stored at the acknowledgement: an acknowledged update without its event is lost, drained or not.
  const eventsLost = Math.max(0, sentIds.size - tally.events);
  const lost = eventsLost + (drained ? notStored : 0);
  const duplicates = tally.duplicated + sentTwice + phantom + unexpected;
  const missing = drained ? tally.uncovered + neverArrived + unsent + tally.unprocessed + failed : failed;
  const lines = [
    `updates acknowledged ${thousands(sentIds.size)} (+ ${redeliveries} redeliveries): ` +
      `events stored ${thousands(tally.events)}, redeliveries recognised ${tally.redeliveries}, ` +
      `inbound messages ${thousands(tally.inbound)}` +
      (unexpected ? `, ${unexpected} stored that were never sent` : ''),
    `replies: ${thousands(tally.answeredOwn)} messages answered by a reply of their own, ` +
      `${thousands(tally.inbound - tally.answeredOwn - tally.uncovered)} by the reply to a later message of their chat, ` +
      `${tally.uncovered} not answered; ${tally.duplicated} with two replies`,
    `bot replies by status ${JSON.stringify(tally.replyStatuses)}, by kind ${JSON.stringify(tally.replyKinds)}; ` +
      `conversations ${thousands(tally.conversations)}, handed over to a person ${tally.handedOver}`,
    `fake Telegram: ${thousands(calls.totalCalls)} sendMessage calls, ${thousands(atTelegram.size)} messages replied to, ` +
      `${sentTwice} replied to twice, ${neverArrived} sent replies that never arrived, ${phantom} replies the database ` +
      `does not know; ${thousands(calls.chatActions)} "typing…", ${thousands(calls.modelCalls)} model calls`,
    `jobs: ${pending} pending, ${failed} failed`,
    drained
      ? `lost ${lost} ${mark(lost === 0)}, duplicates ${duplicates} ${mark(duplicates === 0)}, missing ${missing} ${mark(missing === 0)}`
      : `NOT DRAINED: ${pending} jobs pending after BENCH_DRAIN_TIMEOUT, so ${notStored} messages and the replies not ` +
        `yet sent are pending, not counted; lost ${lost} ${mark(lost === 0)}, duplicates ${duplicates} ` +
        `${mark(duplicates === 0)}, failed jobs ${failed} ${mark(failed === 0)}`,
  ];
  lines.forEach((line) => console.log(`  ${line}`));
  return { lost, duplicates, missing, pending };
}

function printHeader() {
  const cpu = cpus();
  const [one] = loadavg();
  console.log('Kawan channel pipeline benchmark (npm run bench:pipeline)');
  console.log(
    `  ${new Date().toISOString()}, Node ${process.version}, ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), ` +
      `${Math.round(totalmem() / 2 ** 30)} GiB, load average ${one.toFixed(2)}` +
      (one > cpu.length / 2 ? ' (the machine is busy: expect noisier timings)' : ''),
  );
  console.log(
    `  databases: ${settings.databases.map((d) => (d.serverUrl ? `${d.label} at ${redacted(d.serverUrl)}` : d.label)).join(', ')}` +
      (postgresServer ? '' : ' (set BENCH_DATABASE_URL or TEST_DATABASE_URL to add a PostgreSQL server)'),
  );
  console.log(
    `  warm-up: ${warmTurns} turns; scenario 2: ${settings.turns} turns (BENCH_TURNS) from as many new chats, ` +
      `${settings.concurrency} in flight`,
  );
  console.log(
    `  scenario 1: ${settings.rate} requests/s open loop for ${settings.seconds} s (BENCH_RATE, BENCH_SECONDS) after ` +
      `${settings.warmupSeconds} s of warm-up, ${settings.chats} chats (BENCH_CHATS), every ${settings.redeliverEvery}th ` +
      'a redelivery; then again with the workers stopped',
  );
  console.log(
    '  Kawan as `npm start` runs it, workers in the same process; the fake Telegram Bot API and model in a child of\n' +
      '  their own; the baseline (bare Express 5: verify, store the raw event once, 200) alone before Kawan; every\n' +
      `  wait stops after ${seconds(settings.drainTimeoutMs)} (BENCH_DRAIN_TIMEOUT)`,
  );
}

function printSummary(reports: Report[]) {
  for (const report of reports) {
    const { baseline, kawan, verdict } = report;
    const onServer = report.database.serverUrl !== undefined;
    const target = (text: string, met: boolean) => (onServer ? `${text} ${mark(met)}` : `(${text} on the server)`);
    const rows: string[][] = [];
    for (const [label, p] of [
      ['p50', 50],
      ['p90', 90],
      ['p99', 99],
      ['max', 100],
    ] as const) {
      const k = percentile(kawan.ack.latencies, p);
      const b = percentile(baseline.ack.latencies, p);
      rows.push([
        `ack ${label} ms at ${settings.rate}/s`,
        fixed(k, 2),
        fixed(b, 2),
        fixed(k / b, 2),
        p === 99 ? target(`< ${targets.ackP99Ms} ms`, k < targets.ackP99Ms) : '',
      ]);
    }
    rows.push([`  answers other than 200`, String(kawan.ack.failures), String(baseline.ack.failures), '', '']);
    for (const [label, p] of [
      ['p50', 50],
      ['p99', 99],
    ] as const) {
      const k = percentile(kawan.alone.latencies, p);
      const b = percentile(baseline.ack.latencies, p);
      rows.push([`ack ${label} ms, workers stopped`, fixed(k, 2), fixed(b, 2), fixed(k / b, 2), '']);
    }
    const turns = kawan.turns.turnsPerSecond;
    rows.push([
      'turns/s end to end | baseline: events stored/s',
      turns === undefined
        ? `< ${fixed(kawan.turns.answered / (kawan.turns.elapsedMs / 1000), 1)} (${kawan.turns.answered}/${settings.turns})`
        : fixed(turns, 1),
      fixed(baseline.burst.ackRate, 1),
      turns === undefined ? '' : fixed(turns / baseline.burst.ackRate, 3),
      target(`≥ ${targets.turnsPerSecond}`, (turns ?? 0) >= targets.turnsPerSecond),
    ]);
    const cpu = kawan.turns.cpuMsPerTurn;
    const baseCpu = baseline.cpuMsPerEvent;
    for (const [label, k, b] of [
      ['  CPU ms per turn, Kawan | per event, baseline', cpu.process, baseCpu.process],
      ['  CPU ms per turn, PostgreSQL (this machine)', cpu.postgres, baseCpu.postgres],
    ] as const) {
      if (k === undefined) continue;
      rows.push([label, fixed(k, 2), b === undefined ? '' : fixed(b, 2), b ? fixed(k / b, 1) : '', '']);
    }
    rows.push([
      '  acknowledgements/s in that burst',
      fixed(kawan.burst.ackRate, 1),
      fixed(baseline.burst.ackRate, 1),
      fixed(kawan.burst.ackRate / baseline.burst.ackRate, 2),
      '',
    ]);
    rows.push([
      `  time to drain (last ack → last reply)`,
      kawan.turns.drainMs === null || turns === undefined ? 'n/a' : seconds(kawan.turns.drainMs),
      '',
      '',
      '',
    ]);
    rows.push([
      `scenario 1 drain (${thousands(kawan.ackUpdates)} updates, ${thousands(kawan.ackReplies)} replies)`,
      kawan.ackDrainMs === null || !kawan.ackDrained ? 'not drained' : seconds(kawan.ackDrainMs),
      '',
      '',
      '',
    ]);
    console.log(`\n${report.database.label}:\n`);
    console.log(table(['figure', 'Kawan', 'baseline', 'ratio', 'target'], rows));
    console.log(
      `\n  baseline stored ${thousands(baseline.stored)} raw events for ${thousands(baseline.expected)} distinct updates; ` +
        `Kawan: lost ${verdict.lost}, duplicates ${verdict.duplicates}, ` +
        (verdict.pending ? `NOT DRAINED (${verdict.pending} jobs pending)` : `missing ${verdict.missing}`),
    );
  }
}

// ---- children -----------------------------------------------------------------------------------

type RequestOf<K extends PipelineRequest['type']> = Omit<Extract<PipelineRequest, { type: K }>, 'id'>;
type AnswerOf<K extends PipelineRequest['type']> = Extract<PipelineAnswer, { type: K }>;
let nextRequestId = 1;

/** One request to a child over IPC and its answer (the same id), bounded. */
function ask<K extends PipelineRequest['type']>(
  child: ServerChild,
  request: RequestOf<K> & { type: K },
  timeoutMs = 30_000,
): Promise<AnswerOf<K>> {
  const id = nextRequestId++;
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      clearTimeout(timer);
      child.process.off('message', onMessage);
      child.process.off('exit', onExit);
    };
    const onMessage = (message: PipelineAnswer | { type: 'failed'; error: string }) => {
      if (message.type === 'failed') {
        cleanup();
        reject(new Error(`${child.name}: ${message.error}`));
      } else if (message.type === request.type && message.id === id) {
        cleanup();
        resolve(message as AnswerOf<K>);
      }
    };
    const onExit = () => {
      cleanup();
      reject(new Error(`${child.name} exited while answering ${request.type}`));
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`${child.name}: no answer to ${request.type} after ${timeoutMs} ms`));
    }, timeoutMs);
    child.process.on('message', onMessage);
    child.process.once('exit', onExit);
    child.process.send({ ...request, id });
  });
}

function track(child: ServerChild): ServerChild {
  live.add(child);
  return child;
}

async function untrack(child: ServerChild) {
  await child.stop();
  live.delete(child);
}

function remember(database: DatabaseTarget, name: string | undefined) {
  if (database.serverUrl && name) createdDatabases.push({ serverUrl: database.serverUrl, name });
}

/** Drops the databases the children created if they are still there (a child stopping drops its own). */
async function dropLeftovers() {
  for (const created of createdDatabases.splice(0)) {
    try {
      if (!(await databaseExists(created.serverUrl, created.name))) continue;
      await dropDatabase(created.serverUrl, created.name);
      console.log(`  database ${created.name} dropped by the parent`);
    } catch (error) {
      console.error(`  could not drop ${created.name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

// ---- small helpers ------------------------------------------------------------------------------

function statusCounts(sent: Sent[]): string {
  const counts = new Map<string, number>();
  for (const s of sent) {
    const key = s.status === 0 ? (s.error ?? 'error') : String(s.status);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, n]) => `${key}×${n}`).join(', ');
}

/** A small deterministic generator (mulberry32): the same chats and redeliveries on every run. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** CPU milliseconds per unit of work (a turn, an event), from a `cpuWindow`'s reading. */
function perEach(used: { processMs?: number; postgresMs?: number }, count: number) {
  return {
    ...(used.processMs === undefined ? {} : { process: used.processMs / count }),
    ...(used.postgresMs === undefined ? {} : { postgres: used.postgresMs / count }),
  };
}

/** Whether a PostgreSQL URL names a server on this machine (its processes can be read from /proc). */
function isLocal(url: string): boolean {
  const host = new URL(url).hostname;
  return host === '' || host === 'localhost' || host === '127.0.0.1' || host === '[::1]';
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function whole(name: string, fallback: number, least: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < least) throw new Error(`${name}: a whole number ≥ ${least}`);
  return value;
}

function selectedDatabases(wanted: string | undefined): DatabaseTarget[] {
  if (wanted && !['pglite', 'postgres'].includes(wanted)) throw new Error('BENCH_DB: pglite or postgres');
  if (wanted === 'postgres' && !postgresServer)
    throw new Error('BENCH_DB=postgres needs BENCH_DATABASE_URL or TEST_DATABASE_URL');
  const all: DatabaseTarget[] = [
    { label: 'PGlite (in memory)' },
    ...(postgresServer ? [{ label: 'PostgreSQL server', serverUrl: postgresServer }] : []),
    // Several processes on one server need Redis (the hot cache's invalidations, realtime fan-out).
    ...(postgresServer && process.env.REDIS_URL
      ? [
          {
            label: 'PostgreSQL server, workers in their own process (npm run worker)',
            serverUrl: postgresServer,
            splitWorkers: true,
          },
        ]
      : []),
  ];
  return wanted ? all.filter((d) => (wanted === 'postgres') === (d.serverUrl !== undefined)) : all;
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping the children and dropping their databases`);
    void Promise.all([...live].map((child) => child.stop()))
      .then(dropLeftovers)
      .finally(() => process.exit(130));
  });
}

main().then(
  () => process.exit(),
  async (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    await Promise.all([...live].map((child) => child.stop()));
    await dropLeftovers();
    process.exit(1);
  },
);
