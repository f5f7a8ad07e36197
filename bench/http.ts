/**
 * `npm run bench:http`: requests per second and p99 latency of Kawan against two baselines answering
 * the same bytes, measured in the same run: a bare Express 5 app (the framework's own ceiling: Kawan
 * runs on Express) and a bare `node:http` server (the floor).
 *
 * Scenarios (keys for BENCH_SCENARIOS):
 *   guest-inertia  GET / as an Inertia visit (X-Inertia, the current X-Inertia-Version, X-Requested-With)
 *                  by a returning guest (the session cookie of one first visit is sent back);
 *   guest-html     GET / answered with the HTML document, same guest;
 *   dashboard      GET /dashboard as an Inertia visit, signed in (demo@kawan.test through the real
 *                  POST /login; the session, the user, the current team, permissions and the unread
 *                  notifications count all resolved);
 *   team           GET /teams/{current team} as an Inertia visit, signed in;
 *   form-invalid   PUT /teams/{id} {"name": ""} as Inertia submits it (X-XSRF-TOKEN, Referer, the
 *                  updateTeamName error bag): validation fails, 303 back, the errors flashed through
 *                  the session;
 *   form-valid     PUT /teams/{id} with the team's own name: succeeds, 303 back.
 * Each signed-in scenario has a session of its own (a sign-in each), so one's flashed errors never
 * reach another.
 *
 * Each scenario is captured from Kawan first (status, content type, Location when present, body);
 * the baselines replay those bytes, picking the answer by the X-Bench-Scenario header the parent
 * adds to every request (Kawan ignores it).
 *
 * Databases: each scenario on PGlite (a temporary data directory a short-lived process creates,
 * migrates and seeds, so that initdb's memory is not counted), then again on a PostgreSQL server when
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set: the Kawan child creates a fresh database there
 * (kawan_bench_<random>), migrates and seeds it, and drops it when it stops; the parent drops it
 * again if it is still there, also when interrupted.
 *
 * Memory: the Kawan child runs with --expose-gc and reports process.memoryUsage() over IPC: at rest
 * (after start-up and the warm-up requests, after a forced GC), after each of its runs, after each
 * scenario (before and after a GC), and at the end.
 *
 * Layout: each server runs in its own child process (only one is under load at a time); autocannon
 * runs in this process. On a 2-core machine that gives the server one core and the load generator
 * the other, instead of the two fighting over one event loop. Loopback (127.0.0.1) only; every run
 * is bounded (warm-up + measured seconds) and the script exits by itself.
 *
 * Timings are noisy: the point is the ratio to the in-run baselines, medians of several runs. The
 * issue's targets are printed beside the figures; nothing here asserts a threshold.
 *
 * Knobs (environment): BENCH_DURATION (s, 5), BENCH_WARMUP (s, 1), BENCH_CONNECTIONS (10),
 * BENCH_RUNS (3), BENCH_SCENARIOS (comma-separated keys, all by default), BENCH_DATABASE_URL,
 * BENCH_PROFILE (a directory: the Kawan child writes a V8 CPU profile there when it stops).
 */
import { cpus, loadavg, totalmem } from 'node:os';
import { buildChild, startChild, type ServerChild } from './support/child';
import { load, median, type LoadResult } from './support/load';
import { CookieJar, pageObject, send, setCookies, type Fetched, type RequestSpec } from './support/http-client';
import { databaseExists, dropDatabase, redacted } from './support/postgres';
import {
  postgresServerVariable,
  scenarioHeader,
  type CapturedResponse,
  type MemoryMessage,
  type ReplayRoute,
} from './support/protocol';

const userAgent = 'kawan-bench/1.0';
const documentAccept = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const demo = { email: 'demo@kawan.test', password: 'password' };
const sessionCookie = 'kawan_session';

/** The issue's targets (#13), printed beside the figures. */
const targets = { p99Ms: 20, p99Connections: 10, restRssMb: 250 };

type ScenarioKey = 'guest-inertia' | 'guest-html' | 'dashboard' | 'team' | 'form-invalid' | 'form-valid';

