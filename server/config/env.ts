import { z } from 'zod';
import type { RealtimeApp } from '../realtime/apps';

/**
 * Every setting Kawan reads, parsed once at boot. A bad value stops the process with a message
 * naming the variable; nothing else in the code reads process.env.
 */
const appKey = z
  .string()
  .regex(/^base64:[A-Za-z0-9+/]{43}=$/, 'must be "base64:" followed by 32 random bytes in base64 (npm start generates one)');

const optionalUrl = z.preprocess((value) => (value === '' ? undefined : value), z.string().url().optional());

/** REVERB_EXTRA_APPS: a JSON array of further realtime apps, in Reverb's snake_case. */
const extraRealtimeApp = z.strictObject({
  id: z.string().min(1),
  key: z.string().min(1),
  secret: z.string().min(16, 'secret must be at least 16 characters'),
  allowed_origins: z.array(z.string().min(1)).optional(),
  max_connections: z.number().int().min(1).optional(),
  max_message_size: z.number().int().min(100).optional(),
  client_events: z.enum(['private', 'all', 'none']).optional(),
  client_events_per_second: z.number().int().min(1).optional(),
  max_presence_members: z.number().int().min(1).optional(),
  max_event_payload: z.number().int().min(100).optional(),
});

const extraRealtimeApps = z.preprocess(
  (value) => {
    if (value === undefined || value === '') return [];
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  },
  z.array(extraRealtimeApp, 'must be a JSON array of {"id","key","secret",...} objects'),
);

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  APP_NAME: z.string().min(1).default('Kawan'),
  APP_URL: z.string().url().default('http://localhost:8000'),
  APP_KEY: appKey,
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  DATA_DIR: z.string().min(1).default('storage'),
  DATABASE_URL: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MAIL_URL: optionalUrl,
  MAIL_FROM: z.string().min(3).default('Kawan <hello@kawan.test>'),
  REDIS_URL: optionalUrl,
  REVERB_APP_ID: z.string().min(1),
  REVERB_APP_KEY: z.string().min(1),
  REVERB_APP_SECRET: z.string().min(16, 'must be at least 16 characters'),
  REVERB_HOST: z.string().min(1).default('localhost'),
  REVERB_PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  REVERB_SCHEME: z.enum(['http', 'https']).default('http'),
  REVERB_EXTRA_APPS: extraRealtimeApps,
  SESSION_LIFETIME: z.coerce.number().int().min(1).default(120),
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(1024).default(10 * 1024 * 1024),
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  isDevelopment: boolean;
  isTest: boolean;
  app: { name: string; url: string; key: Buffer; port: number; secure: boolean };
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: Env['LOG_LEVEL'];
  mail: { url: string | undefined; from: string };
  redisUrl: string | undefined;
  reverb: {
    appId: string;
    key: string;
    secret: string;
    host: string;
    port: number;
    scheme: 'http' | 'https';
    /** Realtime apps served besides the main one (REVERB_EXTRA_APPS). */
    extraApps: RealtimeApp[];
  };
  session: { lifetimeMinutes: number; cookie: string };
  uploads: { maxBytes: number };
  seedDemo: boolean;
}

export class ConfigError extends Error {
  constructor(public readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.') || 'env'}: ${issue.message}`));
  }
  const env = parsed.data;
  const appUrl = env.APP_URL.replace(/\/+$/, '');
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    isDevelopment: env.NODE_ENV === 'development',
    isTest: env.NODE_ENV === 'test',
    app: {
      name: env.APP_NAME,
      url: appUrl,
      key: Buffer.from(env.APP_KEY.slice('base64:'.length), 'base64'),
      port: env.PORT,
      secure: appUrl.startsWith('https:'),
    },
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    logLevel: env.LOG_LEVEL,
    mail: { url: env.MAIL_URL, from: env.MAIL_FROM },
    redisUrl: env.REDIS_URL,
    reverb: {
      appId: env.REVERB_APP_ID,
      key: env.REVERB_APP_KEY,
      secret: env.REVERB_APP_SECRET,
      host: env.REVERB_HOST,
      port: env.REVERB_PORT,
      scheme: env.REVERB_SCHEME,
      extraApps: env.REVERB_EXTRA_APPS.map((app) => ({
        id: app.id,
        key: app.key,
        secret: app.secret,
        allowedOrigins: app.allowed_origins,
        maxConnections: app.max_connections,
        maxMessageSize: app.max_message_size,
        clientEvents: app.client_events,
        clientEventsPerSecond: app.client_events_per_second,
        maxPresenceMembers: app.max_presence_members,
        maxEventPayload: app.max_event_payload,
      })),
    },
    session: { lifetimeMinutes: env.SESSION_LIFETIME, cookie: 'kawan_session' },
    uploads: { maxBytes: env.UPLOAD_MAX_BYTES },
    seedDemo: env.SEED_DEMO,
  };
}
