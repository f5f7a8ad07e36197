/**
 * `npm run bench:realtime`: Kawan's realtime server against a bare `ws` broadcast server, measured
 * in the same run (reference/realtime.md §8).
 *
 *   S1 connections held: BENCH_CONNECTIONS sockets (5 000) subscribed over 100 public channels;
 *      server RSS per connection (after GC, against the idle process), handshake p50/p99 (TCP
 *      connect → connection_established), idle CPU while held.
 *   S2 fan-out: BENCH_SUBSCRIBERS sockets (1 000) on one channel, events published at each rate
 *      of BENCH_RATES (10,25,50 per second) through the HTTP API (Kawan: signed POST
 *      /apps/{id}/events; baseline: a bare POST /publish) on a keep-alive agent; deliveries per
 *      second, publish→receive p50/p99 (from the *scheduled* send time, so a stalled publisher
 *      shows as latency), server CPU per delivery, losses.
 *   S6 (only with REDIS_URL): two Kawan processes sharing Redis, subscribers split between them,
 *      publishing through the first: same-process against cross-process latency, and every socket
 *      must see every event exactly once.
 *
 * Layout: each server in its own child process pinned to core 0 (taskset, when present), this
 * process (publisher + every client socket, on `ws`) pinned to core 1. Loopback only; every phase
 * is bounded and the script exits by itself. Timings are noisy: read the ratios of one run and the
 * medians of BENCH_RUNS (3) runs; nothing asserts a threshold.
 */