interface ScenarioDefinition {
  key: ScenarioKey;
  label: string;
  signedIn: boolean;
  method: 'GET' | 'PUT';
  /** The route as Express writes it (the Express baseline declares it). */
  route: string;
  expectedStatus: number;
  /** Target of Kawan / Express req/s. */
  ratioTarget?: number;
}

const catalogue: ScenarioDefinition[] = [
  {
    key: 'guest-inertia',
    label: 'guest Inertia visit (GET /)',
    signedIn: false,
    method: 'GET',
    route: '/',
    expectedStatus: 200,
    ratioTarget: 0.5,
  },
  {
    key: 'guest-html',
    label: 'guest first load (GET / HTML)',
    signedIn: false,
    method: 'GET',
    route: '/',
    expectedStatus: 200,
  },
  {
    key: 'dashboard',
    label: 'signed-in Inertia visit (GET /dashboard)',
    signedIn: true,
    method: 'GET',
    route: '/dashboard',
    expectedStatus: 200,
    ratioTarget: 0.25,
  },
  {
    key: 'team',
    label: 'signed-in team page (GET /teams/{id})',
    signedIn: true,
    method: 'GET',
    route: '/teams/:team',
    expectedStatus: 200,
  },
  {
    key: 'form-invalid',
    label: 'form failing validation (PUT /teams/{id}, 303)',
    signedIn: true,
    method: 'PUT',
    route: '/teams/:team',
    expectedStatus: 303,
  },
  {
    key: 'form-valid',
    label: 'form succeeding (PUT /teams/{id}, 303)',
    signedIn: true,
    method: 'PUT',
    route: '/teams/:team',
    expectedStatus: 303,
  },
];

const settings = {
  duration: positive('BENCH_DURATION', 5),
  warmup: positive('BENCH_WARMUP', 1),
  connections: positive('BENCH_CONNECTIONS', 10),
  runs: positive('BENCH_RUNS', 3),
  scenarios: selectedScenarios(),
};

interface DatabaseTarget {
  label: string;
  /** The PostgreSQL server the Kawan child creates its database on; none for PGlite. */
  serverUrl?: string;
}

/** Where the Kawan child writes a V8 CPU profile (--cpu-prof) when it stops. */
const profileDir = process.env.BENCH_PROFILE || undefined;

const postgresServer = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
const databases: DatabaseTarget[] = [
  { label: 'PGlite (a data directory)' },
  ...(postgresServer ? [{ label: 'PostgreSQL server', serverUrl: postgresServer }] : []),
];

interface Scenario extends ScenarioDefinition {
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Checks Kawan's state behind an answer that its status alone cannot tell (the form scenarios). */
  verify?: () => Promise<string>;
}

type Target = 'kawan' | 'express' | 'node';
const targetNames: Record<Target, string> = { kawan: 'Kawan', express: 'Express', node: 'node:http' };

interface Row {
  scenario: Scenario;
  results: Record<Target, LoadResult[]>;
}

interface MemoryLine {
  label: string;
  /** Right after the load, no GC forced. */
  loaded?: MemoryMessage;
  /** After a forced GC. */
  collected?: MemoryMessage;
}

interface DatabaseReport {
  database: DatabaseTarget;
  rows: Row[];
  memory: MemoryLine[];
  warnings: string[];
}

/** Everything to stop and drop, also when interrupted. */
const live = new Set<ServerChild>();
const createdDatabases: { serverUrl: string; name: string }[] = [];

async function main() {
  const started = Date.now();
  printHeader();
  const reports: DatabaseReport[] = [];
  for (const database of databases) reports.push(await benchDatabase(database));
  for (const report of reports) printReport(report);
  console.log(`\nTook ${minutes((Date.now() - started) / 1000)}.`);
}

