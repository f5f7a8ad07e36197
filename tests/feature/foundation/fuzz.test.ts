import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, testVersion, type TestApp } from '../../helpers/app';
import { createTenant, fixtureFor, transportFor, type Tenant, type Transport } from '../../helpers/route-walk';
import { createApiToken } from '../../factories/api-tokens';
import { addMember, createInvitation, createTeam } from '../../factories/teams';
import {
  Random,
  describeRequest,
  fuzzSettings,
  sendRaw,
  type FuzzRequest,
  type FuzzResponse,
} from '../../helpers/fuzz';
import {
  badHost,
  contentTypeCase,
  invalidJson,
  jsonBody,
  junkIds,
  junkQuery,
  multipartBody,
  oddHeaders,
  oddMethods,
  oddTarget,
  oddVersions,
  urlencodedBody,
} from '../../helpers/fuzz-inputs';
import { buildRoutes } from '../../../routes/all';
import type { CompiledRoute } from '../../../server/http/router/registry';
import * as schema from '../../../server/db/schema/index';
import { sha1 } from '../../../server/support/crypto';

/**
 * The request fuzz: a seeded run of malformed requests over every registered route, as a guest,
 * as a signed-in user whose requests carry a valid CSRF token (so they reach validation, not the
 * 419), and with a bearer token for /api. Bodies of wrong JSON types, huge strings, deep nesting,
 * `__proto__`/`constructor`/`prototype` keys, invalid JSON, wrong or missing content types,
 * urlencoded and multipart bodies of odd shapes; query strings past the specification's limits
 * (1000 parameters, depth 5, arrays of 20); odd request targets, Host headers and methods; junk
 * in the headers the app reads. Every answer is below 500, no log line is an error or carries a
 * stack trace, and Object.prototype is untouched.
 *
 * FUZZ_SEED reproduces a run (the seed is printed with every failure); FUZZ_REQUESTS scales it
 * (3000 by default, spread evenly over the routes). A failure names each request byte for byte.
 */
const { seed, requests } = fuzzSettings();
const reproduce = `FUZZ_SEED=${seed} FUZZ_REQUESTS=${requests} npx vitest run --project feature tests/feature/foundation/fuzz.test.ts`;

/**
 * Known 500s whose cause is in files another change owns (server/http/kernel.ts, inertia/,
 * router/manifest.ts), kept out of the run until their fix lands; each has an `it.fails` below
 * that turns red the moment it is fixed, and then both go.
 */
const pendingFixes: Record<string, (request: FuzzRequest) => boolean> = {};

const routes = buildRoutes().all();
const perRoute = Math.max(8, Math.round(requests / routes.length));

let app: TestApp;
let server: Server;
let port: number;

// ---------------------------------------------------------------------------------------------
// Actors: a guest with a session, a signed-in user (password confirmed) with a bearer token.

class Jar {
  private readonly cookies = new Map<string, string>();

