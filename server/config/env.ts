import { createHmac } from 'node:crypto';
import { z } from 'zod';
import type { RealtimeApp } from '../realtime/apps';
import { loopbackHosts } from '../http/middleware/trusted-hosts';
import { planCodes, type PlanCode } from '../billing/plans';

/**
 * Every setting Kawan reads, parsed once at boot. A bad value stops the process with a message
 * naming the variable; nothing else in the code reads process.env.
 */
const appKey = z
  .string()
  .regex(
    /^base64:[A-Za-z0-9+/]{43}=$/,
    'must be "base64:" followed by 32 random bytes in base64 (npm start generates one)',
  );

const blankAsUnset = (value: unknown) => (value === '' ? undefined : value);
const optionalUrl = z.preprocess(blankAsUnset, z.string().url().optional());
const port = z.coerce.number().int().min(0).max(65535);
const optionalPort = z.preprocess(blankAsUnset, port.optional());

/** The realtime server's listener and its public address default by scheme (docs/decisions/008). */
export const realtimeDefaults = { serverPort: 8080, httpPort: 8080, httpsPort: 443 };

/** REVERB_API_URL: an origin only (the pusher SDK takes host, port and scheme, no path). */
const realtimeApiUrl = z.preprocess(
  blankAsUnset,
  z
    .string()
    .url()
    .refine((value) => {
      const url = new URL(value);
      return (
        (url.protocol === 'http:' || url.protocol === 'https:') &&
        url.pathname === '/' &&
        !url.search &&
        !url.hash &&
        !url.username &&
        !url.password
      );
    }, 'must be an http(s) origin such as http://realtime:8080, with no path, query or credentials')
    .optional(),
);

/** REVERB_APP_ALLOWED_ORIGINS: comma-separated entries, as `allowed_origins` takes them. */
const originList = z.preprocess(
  (value) =>
    typeof value === 'string' && value.trim() !== ''
      ? value
          .split(',')
          .map((entry) => entry.trim())
          .filter((entry) => entry !== '')
      : undefined,
  z
    .array(z.string().regex(/^[^\s,]+$/, 'must be a comma-separated list of origins or host patterns'))
    .min(1, 'must name at least one origin or host pattern (or *)')
    .optional(),
);

/**
 * STRIPE_PRICES: Stripe price ids by what they sell, comma-separated `key=price_id` where key is
 * `<plan>_<interval>` (starter_month, growth_year, …) or a credit pack's code (pack_1000).
 */
const stripePrices = z.preprocess(
  (value) =>
    typeof value === 'string' && value.trim() !== ''
      ? Object.fromEntries(
          value
            .split(',')
            .map((entry) => entry.trim())
            .filter(Boolean)
            .map((entry) => entry.split('=').map((part) => part.trim())),
        )
      : {},
  z.record(
    z
      .string()
      .regex(/^((starter|growth|business)_(month|year)|pack_[0-9]+)$/, 'keys are <plan>_<interval> or pack_<credits>'),
    z.string().regex(/^price_[A-Za-z0-9]+$/, 'must be a Stripe price id (price_…)'),
  ),
);