async function benchDatabase(database: DatabaseTarget): Promise<DatabaseReport> {
  console.log(`\n== ${database.label} ==`);
  const warnings: string[] = [];
  const kawan = track(
    startChild('Kawan', './kawan-server.ts', {
      built: await buildChild('kawan-server', './kawan-server.ts'),
      flags: ['--expose-gc', ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [])],
      env: database.serverUrl ? { [postgresServerVariable]: database.serverUrl } : {},
    }),
  );
  let baselines: Record<'express' | 'node', ServerChild> | undefined;
  try {
    const ready = await kawan.ready();
    if (ready.createdDatabase && database.serverUrl)
      createdDatabases.push({ serverUrl: database.serverUrl, name: ready.createdDatabase });
    ready.notes.forEach((note) => console.log(`  ${note}`));
    const origin = `http://127.0.0.1:${ready.port}`;

    const scenarios = await prepareScenarios(origin);

    // Capture what Kawan answers to each scenario (and warm it up); the baselines replay that.
    const captured = new Map<ScenarioKey, { response: CapturedResponse; stable: boolean }>();
    for (const scenario of scenarios) captured.set(scenario.key, await capture(origin, scenario));
    for (const scenario of scenarios) {
      if (scenario.verify) console.log(`  ${scenario.key}: ${await scenario.verify()}`);
    }

    const memory: MemoryLine[] = [
      { label: 'at rest (after start-up and warm-up)', collected: await kawan.memory(true) },
    ];
    console.log(`  Kawan at rest: ${memoryText(memory[0].collected)}`);

    const routes: ReplayRoute[] = scenarios.map((scenario) => ({
      key: scenario.key,
      method: scenario.method,
      route: scenario.route,
      response: captured.get(scenario.key)!.response,
    }));
    baselines = {
      express: track(startChild('Express', './express-baseline.ts')),
      node: track(startChild('node:http', './baseline-server.ts')),
    };
    const urls: Record<Target, string> = { kawan: origin, express: '', node: '' };
    for (const target of ['express', 'node'] as const) {
      baselines[target].send({ type: 'serve', routes });
      urls[target] = `http://127.0.0.1:${(await baselines[target].ready()).port}`;
      for (const scenario of scenarios) {
        const replay = await send(urls[target] + scenario.path, requestOf(scenario));
        const difference = differs(replay, captured.get(scenario.key)!.response);
        if (difference)
          throw new Error(`${scenario.key}: the ${targetNames[target]} baseline does not replay Kawan's ${difference}`);
      }
    }
    console.log(
      '  both baselines (Express, node:http) replay the captured status, content type, Location and body of each scenario\n',
    );

    const rows: Row[] = [];
    const order: Target[] = ['kawan', 'express', 'node'];
    for (const scenario of scenarios) {
      const row: Row = { scenario, results: { kawan: [], express: [], node: [] } };
      for (let run = 0; run < settings.runs; run++) {
        // Rotate who goes first so a drift of the machine does not favour one side.
        const rotated = order.map((_, i) => order[(i + run) % order.length]);
        for (const target of rotated) {
          const options = {
            url: urls[target] + scenario.path,
            method: scenario.method,
            headers: scenario.headers,
            body: scenario.body,
            expectedStatus: scenario.expectedStatus,
            connections: settings.connections,
          };
          await load({ ...options, duration: settings.warmup });
          const result = await load({ ...options, duration: settings.duration });
          if (kawan.exited) throw new Error(`the Kawan server exited during the ${scenario.key} runs`);
          row.results[target].push(result);
          const rss = target === 'kawan' ? `  rss ${mb((await kawan.memory(false)).rss)}` : '';
          console.log(
            `  ${scenario.key.padEnd(13)} run ${run + 1}/${settings.runs} ${targetNames[target].padEnd(9)} ` +
              `${fixed(result.rps, 0).padStart(7)} req/s  p99 ${fixed(result.p99, 2).padStart(7)} ms${rss}` +
              problems(result, scenario.expectedStatus),
          );
        }
      }
      rows.push(row);
      const line: MemoryLine = {
        label: `after ${scenario.key}`,
        loaded: await kawan.memory(false),
        collected: await kawan.memory(true),
      };
      memory.push(line);
      console.log(`  Kawan ${line.label}: ${memoryText(line.loaded)}; after a GC ${memoryText(line.collected)}`);
      if (scenario.verify) console.log(`  ${scenario.key} after the runs: ${await scenario.verify()}`);
    }

    // Kawan still answers the captured bytes after the load.
    for (const scenario of scenarios) {
      const { response, stable } = captured.get(scenario.key)!;
      const difference = differs(await send(origin + scenario.path, requestOf(scenario)), response);
      const verdict = !difference
        ? 'is unchanged'
        : stable
          ? `is DIFFERENT from the captured one (${difference})`
          : `differs in its ${difference}, as it did between two requests at capture`;
      if (difference && stable)
        warnings.push(`${scenario.key}: Kawan's answer changed during the runs (${difference})`);
      console.log(`  after the runs, Kawan's ${scenario.key} answer ${verdict}`);
    }
    const end: MemoryLine = { label: 'at the end', collected: await kawan.memory(true) };
    memory.push(end);
    console.log(`  Kawan ${end.label}: ${memoryText(end.collected)}`);

    for (const row of rows) {
      for (const target of order) {
        const bad = row.results[target].filter((r) => r.unexpected + r.errors + r.timeouts > 0).length;
        if (bad)
          warnings.push(
            `${row.scenario.key}: ${bad} ${targetNames[target]} run(s) had unexpected statuses, errors or timeouts`,
          );
      }
    }
    return { database, rows, memory, warnings };
  } finally {
    await Promise.all([kawan, ...Object.values(baselines ?? {})].map((child) => untrack(child)));
    await dropLeftovers();
  }
}

