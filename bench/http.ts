/**
 * `npm run bench:http`: requests per second and p99 latency of Kawan against a bare `node:http`
 * server that answers with the same bytes, measured in the same run.
 *
 * Scenarios (both as a returning guest: the session cookie of one initial GET / is sent back):
 *   1. Inertia JSON visit: GET / with X-Inertia, X-Inertia-Version (the current one), X-Requested-With.
 *   2. First load: GET / answered with the HTML document.
 *
 * Layout: each server runs in its own child process (only one is under load at a time); autocannon
 * runs in this process. On a 2-core machine that gives the server one core and the load generator
 * the other, instead of the two fighting over one event loop. Loopback (127.0.0.1) only; every run
 * is bounded (warm-up + measured seconds) and the script exits by itself.
 *
 * Timings are noisy: the point is the ratio to the in-run baseline, medians of several runs. Nothing
 * here asserts a threshold.
 *
 * Knobs (environment): BENCH_DURATION (s, 5), BENCH_WARMUP (s, 1), BENCH_CONNECTIONS (10), BENCH_RUNS (3).
 */
import { request } from 'node:http';
import { cpus, loadavg, totalmem } from 'node:os';
import { startChild, type ServerChild } from './support/child';
import { load, median, type LoadResult } from './support/load';
import type { CapturedResponse } from './support/protocol';

const settings = {
  duration: positive('BENCH_DURATION', 5),
  warmup: positive('BENCH_WARMUP', 1),
  connections: positive('BENCH_CONNECTIONS', 10),
  runs: positive('BENCH_RUNS', 3),
};

const userAgent = 'kawan-bench/1.0';
const documentAccept = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