/** REVERB_EXTRA_APPS: a JSON array of further realtime apps, in Reverb's snake_case. */
const extraRealtimeApp = z.strictObject({
  id: z.string().min(1),
  key: z.string().min(1),
  secret: z.string().min(16, 'secret must be at least 16 characters'),
  allowed_origins: z.array(z.string().min(1)).optional(),
  max_connections: z.number().int().min(1).optional(),
  max_channels_per_connection: z.number().int().min(1).optional(),
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

/** PASSWORD_REQUIRE_*: "true" adds the rule (Laravel's Password::defaults()); unset, blank or "false" does not. */
const passwordRule = z
  .enum(['true', 'false', ''], 'must be "true" or "false"')
  .default('false')
  .transform((value) => value === 'true');

export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    APP_NAME: z.string().min(1).default('Kawan'),
    /** Unset or blank: http://localhost:PORT, so moving PORT alone keeps printed and mailed links working. */
    APP_URL: optionalUrl,
    APP_KEY: appKey,
    PORT: z.preprocess(blankAsUnset, port.default(8000)),
    TRUSTED_HOSTS: z.preprocess(
      (value) =>
        typeof value === 'string'
          ? value
              .split(',')
              .map((entry) => entry.trim())
              .filter((entry) => entry !== '')
          : [],
      z.array(
        z
          .string()
          .regex(
            /^(?:\*\.)?(?:\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?)$/i,
            'must be a comma-separated list of host names (example.com, *.example.com), without ports',
          ),
      ),
    ),
    DATA_DIR: z.string().min(1).default('storage'),
    DATABASE_URL: optionalUrl,
    DATABASE_PREPARED_STATEMENTS: z
      .enum(['true', 'false'])
      .default('true')
      .transform((value) => value === 'true'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    MAIL_URL: optionalUrl,
    MAIL_FROM: z.string().min(3).default('Kawan <hello@kawan.test>'),
    REDIS_URL: optionalUrl,
    REDIS_PREFIX: z.string().min(1).default('kawan:'),
    BROADCAST_CONNECTION: z
      .enum(
        ['embedded', 'reverb'],
        'must be "embedded" (the realtime server runs in this process) or "reverb" (publish to REVERB_HOST:REVERB_PORT)',
      )
      .default('embedded'),
    REVERB_APP_ID: z.string().min(1),
    REVERB_APP_KEY: z.string().min(1),
    REVERB_APP_SECRET: z.string().min(16, 'must be at least 16 characters'),
    REVERB_APP_MAX_CONNECTIONS: z.preprocess(blankAsUnset, z.coerce.number().int().min(1).optional()),
    REVERB_APP_MAX_CHANNELS_PER_CONNECTION: z.preprocess(blankAsUnset, z.coerce.number().int().min(1).optional()),
    REVERB_APP_ALLOWED_ORIGINS: originList,
    REVERB_SERVER_HOST: z.preprocess(blankAsUnset, z.string().min(1).optional()),
    REVERB_SERVER_PORT: optionalPort,
    REVERB_HOST: z.string().min(1).default('localhost'),
    REVERB_PORT: z.preprocess(blankAsUnset, port.min(1).optional()),
    REVERB_SCHEME: z.enum(['http', 'https']).default('http'),
    REVERB_API_URL: realtimeApiUrl,
    REVERB_EXTRA_APPS: extraRealtimeApps,
    REVERB_WIDGET_APP_ID: z.string().min(1).default('kawan-widget'),
    REVERB_WIDGET_APP_KEY: z.preprocess(blankAsUnset, z.string().min(1).optional()),
    REVERB_WIDGET_APP_SECRET: z.preprocess(
      blankAsUnset,
      z.string().min(16, 'must be at least 16 characters').optional(),
    ),
    WHATSAPP_GRAPH_URL: z.url().default('https://graph.facebook.com/v21.0'),
    TELEGRAM_API_URL: z.url().default('https://api.telegram.org'),
    CHANNEL_TIMEOUT_SECONDS: z.coerce.number().min(1).max(120).default(10),
    CONVERSATION_IDLE_RESOLVE_HOURS: z.coerce.number().min(0).default(24),
    NOTIFICATION_MAIL_DELAY_MINUTES: z.coerce.number().min(0).max(1440).default(5),
    SESSION_LIFETIME: z.coerce.number().int().min(1).default(120),
    PASSWORD_MIN_LENGTH: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.coerce
        .number()
        .int()
        .min(8, 'must be at least 8')
        .max(255, 'must be at most 255 (the longest password accepted)')
        .default(8),
    ),
    PASSWORD_REQUIRE_MIXED_CASE: passwordRule,
    PASSWORD_REQUIRE_NUMBERS: passwordRule,
    PASSWORD_REQUIRE_SYMBOLS: passwordRule,
    UPLOAD_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(10 * 1024 * 1024),
    QUEUE_WORKERS: z
      .enum(['true', 'false'])
      .default('true')
      .transform((value) => value === 'true'),
    QUEUE_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
    WORKER_NICE: z.coerce.number().int().min(0).max(19).default(19),
    AI_BASE_URL: optionalUrl,
    AI_API_KEY: z.preprocess(blankAsUnset, z.string().optional()),
    AI_CHAT_MODEL: z.preprocess(blankAsUnset, z.string().min(1).optional()),
    AI_FALLBACK_MODEL: z.preprocess(blankAsUnset, z.string().min(1).optional()),
    AI_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
    AI_EMBEDDING_MODEL: z.preprocess(blankAsUnset, z.string().min(1).optional()),
    AI_EMBEDDING_DIMENSIONS: z.preprocess(blankAsUnset, z.coerce.number().int().min(1).max(4000).optional()),
    AI_TRANSCRIPTION_MODEL: z.preprocess(blankAsUnset, z.string().min(1).optional()),
    KNOWLEDGE_MAX_FILE_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(20 * 1024 * 1024),
    KNOWLEDGE_CRAWL_MAX_PAGES: z.coerce.number().int().min(1).max(500).default(50),
    KNOWLEDGE_ALLOW_PRIVATE_URLS: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
    BILLING_DEFAULT_PLAN: z.enum(planCodes).default('free'),
    BILLING_GRACE_DAYS: z.coerce.number().int().min(0).max(60).default(7),
    BILLING_MANUAL_PAYMENTS: z.preprocess(blankAsUnset, z.enum(['true', 'false']).optional()),
    STRIPE_SECRET: z.preprocess(blankAsUnset, z.string().min(1).optional()),
    STRIPE_WEBHOOK_SECRET: z.preprocess(blankAsUnset, z.string().min(1).optional()),
    STRIPE_API_BASE: optionalUrl,
    STRIPE_PRICES: stripePrices,
    XENDIT_SECRET: z.preprocess(blankAsUnset, z.string().min(1).optional()),
    XENDIT_CALLBACK_TOKEN: z.preprocess(blankAsUnset, z.string().min(1).optional()),
    XENDIT_API_BASE: z.url().default('https://api.xendit.co'),
    SEED_DEMO: z
      .enum(['true', 'false'])
      .default('true')
      .transform((value) => value === 'true'),
  })
  .superRefine((env, context) => {
    // A page served over https may not open ws:// (mixed content): Echo would never connect.
    if (env.NODE_ENV === 'production' && env.APP_URL?.startsWith('https:') && env.REVERB_SCHEME !== 'https') {
      context.addIssue({
        code: 'custom',
        path: ['REVERB_SCHEME'],
        message:
          'must be https when APP_URL is https: browsers refuse a ws:// connection from an https page. ' +
          'Set REVERB_SCHEME=https (browsers then connect with TLS to REVERB_HOST on REVERB_PORT, 443 unless set) ' +
          'and terminate TLS in front of the realtime server',
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  isDevelopment: boolean;
  isTest: boolean;
  app: {
    name: string;
    url: string;
    key: Buffer;
    port: number;
    secure: boolean;
    /** Host names requests may carry (APP_URL's, TRUSTED_HOSTS, the loopback names); others are a 400. */
    trustedHosts: string[];
  };
  dataDir: string;
  databaseUrl: string | undefined;
  /** Statements with parameters run prepared on the server (server/db/prepared-statements.ts). */
  databasePreparedStatements: boolean;
  logLevel: Env['LOG_LEVEL'];
  mail: { url: string | undefined; from: string };
  redisUrl: string | undefined;
  /** Namespace of every Redis key and channel Kawan uses (REDIS_PREFIX, `kawan:`). */
  redisPrefix: string;
  /**
   * `embedded`: this process runs the realtime server and publishes to it in-process; `reverb`: it
   * runs none and publishes through the pusher SDK to `reverb.api`. See docs/decisions/008.
   */
  broadcastConnection: 'embedded' | 'reverb';
  reverb: {
    appId: string;
    key: string;
    secret: string;
    /** The main app's connection limit and browser origins (APP_URL's in production, any otherwise). */
    maxConnections: number | undefined;
    /** Channels one connection of the main app may hold at once (undefined: the server's default, 100). */
    maxChannelsPerConnection: number | undefined;
    allowedOrigins: string[];
    /** The public address browsers connect to (REVERB_HOST, REVERB_PORT, REVERB_SCHEME). */
    host: string;
    port: number;
    scheme: 'http' | 'https';
    /** Where the realtime server listens, never with TLS (REVERB_SERVER_HOST, REVERB_SERVER_PORT);
     * no host: every interface, as the HTTP server. */
    server: { host: string | undefined; port: number };
    /** Where the pusher SDK publishes (REVERB_API_URL, else the public address). */
    api: { host: string; port: number; scheme: 'http' | 'https' };
    /** Realtime apps served besides the main one (REVERB_EXTRA_APPS). */
    extraApps: RealtimeApp[];
    /**
     * The web chat widget's own app (REVERB_WIDGET_APP_*; key and secret derived from APP_KEY when
     * unset): visitors connect with its key, any origin at the socket (each channel's allowed
     * domains are checked when a visitor's subscription is authorized), client events off.
     */
    widget: { appId: string; key: string; secret: string };
  };
  /** Where channel drivers reach their providers (WHATSAPP_GRAPH_URL, TELEGRAM_API_URL) and how long they wait. */
  channels: { whatsappGraphUrl: string; telegramApiUrl: string; timeoutMs: number; idleResolveHours: number };
  /**
   * How long a conversation notification may stay unread on the bell before it is e-mailed to
   * whoever asked for that (NOTIFICATION_MAIL_DELAY_MINUTES; server/domain/notifications/unread-mail.ts).
   */
  notifications: { mailDelayMinutes: number };
  session: { lifetimeMinutes: number; cookie: string };
  uploads: { maxBytes: number };
  /** What a new password must satisfy (PASSWORD_MIN_LENGTH, PASSWORD_REQUIRE_*): Laravel's Password::defaults(). */
  passwords: { minLength: number; mixedCase: boolean; numbers: boolean; symbols: boolean };
  /**
   * The durable job queue (server/jobs): whether this process runs the workers (QUEUE_WORKERS;
   * `npm run worker` runs them alone) and the first retry's delay, doubled on each later attempt.
   * `npm run worker` lowers its own CPU priority to `workerNice` (WORKER_NICE): acknowledgements
   * and pages on the same machine never wait behind background work.
   */
  queue: { workers: boolean; retryDelaySeconds: number; workerNice: number };
  /** The platform's OpenAI-compatible server (AI_*), when there is one. */
  ai: {
    baseUrl: string | undefined;
    apiKey: string | undefined;
    /** The model bots answer with unless they name another; none: the embedded extractive provider. */
    chatModel: string | undefined;
    /** Tried once when the chat model fails after its retry. */
    fallbackModel: string | undefined;
    timeoutSeconds: number;
    embeddingModel: string | undefined;
    embeddingDimensions: number | undefined;
    /** Voice notes are turned into text with this model (`/audio/transcriptions`); none: they are not. */
    transcriptionModel: string | undefined;
  };
  knowledge: { maxFileBytes: number; crawlMaxPages: number; allowPrivateUrls: boolean };
  /**
   * Plans and payments (server/billing): the plan new teams start on, the grace period after a
   * failed payment, whether owners may mark Kawan's own invoices paid (development and tests by
   * default), and the payment providers configured (Stripe for USD, Xendit for IDR; neither: the
   * manual provider).
   */
  billing: {
    defaultPlan: PlanCode;
    graceDays: number;
    manualPayments: boolean;
    stripe:
      | {
          secret: string;
          webhookSecret: string | undefined;
          apiBase: string | undefined;
          prices: Record<string, string>;
        }
      | undefined;
    xendit: { secret: string; callbackToken: string | undefined; apiBase: string } | undefined;
  };
  seedDemo: boolean;
}

export class ConfigError extends Error {
  constructor(public readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** A value derived from APP_KEY for a purpose (hex HMAC-SHA256), stable across restarts. */
function derived(appKey: string, purpose: string): string {
  return createHmac('sha256', appKey).update(purpose).digest('hex');
}

/** Where a local run is reached when APP_URL is not set: the port it listens on, on localhost. */
export function defaultAppUrl(port: number): string {
  return port === 80 ? 'http://localhost' : `http://localhost:${port}`;
}

/**
 * The configuration of a process's entry point (`npm start`, `npm run worker`, `npm run reverb`):
 * an invalid one is said on stderr, each problem on a line, and the process exits with 1.
 */
export function loadConfigOrExit(source: Record<string, string | undefined> = process.env): Config {
  try {
    return loadConfig(source);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.') || 'env'}: ${issue.message}`));
  }
  const env = parsed.data;
  const appUrl = (env.APP_URL ?? defaultAppUrl(env.PORT)).replace(/\/+$/, '');
  const isProduction = env.NODE_ENV === 'production';
  const publicPort =
    env.REVERB_PORT ?? (env.REVERB_SCHEME === 'https' ? realtimeDefaults.httpsPort : realtimeDefaults.httpPort);
  // Over http browsers reach the server itself, so it listens where they connect; over https a
  // TLS terminator sits in front and the server listens on Reverb's 8080.
  const serverPort =
    env.REVERB_SERVER_PORT ?? (env.REVERB_SCHEME === 'https' ? realtimeDefaults.serverPort : publicPort);
  const apiUrl = env.REVERB_API_URL ? new URL(env.REVERB_API_URL) : undefined;
  return {
    env: env.NODE_ENV,
    isProduction,
    isDevelopment: env.NODE_ENV === 'development',
    isTest: env.NODE_ENV === 'test',
    app: {
      name: env.APP_NAME,
      url: appUrl,
      key: Buffer.from(env.APP_KEY.slice('base64:'.length), 'base64'),
      port: env.PORT,
      secure: appUrl.startsWith('https:'),
      trustedHosts: [...new Set([new URL(appUrl).hostname, ...env.TRUSTED_HOSTS, ...loopbackHosts])],
    },
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    databasePreparedStatements: env.DATABASE_PREPARED_STATEMENTS,
    logLevel: env.LOG_LEVEL,
    mail: { url: env.MAIL_URL, from: env.MAIL_FROM },
    redisUrl: env.REDIS_URL,
    redisPrefix: env.REDIS_PREFIX,
    broadcastConnection: env.BROADCAST_CONNECTION,
    reverb: {
      appId: env.REVERB_APP_ID,
      key: env.REVERB_APP_KEY,
      secret: env.REVERB_APP_SECRET,
      maxConnections: env.REVERB_APP_MAX_CONNECTIONS,
      maxChannelsPerConnection: env.REVERB_APP_MAX_CHANNELS_PER_CONNECTION,
      allowedOrigins: env.REVERB_APP_ALLOWED_ORIGINS ?? (isProduction ? [new URL(appUrl).origin] : ['*']),
      host: env.REVERB_HOST,
      port: publicPort,
      scheme: env.REVERB_SCHEME,
      server: { host: env.REVERB_SERVER_HOST, port: serverPort },
      api: apiUrl
        ? {
            host: apiUrl.hostname,
            port: apiUrl.port ? Number(apiUrl.port) : apiUrl.protocol === 'https:' ? 443 : 80,
            scheme: apiUrl.protocol === 'https:' ? 'https' : 'http',
          }
        : { host: env.REVERB_HOST, port: publicPort, scheme: env.REVERB_SCHEME },
      extraApps: env.REVERB_EXTRA_APPS.map((app) => ({
        id: app.id,
        key: app.key,
        secret: app.secret,
        allowedOrigins: app.allowed_origins,
        maxConnections: app.max_connections,
        maxChannelsPerConnection: app.max_channels_per_connection,
        maxMessageSize: app.max_message_size,
        clientEvents: app.client_events,
        clientEventsPerSecond: app.client_events_per_second,
        maxPresenceMembers: app.max_presence_members,
        maxEventPayload: app.max_event_payload,
      })),
      widget: {
        appId: env.REVERB_WIDGET_APP_ID,
        key: env.REVERB_WIDGET_APP_KEY ?? `widget-${derived(env.APP_KEY, 'widget-key').slice(0, 20)}`,
        secret: env.REVERB_WIDGET_APP_SECRET ?? derived(env.APP_KEY, 'widget-secret'),
      },
    },
    channels: {
      whatsappGraphUrl: env.WHATSAPP_GRAPH_URL.replace(/\/+$/, ''),
      telegramApiUrl: env.TELEGRAM_API_URL.replace(/\/+$/, ''),
      timeoutMs: env.CHANNEL_TIMEOUT_SECONDS * 1000,
      idleResolveHours: env.CONVERSATION_IDLE_RESOLVE_HOURS,
    },
    notifications: { mailDelayMinutes: env.NOTIFICATION_MAIL_DELAY_MINUTES },
    session: { lifetimeMinutes: env.SESSION_LIFETIME, cookie: 'kawan_session' },
    uploads: { maxBytes: env.UPLOAD_MAX_BYTES },
    passwords: {
      minLength: env.PASSWORD_MIN_LENGTH,
      mixedCase: env.PASSWORD_REQUIRE_MIXED_CASE,
      numbers: env.PASSWORD_REQUIRE_NUMBERS,
      symbols: env.PASSWORD_REQUIRE_SYMBOLS,
    },
    queue: {
      workers: env.QUEUE_WORKERS,
      retryDelaySeconds: env.QUEUE_RETRY_DELAY_SECONDS,
      workerNice: env.WORKER_NICE,
    },
    ai: {
      baseUrl: env.AI_BASE_URL?.replace(/\/+$/, ''),
      apiKey: env.AI_API_KEY,
      chatModel: env.AI_CHAT_MODEL,
      fallbackModel: env.AI_FALLBACK_MODEL,
      timeoutSeconds: env.AI_TIMEOUT_SECONDS,
      embeddingModel: env.AI_EMBEDDING_MODEL,
      embeddingDimensions: env.AI_EMBEDDING_DIMENSIONS,
      transcriptionModel: env.AI_TRANSCRIPTION_MODEL,
    },
    knowledge: {
      maxFileBytes: env.KNOWLEDGE_MAX_FILE_BYTES,
      crawlMaxPages: env.KNOWLEDGE_CRAWL_MAX_PAGES,
      allowPrivateUrls: env.KNOWLEDGE_ALLOW_PRIVATE_URLS,
    },
    billing: {
      defaultPlan: env.BILLING_DEFAULT_PLAN,
      graceDays: env.BILLING_GRACE_DAYS,
      manualPayments: env.BILLING_MANUAL_PAYMENTS ? env.BILLING_MANUAL_PAYMENTS === 'true' : !isProduction,
      stripe: env.STRIPE_SECRET
        ? {
            secret: env.STRIPE_SECRET,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            apiBase: env.STRIPE_API_BASE?.replace(/\/+$/, ''),
            prices: env.STRIPE_PRICES,
          }
        : undefined,
      xendit: env.XENDIT_SECRET
        ? {
            secret: env.XENDIT_SECRET,
            callbackToken: env.XENDIT_CALLBACK_TOKEN,
            apiBase: env.XENDIT_API_BASE.replace(/\/+$/, ''),
          }
        : undefined,
    },
    seedDemo: env.SEED_DEMO,
  };
}