/** Signs in where needed and builds the requests of the selected scenarios. */
async function prepareScenarios(origin: string): Promise<Scenario[]> {
  // A guest's first visit: the session starts here; every guest request brings its cookies back.
  const first = await send(`${origin}/`, {
    method: 'GET',
    headers: { 'User-Agent': userAgent, Accept: documentAccept },
  });
  if (first.status !== 200) throw new Error(`GET / answered ${first.status}: ${first.body.toString().slice(0, 300)}`);
  const guest = new CookieJar().take(first);
  if (!guest.get(sessionCookie))
    throw new Error(`GET / set no ${sessionCookie} cookie (got: ${guest.names().join(', ')})`);
  const version = pageObject(first).version ?? '';
  console.log(`  returning guest: cookies ${guest.names().join(', ')}; asset version "${version}"`);

  const inertiaHeaders = (key: ScenarioKey, jar: CookieJar): Record<string, string> => ({
    'User-Agent': userAgent,
    Accept: 'text/html, application/xhtml+xml',
    'X-Inertia': 'true',
    'X-Inertia-Version': version,
    'X-Requested-With': 'XMLHttpRequest',
    Cookie: jar.header(),
    [scenarioHeader]: key,
  });

  const selected = catalogue.filter((definition) => settings.scenarios.includes(definition.key));
  let team: { id: number; name: string } | undefined;
  if (selected.some((definition) => definition.signedIn)) {
    const probe = await signIn(origin, version);
    const dashboard = await send(`${origin}/dashboard`, {
      method: 'GET',
      headers: inertiaHeaders('dashboard', probe),
    });
    if (dashboard.status !== 200) throw new Error(`GET /dashboard after signing in answered ${dashboard.status}`);
    const props = pageObject(dashboard).props as {
      auth?: { user?: { email?: string; current_team?: { id: number; name: string } | null } };
      notifications?: { unread_count?: number };
    };
    const current = props.auth?.user?.current_team;
    if (!current) throw new Error(`the signed-in dashboard has no auth.user.current_team`);
    team = { id: current.id, name: current.name };
    console.log(
      `  signed in as ${props.auth?.user?.email ?? '?'} through POST /login (one session per signed-in scenario); ` +
        `current team ${team.id} "${team.name}"; unread notifications ${props.notifications?.unread_count ?? 'not shared'}`,
    );
  }

  const scenarios: Scenario[] = [];
  for (const definition of selected) {
    const key = definition.key;
    if (key === 'guest-inertia') {
      scenarios.push({ ...definition, path: '/', headers: inertiaHeaders(key, guest) });
    } else if (key === 'guest-html') {
      scenarios.push({
        ...definition,
        path: '/',
        headers: { 'User-Agent': userAgent, Accept: documentAccept, Cookie: guest.header(), [scenarioHeader]: key },
      });
    } else if (key === 'dashboard') {
      scenarios.push({
        ...definition,
        path: '/dashboard',
        headers: inertiaHeaders(key, await signIn(origin, version)),
      });
    } else if (key === 'team') {
      const jar = await signIn(origin, version);
      scenarios.push({ ...definition, path: `/teams/${team!.id}`, headers: inertiaHeaders(key, jar) });
    } else {
      const jar = await signIn(origin, version);
      const teamPath = `/teams/${team!.id}`;
      const name = key === 'form-invalid' ? '' : team!.name;
      scenarios.push({
        ...definition,
        path: teamPath,
        headers: {
          ...inertiaHeaders(key, jar),
          'Content-Type': 'application/json',
          'X-XSRF-TOKEN': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
          'X-Inertia-Error-Bag': 'updateTeamName',
          Origin: origin,
          Referer: origin + teamPath,
        },
        body: JSON.stringify({ name }),
        verify: () => verifyForm(origin + teamPath, inertiaHeaders(key, jar), key, team!.name),
      });
    }
  }
  return scenarios;
}