import { Agent, request } from 'node:http';
import { randomBytes } from 'node:crypto';
import { cpus, loadavg, release, totalmem } from 'node:os';
import { readFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { WebSocket } from 'ws';
import { signedQuery } from '../server/realtime/http-api/signing';
import { benchApp, pinSelf, startBenchChild, type BenchChild, type Probe } from './support/realtime-child';

const settings = {
  runs: positive('BENCH_RUNS', 3),
  connections: positive('BENCH_CONNECTIONS', 5000),
  subscribers: positive('BENCH_SUBSCRIBERS', 1000),
  rates: (process.env.BENCH_RATES ?? '10,25,50')
    .split(',')
    .map(Number)
    .filter((rate) => rate > 0),
  duration: positive('BENCH_DURATION', 5),
  warmup: positive('BENCH_WARMUP', 1),
  redisUrl: process.env.REDIS_URL || undefined,
};

type ServerName = 'kawan' | 'baseline';

interface Target {
  name: ServerName;
  child: BenchChild;
  publish(channel: string, data: string): Promise<void>;
}

interface HeldResult {
  rssPerConnection: number;
  /** JavaScript heap per connection (after GC): steadier than RSS, which the allocator blurs. */
  heapPerConnection: number;
  handshakeP50: number;
  handshakeP99: number;
  idleCpu: number;
  rssHeld: number;
  opened: number;
}

interface FanoutResult {
  deliveriesPerSecond: number;
  p50: number;
  p99: number;
  cpuPerDelivery: number;
  serverCpu: number;
  generatorCpu: number;
  loopP99: number;
  lost: number;
}

const agent = new Agent({ keepAlive: true, maxSockets: 16 });

async function main() {
  const pinned = pinSelf(1);
  printHeader(pinned);
  const children: BenchChild[] = [];
  try {
    const kawan = await startBenchChild('Kawan', './realtime-kawan.ts', {}, 0);
    children.push(kawan);
    const baseline = await startBenchChild('baseline', './realtime-baseline.ts', {}, 0);
    children.push(baseline);
    const targets: Record<ServerName, Target> = {
      kawan: { name: 'kawan', child: kawan, publish: (channel, data) => publishKawan(kawan.port, channel, data) },
      baseline: {
        name: 'baseline',
        child: baseline,
        publish: (channel, data) => post(baseline.port, '/publish', JSON.stringify({ name: 'bench', channel, data })),
      },
    };

    // RSS per connection is measured against each fresh, idle process: the allocator keeps memory
    // freed by an earlier run, so a per-run "before" would understate it.
    const idleRss: Record<ServerName, number> = {
      kawan: (await kawan.probe(true)).rss,
      baseline: (await baseline.probe(true)).rss,
    };
    const held: Record<ServerName, HeldResult[]> = { kawan: [], baseline: [] };
    for (let run = 0; run < settings.runs; run++) {
      // Alternate who goes first so a drift of the machine favours neither.
      for (const name of orderOf(run)) {
        const result = await heldScenario(targets[name], idleRss[name]);
        held[name].push(result);
        console.log(
          `  run ${run + 1}/${settings.runs} ${name.padEnd(8)} S1 ${result.opened} held: ${fixed(result.rssPerConnection, 1)} KiB RSS/conn, ${fixed(result.heapPerConnection, 2)} KiB heap/conn ` +
            `(RSS ${mib(result.rssHeld)} MiB), handshake p50 ${fixed(result.handshakeP50, 1)} / p99 ${fixed(result.handshakeP99, 1)} ms, idle CPU ${fixed(result.idleCpu, 1)} %`,
        );
      }
    }

    // S2: both servers keep their subscribers; each rate is measured run by run, alternating servers.
    const subscribers: Record<ServerName, Clients> = { kawan: new Clients(), baseline: new Clients() };
    for (const name of ['kawan', 'baseline'] as const) {
      await subscribers[name].open(targets[name].child.port, settings.subscribers, () => 'fanout');
    }
    const fanout: Record<ServerName, FanoutResult[][]> = { kawan: [], baseline: [] };
    for (const rate of settings.rates) {
      const perRate: Record<ServerName, FanoutResult[]> = { kawan: [], baseline: [] };
      for (let run = 0; run < settings.runs; run++) {
        for (const name of orderOf(run)) {
          const result = await fanoutScenario(targets[name], subscribers[name], rate);
          perRate[name].push(result);
          console.log(
            `  run ${run + 1}/${settings.runs} ${name.padEnd(8)} S2 ${settings.subscribers} subs × ${rate}/s: ` +
              `${fixed(result.deliveriesPerSecond, 0)} deliveries/s, p50 ${fixed(result.p50, 2)} / p99 ${fixed(result.p99, 2)} ms, ` +
              `server CPU ${fixed(result.serverCpu, 0)} % (${fixed(result.cpuPerDelivery, 2)} µs/delivery), loop p99 ${fixed(result.loopP99, 1)} ms, ` +
              `generator CPU ${fixed(result.generatorCpu, 0)} %${result.lost > 0 ? `, LOST ${result.lost}` : ''}`,
          );
        }
      }
      fanout.kawan.push(perRate.kawan);
      fanout.baseline.push(perRate.baseline);
    }
    for (const clients of Object.values(subscribers)) clients.closeAll();

    let scaling: string[] = [];
    if (settings.redisUrl) scaling = await scalingScenario(settings.redisUrl);

    printSummary(held, fanout, scaling);
  } finally {
    await Promise.all(children.map((child) => child.stop()));
    agent.destroy();
  }
}

/** S1: N sockets over 100 channels, held for 2 s (RSS against the fresh process, heap against this run's start). */
async function heldScenario(target: Target, idleRss: number): Promise<HeldResult> {
  const before = await target.child.probe(true);
  const clients = new Clients();
  await clients.open(target.child.port, settings.connections, (index) => `held-${index % 100}`);
  await sleep(500);
  const start = await target.child.probe(true);
  const started = performance.now();
  await sleep(2000);
  const end = await target.child.probe(false);
  const seconds = (performance.now() - started) / 1000;
  clients.closeAll();
  await waitUntil(async () => (await target.child.probe(false)).connections === 0, 10_000);
  const handshakes = [...clients.handshakes].sort((a, b) => a - b);
  return {
    opened: handshakes.length,
    rssPerConnection: (start.rss - idleRss) / 1024 / settings.connections,
    heapPerConnection: (start.heapUsed - before.heapUsed) / 1024 / settings.connections,
    handshakeP50: percentile(handshakes, 0.5),
    handshakeP99: percentile(handshakes, 0.99),
    idleCpu: cpuPercent(start, end, seconds),
    rssHeld: start.rss,
  };
}

/** S2: one rate on the one channel the subscribers hold: warm-up, then the measured window. */
async function fanoutScenario(target: Target, clients: Clients, rate: number): Promise<FanoutResult> {
  clients.recording = false;
  await drive(target, 'fanout', rate, settings.warmup);
  await sleep(300);
  clients.reset();
  clients.recording = true;
  const serverBefore = await target.child.probe(false);
  const generatorBefore = process.cpuUsage();
  const started = performance.now();
  const published = await drive(target, 'fanout', rate, settings.duration);
  const expected = published * settings.subscribers;
  await waitUntil(() => clients.received >= expected, 5000);
  const seconds = (performance.now() - started) / 1000;
  const serverAfter = await target.child.probe(false);
  const generator = process.cpuUsage(generatorBefore);
  clients.recording = false;
  const latencies = clients.latencies.sort((a, b) => a - b);
  const delivered = clients.received;
  // Deliveries over the span from the first publish to the last receipt: a server that falls
  // behind the offered rate shows a lower figure (and its backlog as latency).
  const span = Math.max(settings.duration, (clients.lastReceipt - started) / 1000);
  return {
    deliveriesPerSecond: delivered / span,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    cpuPerDelivery: (serverAfter.cpu - serverBefore.cpu) / Math.max(1, delivered),
    serverCpu: cpuPercent(serverBefore, serverAfter, seconds),
    generatorCpu: ((generator.user + generator.system) / 1e6 / seconds) * 100,
    loopP99: serverAfter.loopP99,
    lost: Math.max(0, expected - delivered),
  };
}

function orderOf(run: number): ServerName[] {
  return run % 2 === 0 ? ['kawan', 'baseline'] : ['baseline', 'kawan'];
}

/** S6: two Kawan processes on one Redis, subscribers split, publishing through the first. */
async function scalingScenario(redisUrl: string): Promise<string[]> {
  const prefix = `kawan-bench:${randomBytes(4).toString('hex')}`;
  const env = { BENCH_REDIS_URL: redisUrl, BENCH_REDIS_PREFIX: prefix };
  const nodes = [
    await startBenchChild('Kawan A', './realtime-kawan.ts', env, 0),
    await startBenchChild('Kawan B', './realtime-kawan.ts', env, 0),
  ];
  const lines: string[] = [];
  try {
    const rate = settings.rates[Math.floor(settings.rates.length / 2)];
    const half = Math.floor(settings.subscribers / 2);
    const sameNode = new Clients(true);
    const crossNode = new Clients(true);
    await sameNode.open(nodes[0].port, half, () => 'fanout');
    await crossNode.open(nodes[1].port, settings.subscribers - half, () => 'fanout');
    const target: Target = {
      name: 'kawan',
      child: nodes[0],
      publish: (channel, data) => publishKawan(nodes[0].port, channel, data),
    };
    await drive(target, 'fanout', rate, settings.warmup);
    await sleep(500);
    for (const clients of [sameNode, crossNode]) {
      clients.reset();
      clients.recording = true;
    }
    const published = await drive(target, 'fanout', rate, settings.duration);
    await waitUntil(
      () => sameNode.received >= published * half && crossNode.received >= published * (settings.subscribers - half),
      5000,
    );
    await sleep(300);
    const check = (clients: Clients) => {
      let missing = 0;
      let duplicates = 0;
      for (const seen of clients.perSocket.values()) {
        const distinct = new Set(seen);
        duplicates += seen.length - distinct.size;
        missing += published - distinct.size;
      }
      return { missing, duplicates };
    };
    for (const [label, clients] of [
      ['same process', sameNode],
      ['other process', crossNode],
    ] as const) {
      const latencies = clients.latencies.sort((a, b) => a - b);
      const { missing, duplicates } = check(clients);
      const line =
        `${label}: ${clients.sockets.length} subs, p50 ${fixed(percentile(latencies, 0.5), 2)} ms / p99 ${fixed(percentile(latencies, 0.99), 2)} ms, ` +
        `${published} events each, missing ${missing}, duplicates ${duplicates}`;
      lines.push(line);
      console.log(`  S6 ${rate}/s through process A, ${line}`);
    }
    sameNode.closeAll();
    crossNode.closeAll();
    await sleep(500);
  } finally {
    await Promise.all(nodes.map((node) => node.stop()));
  }
  return lines;
}

/** Publishes at a fixed rate for `seconds`; each event carries its scheduled send time. */
async function drive(target: Target, channel: string, rate: number, seconds: number): Promise<number> {
  const interval = 1000 / rate;
  const start = performance.now() + 5;
  const end = start + seconds * 1000;
  const pending: Promise<void>[] = [];
  let count = 0;
  for (;;) {
    const scheduled = start + count * interval;
    if (scheduled >= end) break;
    const wait = scheduled - performance.now();
    if (wait > 1) await sleep(wait);
    pending.push(target.publish(channel, JSON.stringify({ t: scheduled, n: count })));
    count++;
  }
  await Promise.all(pending);
  return count;
}

/** The load generator's sockets: minimal protocol (subscribe, answer pings), latency on receipt. */
class Clients {
  sockets: WebSocket[] = [];
  handshakes: number[] = [];
  latencies: number[] = [];
  received = 0;
  /** performance.now() of the last event received while recording. */
  lastReceipt = 0;
  recording = false;
  /** Event numbers seen per socket (S6 exactly-once check). */
  readonly perSocket = new Map<WebSocket, number[]>();

  constructor(private readonly trackNumbers = false) {}

  reset(): void {
    this.latencies = [];
    this.received = 0;
    for (const seen of this.perSocket.values()) seen.length = 0;
  }

  async open(port: number, count: number, channelOf: (index: number) => string, concurrency = 200): Promise<void> {
    const url = `ws://127.0.0.1:${port}/app/${benchApp.key}?protocol=7&client=js&version=8.6.0&flash=false`;
    let next = 0;
    const worker = async () => {
      while (next < count) {
        const index = next++;
        await this.openOne(url, channelOf(index));
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  }

  closeAll(): void {
    for (const socket of this.sockets) socket.terminate();
    this.sockets = [];
  }

  private openOne(url: string, channel: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const started = performance.now();
      const socket = new WebSocket(url, { perMessageDeflate: false });
      const seen: number[] = [];
      if (this.trackNumbers) this.perSocket.set(socket, seen);
      const timer = setTimeout(() => reject(new Error('subscription timed out')), 30_000);
      socket.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      socket.on('message', (raw) => {
        const text = raw.toString();
        if (text.startsWith('{"event":"bench"')) {
          if (!this.recording) return;
          const now = performance.now();
          this.lastReceipt = now;
          this.received++;
          this.latencies.push(now - numberAfter(text, '\\"t\\":'));
          if (this.trackNumbers) seen.push(numberAfter(text, '\\"n\\":'));
          return;
        }
        const message = JSON.parse(text) as { event: string };
        if (message.event === 'pusher:connection_established') {
          this.handshakes.push(performance.now() - started);
          socket.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth: '' } }));
        } else if (message.event === 'pusher_internal:subscription_succeeded') {
          clearTimeout(timer);
          this.sockets.push(socket);
          resolve();
        } else if (message.event === 'pusher:ping') {
          socket.send('{"event":"pusher:pong","data":"{}"}');
        } else if (message.event === 'pusher:error') {
          clearTimeout(timer);
          reject(new Error(`pusher:error ${text}`));
        }
      });
    });
  }
}