interface Fetched {
  status: number;
  contentType: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

interface Scenario {
  key: 'inertia' | 'html';
  label: string;
  headers: Record<string, string>;
}

interface Row {
  scenario: Scenario;
  kawan: LoadResult[];
  baseline: LoadResult[];
}

async function main() {
  const children: ServerChild[] = [];
  try {
    printHeader();

    const kawan = startChild('Kawan', './kawan-server.ts');
    children.push(kawan);
    const kawanReady = await kawan.ready();
    kawanReady.notes.forEach((note) => console.log(`  ${note}`));
    const kawanUrl = `http://127.0.0.1:${kawanReady.port}/`;

    // A guest's first visit: the session starts here; every measured request brings its cookie back.
    const first = await get(kawanUrl, { 'User-Agent': userAgent, Accept: documentAccept });
    if (first.status !== 200) throw new Error(`GET / answered ${first.status}: ${first.body.toString().slice(0, 300)}`);
    const cookies = setCookies(first);
    const sessionCookie = cookies.find((cookie) => cookie.startsWith('kawan_session='));
    if (!sessionCookie) throw new Error(`GET / set no kawan_session cookie (got: ${cookies.join('; ') || 'none'})`);
    const cookie = cookies.join('; ');
    const version = pageVersion(first.body.toString());
    console.log(
      `  returning guest: cookies ${cookies.map((c) => c.split('=')[0]).join(', ')}; asset version "${version}"`,
    );

    const scenarios: Scenario[] = [
      {
        key: 'inertia',
        label: 'guest Inertia JSON visit (GET /)',
        headers: {
          'User-Agent': userAgent,
          Accept: 'text/html, application/xhtml+xml',
          'X-Inertia': 'true',
          'X-Inertia-Version': version,
          'X-Requested-With': 'XMLHttpRequest',
          Cookie: cookie,
        },
      },
      {
        key: 'html',
        label: 'guest first load (GET / HTML)',
        headers: { 'User-Agent': userAgent, Accept: documentAccept, Cookie: cookie },
      },
    ];

    // Capture what Kawan answers to each scenario; the baseline replays exactly that.
    const captured = {} as Record<Scenario['key'], CapturedResponse>;
    for (const scenario of scenarios) {
      const response = await get(kawanUrl, scenario.headers);
      if (response.status !== 200) throw new Error(`${scenario.label}: Kawan answered ${response.status}`);
      if (scenario.key === 'inertia' && response.headers['x-inertia'] !== 'true') {
        throw new Error(`${scenario.label}: no X-Inertia header in the answer (content type ${response.contentType})`);
      }
      const session = setCookies(response).find((c) => c.startsWith('kawan_session='));
      if (session && session !== sessionCookie)
        throw new Error(`${scenario.label}: the session was not recognised (a new one was started)`);
      const again = await get(kawanUrl, scenario.headers);
      const stable = again.body.equals(response.body) ? 'stable across requests' : 'NOT byte-identical across requests';
      console.log(
        `  captured ${scenario.key}: ${response.status} ${response.contentType}, ${response.body.length} bytes, ${stable}`,
      );
      captured[scenario.key] = {
        status: response.status,
        contentType: response.contentType,
        body: response.body.toString('base64'),
      };
    }

    const baseline = startChild('baseline', './baseline-server.ts');
    children.push(baseline);
    baseline.send({ type: 'serve', inertia: captured.inertia, html: captured.html });
    const baselineUrl = `http://127.0.0.1:${(await baseline.ready()).port}/`;
    for (const scenario of scenarios) {
      const replay = await get(baselineUrl, scenario.headers);
      const same =
        replay.status === captured[scenario.key].status &&
        replay.body.equals(Buffer.from(captured[scenario.key].body, 'base64'));
      if (!same) throw new Error(`${scenario.label}: the baseline does not replay Kawan's bytes`);
    }
    console.log('  baseline replays the captured status, content type and body of each scenario\n');

    const rows: Row[] = [];
    for (const scenario of scenarios) {
      const row: Row = { scenario, kawan: [], baseline: [] };
      for (let run = 0; run < settings.runs; run++) {
        // Alternate who goes first so a drift of the machine does not favour one side.
        const order = run % 2 === 0 ? (['kawan', 'baseline'] as const) : (['baseline', 'kawan'] as const);
        for (const target of order) {
          const url = target === 'kawan' ? kawanUrl : baselineUrl;
          await load({ url, headers: scenario.headers, connections: settings.connections, duration: settings.warmup });
          const result = await load({
            url,
            headers: scenario.headers,
            connections: settings.connections,
            duration: settings.duration,
          });
          row[target].push(result);
          console.log(
            `  ${scenario.key.padEnd(7)} run ${run + 1}/${settings.runs} ${target.padEnd(8)} ${fixed(result.rps, 0).padStart(7)} req/s  p99 ${fixed(result.p99, 2).padStart(6)} ms` +
              problems(result),
          );
        }
      }
      rows.push(row);
    }

    // The session still works the same way after the load: Kawan still answers the captured bytes.
    for (const scenario of scenarios) {
      const after = await get(kawanUrl, scenario.headers);
      const same =
        after.status === captured[scenario.key].status &&
        after.body.equals(Buffer.from(captured[scenario.key].body, 'base64'));
      console.log(
        `  after the runs, Kawan's ${scenario.key} answer is ${same ? 'unchanged' : 'DIFFERENT from the captured one'}`,
      );
    }

    printTable(rows);
  } finally {
    await Promise.all(children.map((child) => child.stop()));
  }
}

function printHeader() {
  const cpu = cpus();
  console.log('Kawan HTTP benchmark (npm run bench:http)');
  console.log(
    `  ${new Date().toISOString()}, Node ${process.version}, ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(totalmem() / 2 ** 30)} GiB`,
  );
  console.log(
    '  layout: each server in its own child process (one under load at a time), autocannon in the parent process',
  );
  console.log(
    `  load: autocannon, 127.0.0.1 only, ${settings.connections} connections, no pipelining, ` +
      `${settings.warmup} s warm-up + ${settings.duration} s measured per run, median of ${settings.runs} runs`,
  );
  console.log('  baseline: bare node:http replaying the status, content type and body captured from Kawan');
  const [one, five] = loadavg();
  console.log(
    `  load average before the runs: ${one.toFixed(2)} (1 min), ${five.toFixed(2)} (5 min)` +
      (one > cpu.length / 2 ? ': the machine is busy, expect noisier figures' : ''),
  );
}

function printTable(rows: Row[]) {
  const header = ['scenario', 'Kawan req/s', 'baseline req/s', 'ratio', 'Kawan p99 ms', 'baseline p99 ms', 'p99 ratio'];
  const body = rows.map(({ scenario, kawan, baseline }) => {
    const k = { rps: median(kawan.map((r) => r.rps)), p99: median(kawan.map((r) => r.p99)) };
    const b = { rps: median(baseline.map((r) => r.rps)), p99: median(baseline.map((r) => r.p99)) };
    return [
      scenario.label,
      fixed(k.rps, 0),
      fixed(b.rps, 0),
      fixed(k.rps / b.rps, 2),
      fixed(k.p99, 2),
      fixed(b.p99, 2),
      fixed(k.p99 / b.p99, 1),
    ];
  });
  const widths = header.map((title, i) => Math.max(title.length, ...body.map((cells) => cells[i].length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join(' | ')} |`;
  console.log(
    `\nMedians of ${settings.runs} runs (ratio = Kawan / baseline; req/s higher is better, p99 lower is better):\n`,
  );
  console.log(line(header));
  console.log(
    `|${widths.map((width, i) => (i === 0 ? '-'.repeat(width + 2) : `${'-'.repeat(width + 1)}:`)).join('|')}|`,
  );
  body.forEach((cells) => console.log(line(cells)));
  const failures = rows
    .flatMap((row) => [...row.kawan, ...row.baseline])
    .some((r) => r.non2xx + r.errors + r.timeouts > 0);
  if (failures)
    console.log(
      '\nSome runs had non-2xx answers, errors or timeouts (see the per-run lines): their figures count 2xx only.',
    );
}

function problems(result: LoadResult): string {
  const parts = [
    result.non2xx
      ? `${result.non2xx} non-2xx: ${Object.entries(result.statuses)
          .map(([status, count]) => `${status}×${count}`)
          .join(', ')}`
      : '',
    result.errors ? `${result.errors} errors` : '',
    result.timeouts ? `${result.timeouts} timeouts` : '',
  ].filter(Boolean);
  return parts.length ? `  (${parts.join(', ')})` : '';
}

/** One GET on a fresh connection. */
function get(url: string, headers: Record<string, string>): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'GET', headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          contentType: res.headers['content-type'] ?? '',
          headers: res.headers,
          body: Buffer.concat(chunks),
        }),
      );
      res.on('error', reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`GET ${url} timed out`)));
    req.on('error', reject);
    req.end();
  });
}

/** `name=value` of each Set-Cookie. */
function setCookies(response: Fetched): string[] {
  const lines = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  return lines.map((line) => line.split(';')[0]);
}

/** The asset version of the page object embedded in a first-load document. */
function pageVersion(html: string): string {
  const match = /<script data-page="app" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error(`No page object in the first-load document: ${html.slice(0, 300)}`);
  const page = JSON.parse(match[1]) as { version?: string | null };
  return page.version ?? '';
}

function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number (got "${raw}")`);
  return value;
}

function fixed(value: number, digits: number): string {
  return Number.isFinite(value) ? value.toFixed(digits) : 'n/a';
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