/**
 * Signs in as the demo user through the real forms: GET /login (the session and its XSRF token),
 * then POST /login as Inertia submits it. Returns the browser's cookies afterwards.
 */
async function signIn(origin: string, version: string): Promise<CookieJar> {
  const jar = new CookieJar();
  const page = await send(`${origin}/login`, {
    method: 'GET',
    headers: { 'User-Agent': userAgent, Accept: documentAccept },
  });
  if (page.status !== 200) throw new Error(`GET /login answered ${page.status}`);
  jar.take(page);
  const xsrf = jar.get('XSRF-TOKEN');
  if (!xsrf) throw new Error(`GET /login set no XSRF-TOKEN cookie (got: ${jar.names().join(', ')})`);
  const login = await send(`${origin}/login`, {
    method: 'POST',
    headers: {
      'User-Agent': userAgent,
      Accept: 'text/html, application/xhtml+xml',
      'Content-Type': 'application/json',
      'X-Inertia': 'true',
      'X-Inertia-Version': version,
      'X-Requested-With': 'XMLHttpRequest',
      'X-XSRF-TOKEN': decodeURIComponent(xsrf),
      Origin: origin,
      Referer: `${origin}/login`,
      Cookie: jar.header(),
    },
    body: JSON.stringify({ email: demo.email, password: demo.password, remember: false }),
  });
  if (login.status !== 303 || !login.location?.endsWith('/dashboard'))
    throw new Error(
      `POST /login answered ${login.status} (Location ${login.location ?? 'none'}): ${login.body.toString().slice(0, 300)}`,
    );
  jar.take(login);
  return jar;
}

/**
 * What a form submission left behind, read as the browser would by following the redirect: the
 * failing one flashed the updateTeamName errors, the succeeding one none and the name stands.
 */
async function verifyForm(url: string, headers: Record<string, string>, key: ScenarioKey, teamName: string) {
  const response = await send(url, { method: 'GET', headers });
  if (response.status !== 200) throw new Error(`${key}: following the redirect answered ${response.status}`);
  const props = pageObject(response).props as {
    errors?: Record<string, Record<string, string>>;
    team?: { name?: string };
  };
  const bag = props.errors?.updateTeamName;
  if (key === 'form-invalid') {
    if (!bag?.name)
      throw new Error(`${key}: no updateTeamName.name error flashed (errors: ${JSON.stringify(props.errors)})`);
    return `the redirect's page shows the flashed error updateTeamName.name "${bag.name}"`;
  }
  if (props.errors && Object.keys(props.errors).length > 0)
    throw new Error(`${key}: the submission flashed errors: ${JSON.stringify(props.errors)}`);
  if (props.team?.name !== undefined && props.team.name !== teamName)
    throw new Error(`${key}: the team is now called "${props.team.name}", not "${teamName}"`);
  return `the redirect's page shows no errors and the team still called "${teamName}"`;
}