  take(res: FuzzResponse): void {
    for (const line of res.headers['set-cookie'] ?? []) {
      const [pair, ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some(
        (attribute) =>
          /^\s*max-age=0\s*$/i.test(attribute) ||
          (/^\s*expires=/i.test(attribute) && Date.parse(attribute.split('=')[1]) < Date.now()),
      );
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  get header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  get xsrf(): string {
    const value = this.cookies.get('XSRF-TOKEN');
    return value ? decodeURIComponent(value) : '';
  }
}

interface SessionActor {
  tenant: Tenant;
  jar: Jar;
  bearer: { id: number; plainText: string; uses: number };
  /** The owner's row as signed in (e-mail, password hash, verification). */
  user: string | null;
}

let guest: Jar;
let actor: SessionActor;
const renewals = { tenants: 0, logins: 0, rows: 0, guests: 0 };

const host = () => `127.0.0.1:${port}`;

/** A well-formed request of the app's own client, for setting actors up. */
async function plain(jar: Jar, method: string, target: string, body?: unknown) {
  const request: FuzzRequest = {
    label: 'setup',
    method,
    target,
    headers: [
      ['Host', host()],
      ['Cookie', jar.header],
      ['X-XSRF-TOKEN', jar.xsrf],
      ['X-Requested-With', 'XMLHttpRequest'],
      ['Accept', 'application/json'],
      ...(body === undefined ? [] : ([['Content-Type', 'application/json']] as [string, string][])),
    ],
    body: body === undefined ? undefined : JSON.stringify(body),
  };
  const res = await sendRaw(port, request);
  jar.take(res);
  return res;
}

async function newGuest(): Promise<Jar> {
  renewals.guests++;
  const jar = new Jar();
  await plain(jar, 'GET', '/up');
  if (!jar.xsrf) throw new Error('GET /up gave no XSRF-TOKEN cookie');
  return jar;
}

/** A browser signed in as the tenant's owner, password just confirmed (as the confirm modal does). */
async function signIn(tenant: Tenant): Promise<Jar> {
  renewals.logins++;
  const jar = await newGuest();
  const login = await plain(jar, 'POST', '/login', { email: tenant.owner.email, password: 'password' });
  if (login.status >= 400) throw new Error(`fuzz actor login: ${login.status} ${login.text}`);
  const confirm = await plain(jar, 'POST', '/user/confirm-password', { password: 'password' });
  if (confirm.status !== 201) throw new Error(`fuzz actor password confirmation: ${confirm.status} ${confirm.text}`);
  return jar;
}

async function newActor(): Promise<SessionActor> {
  renewals.tenants++;
  const tenant = await createTenant(app.services, `Fuzz ${renewals.tenants}`);
  const jar = await signIn(tenant);
  const bearer = await newBearer(tenant);
  return { tenant, jar, bearer, user: (await actorState(tenant, jar, bearer.id)).user };
}

async function newBearer(tenant: Tenant) {
  const { token, plainText } = await createApiToken(app.services, tenant.owner, {
    teamId: tenant.team.id,
    abilities: ['create', 'read', 'update', 'delete'],
  });
  return { id: token.id, plainText, uses: 0 };
}

const sessionIdOf = (jar: Jar) => /^s:([^.]+)\./.exec(decodeURIComponent(jar.get('kawan_session') ?? ''))?.[1] ?? '';

interface ActorState {
  user: string | null;
  team: boolean;
  member: boolean;
  invitation: boolean;
  token: boolean;
  bearer: boolean;
  notification: boolean;
  signedIn: boolean;
}

/** What the actor's requests need to get past sign-in into validation, read in one query. */
async function actorState(tenant: Tenant, jar: Jar, bearerId: number): Promise<ActorState> {
  const result = (await app.services.db.execute(sql`
    select
      (select concat_ws('|', email, password, email_verified_at) from users where id = ${tenant.owner.id}) as "user",
      exists(select 1 from teams where id = ${tenant.team.id}) as team,
      exists(select 1 from team_user where team_id = ${tenant.team.id} and user_id = ${tenant.member.id}) as member,
      exists(select 1 from team_invitations where id = ${tenant.invitation.id}) as invitation,
      exists(select 1 from personal_access_tokens where id = ${tenant.token.id}) as token,
      exists(select 1 from personal_access_tokens where id = ${bearerId}) as bearer,
      exists(select 1 from notifications where id = ${tenant.notification.id}) as notification,
      exists(
        select 1 from sessions
        where id = ${sessionIdOf(jar)} and user_id = ${tenant.owner.id} and payload->>'passwordConfirmedAt' is not null
      ) as "signedIn"
  `)) as unknown as { rows: ActorState[] };
  return result.rows[0];
}

/**
 * After each of the actor's requests: whatever the request ended or changed (the session, the
 * password confirmation, the e-mail address or password, the team, a member, an invitation, a
 * token) is put back, the cheapest way that works, so the next request still reaches validation.
 */
async function keepActorUsable(): Promise<void> {
  const { tenant } = actor;
  const { db } = app.services;
  const state = await actorState(tenant, actor.jar, actor.bearer.id);
  if (state.user === null) {
    actor = await newActor();
    return;
  }
  const repaired = Object.entries(state).filter(([key, value]) => (key === 'user' ? value !== actor.user : !value));
  if (repaired.length === 0) return;
  renewals.rows++;
  if (state.user !== actor.user)
    await db
      .update(schema.users)
      .set({
        email: tenant.owner.email,
        password: tenant.owner.password,
        emailVerifiedAt: tenant.owner.emailVerifiedAt,
      })
      .where(eq(schema.users.id, tenant.owner.id));
  if (!state.team)
    tenant.team = await createTeam(app.services, tenant.owner, { name: tenant.team.name, current: true });
  if (!state.team || !state.member) await addMember(app.services, tenant.team, tenant.member, 'editor');
  if (!state.team || !state.invitation)
    tenant.invitation = await createInvitation(
      app.services,
      tenant.team,
      `again-${renewals.rows}@example.com`,
      'viewer',
    );
  if (!state.team || !state.token) {
    const { id, plainText } = await newBearer(tenant);
    tenant.token = { id, plainText };
  }
  if (!state.team || !state.bearer) actor.bearer = await newBearer(tenant);
  if (!state.notification)
    [tenant.notification] = await db
      .insert(schema.notifications)
      .values({ id: randomUUID(), userId: tenant.owner.id, type: 'fuzz', data: {} })
      .returning({ id: schema.notifications.id });
  if (!state.signedIn) actor.jar = await signIn(tenant);
}

// ---------------------------------------------------------------------------------------------
// Building one case

type Category =
  | 'json body'
  | 'invalid JSON'
  | 'content type'
  | 'urlencoded body'
  | 'multipart body'
  | 'query string'
  | 'request target'
  | 'Host header'
  | 'method'
  | 'headers';

const bodyCategories: [Category, number][] = [
  ['json body', 22],
  ['invalid JSON', 6],
  ['content type', 8],
  ['urlencoded body', 8],
  ['multipart body', 8],
  ['query string', 12],
  ['request target', 10],
  ['Host header', 6],
  ['method', 6],
  ['headers', 14],
];
const getCategories: [Category, number][] = [
  ['query string', 35],
  ['request target', 20],
  ['Host header', 10],
  ['method', 10],
  ['headers', 25],
];

/** Parameters that name no team's row: the actor's own id and the hash of their address (the verification link). */
const otherParameters: Record<string, (tenant: Tenant) => number | string> = {
  id: (tenant) => tenant.owner.id,
  hash: (tenant) => sha1(tenant.owner.email),
};

/** The route's path (and query, for signed routes): the actor's own rows, or junk in every parameter. */
function pathFor(random: Random, route: CompiledRoute, tenant: Tenant): string {
  if (route.parameters.length === 0 || random.chance(0.75)) {
    const params = Object.fromEntries(
      route.parameters.map(({ name }) => [
        name,
        (route.name === 'password.reset' || route.name === 'mailbox.show'
          ? () => random.string(12)
          : otherParameters[name] && !(name in route.bindings)
            ? otherParameters[name]
            : fixtureFor(route, name))(tenant),
      ]),
    );
    const url = route.middleware.includes('signed')
      ? app.services.signedRoute(route.name, params)
      : app.services.route(route.name, params);
    return url.startsWith('http') ? url.slice(new URL(url).origin.length) : url;
  }
  let path = route.uri;
  for (const { name, optional } of route.parameters) {
    const junk = random.pick(junkIds);
    path = path.replace(`{${name}${optional ? '?' : ''}}`, random.chance(0.5) ? encodeURIComponent(junk) : junk);
  }
  return path;
}

interface Context {
  transport: Transport;
  /** X-Request-Id, which names the case in the app's log lines. */
  id: string;
  /** The client's address (X-Forwarded-For from loopback): one per few requests, so rate limits rarely stop a case before validation. */
  ip: string;
}

/** The headers of the transport's own client: the session's cookies and CSRF token, or the bearer token. */
function headersFor(random: Random, context: Context): [string, string][] {
  const headers: [string, string][] = [
    ['Host', host()],
    ['X-Request-Id', context.id],
    ['X-Forwarded-For', context.ip],
  ];
  if (context.transport === 'bearer') {
    headers.push(['Authorization', `Bearer ${actor.bearer.plainText}`], ['Accept', 'application/json']);
    return headers;
  }
  const jar = context.transport === 'guest' ? guest : actor.jar;
  headers.push(['Cookie', jar.header], ['X-XSRF-TOKEN', jar.xsrf], ['X-Requested-With', 'XMLHttpRequest']);
  const accept = random.next();
  if (accept < 0.6) {
    headers.push(
      ['X-Inertia', 'true'],
      ['X-Inertia-Version', testVersion],
      ['Accept', 'text/html, application/xhtml+xml'],
    );
  } else if (accept < 0.85) {
    headers.push(['Accept', 'application/json']);
  } else {
    headers.push(['Accept', 'text/html']);
  }
  return headers;
}

/** One malformed request for the route, built from the random stream. */
function buildCase(random: Random, route: CompiledRoute, index: number, ip: string): FuzzRequest {
  const routeMethod = route.methods.find((method) => method !== 'HEAD')!;
  const own = transportFor(route);
  const transport: Transport = random.chance(0.85) ? own : random.pick(['guest', 'session', 'bearer'] as const);
  const path = pathFor(random, route, actor.tenant);
  const ids = { teamId: actor.tenant.team.id, userId: actor.tenant.owner.id };
  const context: Context = { transport, id: `fuzz-${route.name}-${index}`, ip };
  const hasBody = routeMethod !== 'GET';
  const category = random.weighted(hasBody ? bodyCategories : getCategories);
  const headers = headersFor(random, context);
  const request: FuzzRequest = { label: `${category}, as ${transport}`, method: routeMethod, target: path, headers };
  const withJson = () => {
    headers.push(['Content-Type', 'application/json']);
    request.body = jsonBody(random, ids);
  };
  switch (category) {
    case 'json body':
      withJson();
      break;
    case 'invalid JSON':
      headers.push(['Content-Type', random.pick(['application/json', 'application/json; charset=utf-8'])]);
      request.body = random.pick(invalidJson);
      break;
    case 'content type':
      Object.assign(request, contentTypeCase(random, headers, ids));
      break;
    case 'urlencoded body':
      headers.push(['Content-Type', 'application/x-www-form-urlencoded']);
      request.body = urlencodedBody(random);
      break;
    case 'multipart body':
      request.body = multipartBody(random, headers);
      break;
    case 'query string':
      request.target = `${path}${path.includes('?') ? '&' : '?'}${junkQuery(random)}`;
      if (hasBody) withJson();
      break;
    case 'request target':
      request.target = random.chance(0.1) ? '*' : oddTarget(random, path);
      if (random.chance(0.15)) request.version = random.pick(oddVersions);
      if (hasBody && random.chance(0.5)) withJson();
      break;
    case 'Host header': {
      const value = badHost(random);
      headers.splice(0, 1);
      if (value !== undefined) headers.unshift(['Host', value]);
      if (random.chance(0.2)) headers.push(['Host', random.pick(['127.0.0.1', 'evil.example'])]);
      if (hasBody && random.chance(0.5)) withJson();
      break;
    }
    case 'method':
      request.method = random.pick(oddMethods);
      if (random.chance(0.5)) withJson();
      break;
    case 'headers':
      oddHeaders(random, headers, actor.bearer);
      if (hasBody) withJson();
      break;
  }
  return request;
}

// ---------------------------------------------------------------------------------------------
// Sending and checking

interface Finding {
  request: FuzzRequest;
  problem: string;
}

/** A stack frame (`    at fn (file.ts:1:2)`), as text or as Express's development error page shows it. */
const stackFrame = /(\n|<br>)(\s|&nbsp;)*at \S+ \(?\S+:\d+:\d+/;

const pollutedBefore = Object.getOwnPropertyNames(Object.prototype).sort().join(',');

/** Sends the request; says what is wrong with the outcome, if anything. */
async function check(request: FuzzRequest): Promise<{ problem?: string; res?: FuzzResponse }> {
  const logsBefore = app.logs().length;
  let res: FuzzResponse;
  try {
    res = await sendRaw(port, request);
  } catch (error) {
    return { problem: `no answer: ${(error as Error).message}` };
  }
  // Let work that finishes after the response (session writes, after-commit callbacks) log first.
  await new Promise((resolve) => setImmediate(resolve));
  const problems: string[] = [];
  if (res.status >= 500) problems.push(`answered ${res.status}: ${res.text.slice(0, 400)}`);
  if (res.status === 0)
    problems.push(`the connection closed without an answer (${JSON.stringify(res.text.slice(0, 200))})`);
  if (stackFrame.test(res.text))
    problems.push(`answered ${res.status} with a stack trace: ${res.text.slice(0, 1_500)}`);
  for (const line of app.logs().slice(logsBefore)) {
    const text = JSON.stringify(line);
    if (Number(line.level) >= 50) problems.push(`logged an error: ${text.slice(0, 1_500)}`);
    else if (/\\n\s+at \S/.test(text)) problems.push(`logged a stack trace: ${text.slice(0, 1_500)}`);
  }
  const polluted = Object.getOwnPropertyNames(Object.prototype).sort().join(',');
  if (polluted !== pollutedBefore || ({} as Record<string, unknown>).polluted !== undefined)
    problems.push(`Object.prototype changed: ${polluted}`);
  return { problem: problems.length > 0 ? problems.join('\n') : undefined, res };
}

function report(findings: Finding[]): string {
  const shown = findings.slice(0, 15);
  return [
    `${findings.length} request(s) failed; reproduce with ${reproduce}`,
    ...shown.map(({ request, problem }) => `${problem}\n  ${describeRequest(request)}`),
    findings.length > shown.length ? `… and ${findings.length - shown.length} more` : '',
  ].join('\n\n');
}

const sent = (request: FuzzRequest, name: string, value: string) =>
  request.headers.some(([header, given]) => header === name && given === value);

/** Whether the answer moved the browser to another session (a sign-in, a sign-out). */
const movedSession = (res: FuzzResponse | undefined, jar: Jar) =>
  (res?.headers['set-cookie'] ?? []).some(
    (line) => line.startsWith('kawan_session=') && !line.startsWith(`kawan_session=${jar.get('kawan_session')};`),
  );

let sentCount = 0;
/** Answers by status, to see that the cases get past sign-in and CSRF (FUZZ_VERBOSE=1 prints them per route). */
const statuses: Record<string, Record<number, number>> = {};
let started = 0;
let cpuAtStart: NodeJS.CpuUsage;

beforeAll(async () => {
  app = await createTestApp();
  server = createServer(app.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  guest = await newGuest();
  actor = await newActor();
  started = Date.now();
  cpuAtStart = process.cpuUsage();
});
afterAll(async () => {
  if (server) await new Promise((resolve) => server.close(resolve));
  await app?.close();
  const cpu = process.cpuUsage(cpuAtStart);
  const overall: Record<number, number> = {};
  for (const [name, counts] of Object.entries(statuses)) {
    if (process.env.FUZZ_VERBOSE) console.info(`${name}: ${JSON.stringify(counts)}`);
    for (const [status, count] of Object.entries(counts))
      overall[Number(status)] = (overall[Number(status)] ?? 0) + count;
  }
  console.info(
    `fuzz: ${sentCount} requests over ${routes.length} routes in ${((Date.now() - started) / 1000).toFixed(1)} s ` +
      `(${((cpu.user + cpu.system) / 1e6).toFixed(1)} s of CPU), seed ${seed}; ` +
      `answers by status: ${JSON.stringify(overall)}; actors renewed: ${JSON.stringify(renewals)}`,
  );
});

describe(`fuzz: ${perRoute} malformed requests per route (seed ${seed})`, () => {
  it('walks every registered route, the API and the forms among them', () => {
    const names = routes.map((route) => route.name);
    for (const expected of [
      'login.store',
      'register.store',
      'teams.update',
      'api-tokens.store',
      'api.user',
      'broadcasting.auth',
    ])
      expect(names).toContain(expected);
  });

  it.each(routes.map((route) => [route.name, route] as const))(
    '%s: no answer of 500 or more, no error or stack trace logged',
    async (_name, route) => {
      const random = new Random(seed).fork(route.name);
      const throttled = route.middleware.some((name) => name.startsWith('throttle'));
      const findings: Finding[] = [];
      let ip = '';
      for (let index = 0; index < perRoute; index++) {
        if (index % (throttled ? 4 : 1000) === 0)
          ip = `10.${random.int(0, 255)}.${random.int(0, 255)}.${random.int(1, 254)}`;
        const request = buildCase(random, route, index, ip);
        if (Object.values(pendingFixes).some((matches) => matches(request))) continue;
        const { problem, res } = await check(request);
        sentCount++;
        const seen = (statuses[route.name] ??= {});
        seen[res?.status ?? 0] = (seen[res?.status ?? 0] ?? 0) + 1;
        if (problem) findings.push({ request, problem });
        if (sent(request, 'Cookie', guest.header) && movedSession(res, guest)) guest = await newGuest();
        if (
          sent(request, 'Cookie', actor.jar.header) ||
          sent(request, 'Authorization', `Bearer ${actor.bearer.plainText}`)
        )
          await keepActorUsable();
        // The API allows 60 requests a minute per token: a fresh one before that.
        if (sent(request, 'Authorization', `Bearer ${actor.bearer.plainText}`) && ++actor.bearer.uses >= 50)
          actor.bearer = await newBearer(actor.tenant);
      }
      expect(findings, report(findings)).toEqual([]);
    },
    120_000,
  );

  it('logs no error or stack trace after the last answer either (mail, broadcasts, after-commit work)', async () => {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const bad = app.logs().filter((line) => Number(line.level) >= 50 || /\\n\s+at \S/.test(JSON.stringify(line)));
    expect(bad.length, `${JSON.stringify(bad.slice(0, 3), null, 2)}\nreproduce with ${reproduce}`).toBe(0);
  });
});
