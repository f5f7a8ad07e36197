/** Messages between bench/http.ts (the parent, running the load generator) and its server children. */

/** One response captured from Kawan, replayed byte for byte by the baseline server. */
export interface CapturedResponse {
  status: number;
  contentType: string;
  /** The body, base64 (IPC carries JSON). */
  body: string;
}

/** Child → parent once the server listens. */
export interface ReadyMessage {
  type: 'ready';
  port: number;
  /** Notes worth printing (which assets the app uses…). */
  notes: string[];
}

/** Child → parent when the server could not start. */
export interface FailedMessage {
  type: 'failed';
  error: string;
}

export type ChildMessage = ReadyMessage | FailedMessage;

/** Parent → baseline child: what to answer. */
export interface ServeMessage {
  type: 'serve';
  /** Answer to requests carrying X-Inertia. */
  inertia: CapturedResponse;
  /** Answer to every other request. */
  html: CapturedResponse;
}

/** Parent → any child: close the server (and the database) and exit. */
export interface ShutdownMessage {
  type: 'shutdown';
}

export type ParentMessage = ServeMessage | ShutdownMessage;

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
};

/** The asset version used when public/build has no manifest. */
export const fallbackVersion = 'bench-asset-version';