/** The scenario's request, once, checked and captured; then a few more to warm Kawan up. */
async function capture(origin: string, scenario: Scenario) {
  const response = await send(origin + scenario.path, requestOf(scenario));
  if (response.status !== scenario.expectedStatus)
    throw new Error(
      `${scenario.key}: Kawan answered ${response.status}, not ${scenario.expectedStatus}: ${response.body.toString().slice(0, 300)}`,
    );
  if (scenario.expectedStatus === 200 && scenario.headers['X-Inertia'] && response.headers['x-inertia'] !== 'true')
    throw new Error(`${scenario.key}: no X-Inertia header in the answer (content type ${response.contentType})`);
  if (scenario.expectedStatus === 303 && response.location !== scenario.headers.Referer)
    throw new Error(`${scenario.key}: redirected to ${response.location ?? 'nowhere'}, not back to the form`);
  const session = setCookies(response).find((c) => c.startsWith(`${sessionCookie}=`));
  const sent = scenario.headers.Cookie.split('; ').find((c) => c.startsWith(`${sessionCookie}=`));
  if (session && session !== sent)
    throw new Error(`${scenario.key}: the session was not recognised (a new one was started)`);
  const captured: CapturedResponse = {
    status: response.status,
    contentType: response.contentType,
    ...(response.location !== undefined ? { location: response.location } : {}),
    body: response.body.toString('base64'),
  };
  const again = await send(origin + scenario.path, requestOf(scenario));
  const stable = !differs(again, captured);
  for (let i = 0; i < 8; i++) {
    const warm = await send(origin + scenario.path, requestOf(scenario));
    if (warm.status !== scenario.expectedStatus)
      throw new Error(`${scenario.key}: a warm-up request answered ${warm.status}`);
  }
  console.log(
    `  captured ${scenario.key}: ${response.status} ${response.contentType}` +
      (response.location ? `, Location ${response.location}` : '') +
      `, ${response.body.length} bytes, ${stable ? 'stable across requests' : 'NOT byte-identical across requests'}`,
  );
  return { response: captured, stable };
}

function requestOf(scenario: Scenario): RequestSpec {
  return { method: scenario.method, headers: scenario.headers, body: scenario.body };
}

/** What of a response differs from a captured one ('' when nothing). */
function differs(response: Fetched, captured: CapturedResponse): string {
  const parts = [
    response.status !== captured.status ? `status (${response.status}, captured ${captured.status})` : '',
    response.contentType !== captured.contentType
      ? `content type (${response.contentType}, captured ${captured.contentType})`
      : '',
    response.location !== captured.location ? `Location (${response.location}, captured ${captured.location})` : '',
    response.body.equals(Buffer.from(captured.body, 'base64'))
      ? ''
      : bodyDifference(response.body, Buffer.from(captured.body, 'base64')),
  ];
  return parts.filter(Boolean).join(', ');
}

/**
 * 'body', naming the first JSON paths that differ when both are JSON (an Inertia page): a figure
 * that depends on the clock, such as the dashboard's longest wait in seconds, shows as such.
 */
function bodyDifference(now: Buffer, captured: Buffer): string {
  let a: unknown;
  let b: unknown;
  try {
    a = JSON.parse(now.toString('utf8'));
    b = JSON.parse(captured.toString('utf8'));
  } catch {
    return 'body';
  }
  const paths: string[] = [];
  const walk = (x: unknown, y: unknown, path: string) => {
    if (paths.length >= 3) return;
    if (x !== null && y !== null && typeof x === 'object' && typeof y === 'object') {
      const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
      for (const key of keys)
        walk((x as Record<string, unknown>)[key], (y as Record<string, unknown>)[key], path ? `${path}.${key}` : key);
    } else if (JSON.stringify(x) !== JSON.stringify(y)) paths.push(path);
  };
  walk(a, b, '');
  return paths.length > 0 ? `body: ${paths.join(', ')}` : 'body (the same JSON, written differently)';
}