function numberAfter(text: string, marker: string): number {
  const at = text.indexOf(marker);
  return at === -1 ? Number.NaN : Number.parseFloat(text.slice(at + marker.length));
}

function publishKawan(port: number, channel: string, data: string): Promise<void> {
  const path = `/apps/${benchApp.id}/events`;
  const body = JSON.stringify({ name: 'bench', channels: [channel], data });
  return post(port, `${path}?${signedQuery(benchApp, 'POST', path, body)}`, body);
}

function post(port: number, path: string, body: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          response.statusCode === 200 ? resolve() : reject(new Error(`publish answered ${response.statusCode}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function printHeader(pinned: boolean) {
  const cpu = cpus();
  console.log('Kawan realtime benchmark (npm run bench:realtime)');
  console.log(
    `  ${new Date().toISOString()}, Node ${process.version}, kernel ${release()}, ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(totalmem() / 2 ** 30)} GiB`,
  );
  console.log(
    `  ulimit -n ${shell('ulimit -n')}, ip_local_port_range ${readText('/proc/sys/net/ipv4/ip_local_port_range')}`,
  );
  console.log(
    `  layout: each server in a child process${pinned ? ' pinned to core 0' : ''}, the publisher and every client socket in this process${pinned ? ' pinned to core 1' : ''}; 127.0.0.1 only`,
  );
  console.log(
    `  S1 ${settings.connections} connections held; S2 ${settings.subscribers} subscribers × ${settings.rates.join('/')} events/s, ` +
      `${settings.warmup} s warm-up + ${settings.duration} s measured; median of ${settings.runs} runs` +
      (settings.redisUrl ? '; S6 two processes through REDIS_URL' : '; S6 skipped (no REDIS_URL)'),
  );
  console.log(
    '  baseline: bare `ws` broadcast server (frame serialized once, one ws.send per socket, unsigned POST /publish)',
  );
  const [one] = loadavg();
  console.log(
    `  load average before the runs: ${one.toFixed(2)}${one > cpu.length / 2 ? ' (busy machine: expect noise)' : ''}\n`,
  );
}

function printSummary(
  held: Record<ServerName, HeldResult[]>,
  fanout: Record<ServerName, FanoutResult[][]>,
  scaling: string[],
) {
  const heldMedian = (name: ServerName, key: keyof HeldResult) => median(held[name].map((result) => result[key]));
  console.log(`\nS1: ${settings.connections} connections held (median of ${settings.runs})\n`);
  console.log(
    '| server | RSS held MiB | RSS KiB per connection | heap KiB per connection | handshake p50 ms | handshake p99 ms | idle CPU % |',
  );
  console.log('|---|--:|--:|--:|--:|--:|--:|');
  for (const name of ['kawan', 'baseline'] as const) {
    console.log(
      `| ${name === 'kawan' ? 'Kawan' : 'bare ws'} | ${mib(heldMedian(name, 'rssHeld'))} | ${fixed(heldMedian(name, 'rssPerConnection'), 1)} | ` +
        `${fixed(heldMedian(name, 'heapPerConnection'), 2)} | ` +
        `${fixed(heldMedian(name, 'handshakeP50'), 1)} | ${fixed(heldMedian(name, 'handshakeP99'), 1)} | ${fixed(heldMedian(name, 'idleCpu'), 1)} |`,
    );
  }
  const heldRatio = (key: keyof HeldResult) => ratio(heldMedian('kawan', key), heldMedian('baseline', key));
  console.log(
    `| ratio | ${heldRatio('rssHeld')} | ${heldRatio('rssPerConnection')} | ${heldRatio('heapPerConnection')} | ` +
      `${heldRatio('handshakeP50')} | ${heldRatio('handshakeP99')} | |`,
  );

  console.log(`\nS2: fan-out to ${settings.subscribers} subscribers of one channel (median of ${settings.runs})\n`);
  console.log(
    '| events/s | Kawan deliveries/s | bare ws deliveries/s | ratio | Kawan p50 / p99 ms | bare ws p50 / p99 ms | p99 ratio | Kawan µs CPU/delivery | bare ws µs CPU/delivery | CPU ratio | lost |',
  );
  console.log('|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|');
  settings.rates.forEach((rate, index) => {
    // fanout[server][rate index] holds one result per run.
    const pick = (name: ServerName, key: keyof FanoutResult) =>
      median(fanout[name][index].map((result) => result[key]));
    const lost = [...fanout.kawan[index], ...fanout.baseline[index]].reduce((sum, result) => sum + result.lost, 0);
    console.log(
      `| ${rate} | ${fixed(pick('kawan', 'deliveriesPerSecond'), 0)} | ${fixed(pick('baseline', 'deliveriesPerSecond'), 0)} | ` +
        `${ratio(pick('kawan', 'deliveriesPerSecond'), pick('baseline', 'deliveriesPerSecond'))} | ` +
        `${fixed(pick('kawan', 'p50'), 2)} / ${fixed(pick('kawan', 'p99'), 2)} | ${fixed(pick('baseline', 'p50'), 2)} / ${fixed(pick('baseline', 'p99'), 2)} | ` +
        `${ratio(pick('kawan', 'p99'), pick('baseline', 'p99'))} | ${fixed(pick('kawan', 'cpuPerDelivery'), 2)} | ${fixed(pick('baseline', 'cpuPerDelivery'), 2)} | ` +
        `${ratio(pick('kawan', 'cpuPerDelivery'), pick('baseline', 'cpuPerDelivery'))} | ${lost} |`,
    );
  });
  if (scaling.length > 0) {
    console.log('\nS6: two Kawan processes through Redis, publishing through process A\n');
    for (const line of scaling) console.log(`- ${line}`);
  }
}

function cpuPercent(before: Probe, after: Probe, seconds: number): number {
  return ((after.cpu - before.cpu) / 1e6 / seconds) * 100;
}

async function waitUntil(check: () => boolean | Promise<boolean>, timeout: number): Promise<boolean> {
  const deadline = performance.now() + timeout;
  while (performance.now() < deadline) {
    if (await check()) return true;
    await sleep(20);
  }
  return false;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function ratio(a: number, b: number): string {
  return Number.isFinite(a) && Number.isFinite(b) && b !== 0 ? fixed(a / b, 2) : 'n/a';
}

function fixed(value: number, digits: number): string {
  return Number.isFinite(value) ? value.toFixed(digits) : 'n/a';
}

function mib(bytes: number): string {
  return fixed(bytes / 2 ** 20, 0);
}

function positive(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function shell(command: string): string {
  try {
    return execSync(command, { shell: '/bin/sh', encoding: 'utf8' }).trim();
  } catch {
    return '?';
  }
}

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8').trim().replace(/\s+/g, '–');
  } catch {
    return '?';
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
