/** Messages between bench/http.ts (the parent, running the load generator) and its server children. */

/**
 * The request header naming the scenario of a request. The parent adds it to every request; the
 * baselines pick their answer by it, Kawan ignores it.
 */
export const scenarioHeader = 'X-Bench-Scenario';

/** One response captured from Kawan, replayed byte for byte by the baselines. */
export interface CapturedResponse {
  status: number;
  contentType: string;
  /** The Location header, when Kawan sent one (redirects). */
  location?: string;
  /** The body, base64 (IPC carries JSON). */
  body: string;
}

/** What a baseline answers to one scenario. */
export interface ReplayRoute {
  /** The scenario's key, as sent in the X-Bench-Scenario header. */
  key: string;
  method: string;
  /** The route as Express writes it (`/teams/:team`): the Express baseline routes by it. */
  route: string;
  response: CapturedResponse;
}

/** Child → parent once the server listens. */
export interface ReadyMessage {
  type: 'ready';
  port: number;
  /** Notes worth printing (which assets the app uses…). */
  notes: string[];
  /** The database the Kawan child created on a PostgreSQL server (dropped when it stops). */
  createdDatabase?: string;
}

/** Child → parent when the server could not start. */
export interface FailedMessage {
  type: 'failed';
  error: string;
}

/** Kawan child → parent: its `process.memoryUsage()`, in answer to a MemoryRequest. */
export interface MemoryMessage {
  type: 'memory';
  id: number;
  rss: number;
  heapUsed: number;
  /** Whether a garbage collection was forced first (the child runs with --expose-gc). */
  collected: boolean;
}

export type ChildMessage = ReadyMessage | FailedMessage | MemoryMessage;

/** Parent → baseline child: what to answer, then listen. */
export interface ServeMessage {
  type: 'serve';
  routes: ReplayRoute[];
}

/** Parent → Kawan child: report memory, after a forced garbage collection when `gc`. */
export interface MemoryRequest {
  type: 'memory';
  id: number;
  gc: boolean;
}

/** Parent → any child: close the server (and the database) and exit. */
export interface ShutdownMessage {
  type: 'shutdown';
}

export type ParentMessage = ServeMessage | MemoryRequest | ShutdownMessage;

/**
 * Environment of the Kawan child: the PostgreSQL server to create its own database on. Unset, the
 * child uses an in-memory PGlite database.
 */
export const postgresServerVariable = 'KAWAN_BENCH_POSTGRES_SERVER';

/** The test-like environment of the benchmarked app (fixed secrets, like tests/helpers/config.ts). */
export const benchEnv: Record<string, string> = {
  NODE_ENV: 'production',
  APP_URL: 'http://127.0.0.1',
  APP_KEY: 'base64:dGVzdGluZy1rZXktZm9yLWthd2FuLXRlc3RzLTMyYiE=',
  LOG_LEVEL: 'silent',
  REVERB_APP_ID: '100001',
  REVERB_APP_KEY: 'test-app-key',
  REVERB_APP_SECRET: 'test-app-secret-0123456789',
  SEED_DEMO: 'false',
  // The benchmarks measure other things than Free's limits (bench:metering sets plans itself).
  BILLING_DEFAULT_PLAN: 'business',
};

/** The asset version used when public/build has no manifest. */
export const fallbackVersion = 'bench-asset-version';