function track(child: ServerChild): ServerChild {
  live.add(child);
  return child;
}

async function untrack(child: ServerChild) {
  await child.stop();
  live.delete(child);
}

/**
 * Drops the databases the Kawan children created, if they are still there (a child stopping
 * normally drops its own), and says so.
 */
async function dropLeftovers() {
  for (const created of createdDatabases.splice(0)) {
    try {
      await dropDatabase(created.serverUrl, created.name);
      const left = await databaseExists(created.serverUrl, created.name);
      console.log(`  database ${created.name} ${left ? 'STILL EXISTS after dropping it' : 'dropped'}`);
    } catch (error) {
      console.error(
        `  could not drop ${created.name} on ${redacted(created.serverUrl)}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
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
  console.log(
    '  baselines: a bare Express 5 app (one route per scenario, res.status().type().set().send()) and a bare node:http\n' +
      '  server, both replaying the status, content type, Location and body captured from Kawan',
  );
  console.log(`  scenarios: ${settings.scenarios.join(', ')} (BENCH_SCENARIOS picks some)`);
  console.log(
    `  databases: ${databases.map((d) => (d.serverUrl ? `${d.label} at ${redacted(d.serverUrl)}` : d.label)).join(', ')}` +
      (postgresServer ? '' : ' (set BENCH_DATABASE_URL or TEST_DATABASE_URL to add a PostgreSQL server)'),
  );
  // Three servers per run of each scenario; about 20 s of start-up, sign-ins and captures per database.
  const perDatabase = settings.scenarios.length * settings.runs * 3 * (settings.warmup + settings.duration + 0.1) + 20;
  console.log(
    `  expected duration: about ${minutes(perDatabase)} per database, ${minutes(perDatabase * databases.length)} in all`,
  );
  const [one, five] = loadavg();
  console.log(
    `  load average before the runs: ${one.toFixed(2)} (1 min), ${five.toFixed(2)} (5 min)` +
      (one > cpu.length / 2 ? ': the machine is busy, expect noisier figures' : ''),
  );
}

function printReport({ database, rows, memory, warnings }: DatabaseReport) {
  const header = [
    'scenario',
    'Kawan req/s',
    'Express req/s',
    'node:http req/s',
    'Kawan/Express',
    'target',
    'Express/node:http',
    'Kawan p99 ms',
    'Express p99 ms',
    'node:http p99 ms',
    'p99 target',
  ];
  const body = rows.map(({ scenario, results }) => {
    const rps = (target: Target) => median(results[target].map((r) => r.rps));
    const p99 = (target: Target) => median(results[target].map((r) => r.p99));
    const ratio = rps('kawan') / rps('express');
    return [
      scenario.label,
      fixed(rps('kawan'), 0),
      fixed(rps('express'), 0),
      fixed(rps('node'), 0),
      fixed(ratio, 2),
      scenario.ratioTarget === undefined
        ? ''
        : `≥ ${scenario.ratioTarget.toFixed(2)} ${ratio >= scenario.ratioTarget ? 'met' : 'not met'}`,
      fixed(rps('express') / rps('node'), 2),
      fixed(p99('kawan'), 2),
      fixed(p99('express'), 2),
      fixed(p99('node'), 2),
      `< ${targets.p99Ms} ${p99('kawan') < targets.p99Ms ? 'met' : 'not met'}`,
    ];
  });
  const widths = header.map((title, i) => Math.max(title.length, ...body.map((cells) => cells[i].length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join(' | ')} |`;
  console.log(
    `\n${database.label}: medians of ${settings.runs} runs, ${settings.connections} connections ` +
      "(req/s higher is better, p99 lower is better; Kawan/Express is Kawan against the framework's own ceiling, " +
      "Express/node:http the framework's share):\n",
  );
  console.log(line(header));
  console.log(
    `|${widths.map((width, i) => (i === 0 ? '-'.repeat(width + 2) : `${'-'.repeat(width + 1)}:`)).join('|')}|`,
  );
  body.forEach((cells) => console.log(line(cells)));
  console.log(
    `\n  targets (issue #13, information only): Kawan/Express ≥ 0.5 for the guest Inertia visit and ≥ 0.25 for the ` +
      `signed-in dashboard; Kawan p99 < ${targets.p99Ms} ms at ${targets.p99Connections} connections` +
      (settings.connections === targets.p99Connections ? '' : ` (this run used ${settings.connections})`) +
      `; RSS < ${targets.restRssMb} MB at rest on PGlite, no growth across runs`,
  );
  console.log('  Kawan memory (rss, heap used):');
  for (const entry of memory) {
    const parts = [
      entry.loaded ? `right after the load ${memoryText(entry.loaded)}` : '',
      entry.collected ? `${entry.loaded ? 'after a GC ' : ''}${memoryText(entry.collected)}` : '',
    ].filter(Boolean);
    console.log(`    ${entry.label.padEnd(38)} ${parts.join('; ')}`);
  }
  const rest = memory[0]?.collected;
  const last = memory[memory.length - 1]?.collected;
  if (rest && last)
    console.log(
      `    growth from rest to the end (after a GC): ${signedMb(last.rss - rest.rss)} rss, ${signedMb(last.heapUsed - rest.heapUsed)} heap` +
        (database.serverUrl
          ? ''
          : `; at rest ${rest.rss / 1e6 < targets.restRssMb ? 'under' : 'OVER'} ${targets.restRssMb} MB`),
    );
  if (warnings.length) {
    console.log('  warnings:');
    warnings.forEach((warning) => console.log(`    ${warning}`));
  }
}

function problems(result: LoadResult, expected: number): string {
  const parts = [
    result.unexpected
      ? `${result.unexpected} not ${expected}: ${Object.entries(result.statuses)
          .map(([status, count]) => `${status}×${count}`)
          .join(', ')}`
      : '',
    result.errors ? `${result.errors} errors` : '',
    result.timeouts ? `${result.timeouts} timeouts` : '',
  ].filter(Boolean);
  return parts.length ? `  (${parts.join(', ')})` : '';
}

function memoryText(memory: MemoryMessage | undefined): string {
  return memory ? `rss ${mb(memory.rss)}, heap ${mb(memory.heapUsed)}` : 'n/a';
}

function mb(bytes: number): string {
  return `${(bytes / 1e6).toFixed(0)} MB`;
}

function signedMb(bytes: number): string {
  return `${bytes >= 0 ? '+' : '-'}${mb(Math.abs(bytes))}`;
}

function minutes(seconds: number): string {
  return seconds < 90 ? `${Math.round(seconds)} s` : `${(seconds / 60).toFixed(1)} min`;
}

function selectedScenarios(): ScenarioKey[] {
  const raw = process.env.BENCH_SCENARIOS?.trim();
  const all = catalogue.map((definition) => definition.key);
  if (!raw) return all;
  const asked = raw
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);
  const unknown = asked.filter((key) => !all.includes(key as ScenarioKey));
  if (unknown.length) throw new Error(`BENCH_SCENARIOS: unknown ${unknown.join(', ')} (known: ${all.join(', ')})`);
  return all.filter((key) => asked.includes(key));
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

/** Stops every server child and drops what they created: on the way out, normal or not. */
async function cleanUp() {
  await Promise.all([...live].map((child) => child.stop().catch(() => undefined)));
  live.clear();
  await dropLeftovers();
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping the servers and dropping the benchmark database`);
    void cleanUp().finally(() => process.exit(130));
  });
}

main().then(
  () => process.exit(0),
  async (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    await cleanUp();
    process.exit(1);
  },
);
