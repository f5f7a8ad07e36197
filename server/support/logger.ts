import pino, { type Logger } from 'pino';

/** Paths that must never reach a log line, whatever object is logged. */
export const redactedPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-xsrf-token"]',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  ...['password', 'password_confirmation', 'current_password', 'token', '_token', 'secret'].flatMap((key) => [
    key,
    `*.${key}`,
  ]),
];

/**
 * A failed query's error (drizzle's "Failed query: … params: …") carries the bound values, which
 * can be password hashes, tokens or e-mail addresses, and the database's own message may quote one
 * ('invalid input syntax …: "<value>"', 'Key (email)=(<value>) already exists'). They never reach a
 * log line or an error page: the params line goes, and so does every quoted value.
 */
export function withoutQueryParams(text: string, params: readonly unknown[] = []): string {
  let scrubbed = text.replace(/\nparams: [^\n]*/g, '\nparams: [redacted]');
  for (const value of params) {
    const quoted = typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
    // Short values ("1", "t") would blank out unrelated text and say little about anyone.
    if (quoted !== undefined && quoted.length >= 4) scrubbed = scrubbed.split(quoted).join('[redacted]');
  }
  return scrubbed;
}

/** The values bound to a failed query, wherever in the error's chain of causes they are. */
export function queryParamsOf(error: unknown): unknown[] {
  const found: unknown[] = [];
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const params = (current as { params?: unknown }).params;
    if (Array.isArray(params)) found.push(...(params as unknown[]));
    current = (current as { cause?: unknown }).cause;
  }
  return found;
}

/** pino's error serializer, with query parameters taken out of messages, stacks and details. */
export function errorSerializer(error: unknown): unknown {
  const params = queryParamsOf(error);
  return scrub(pino.stdSerializers.err(error as Error) as unknown, params, 0);
}

function scrub(value: unknown, params: unknown[], depth: number): unknown {
  if (depth > 5 || value === null || typeof value !== 'object') return value;
  const record = { ...(value as Record<string, unknown>) };
  if ('params' in record) record.params = '[redacted]';
  for (const key of ['message', 'stack', 'detail']) {
    if (typeof record[key] === 'string') record[key] = withoutQueryParams(record[key], params);
  }
  if (record.cause) record.cause = scrub(record.cause, params, depth + 1);
  return record;
}

export interface LoggerOptions {
  /**
   * Human-readable, coloured lines (pino-pretty) instead of JSON: for a developer watching a
   * terminal. Production and piped output stay JSON, one object a line, for log collectors.
   */
  pretty?: boolean;
  /** Where JSON lines go (standard output by default). */
  destination?: pino.DestinationStream;
}

export function createLogger(level: string, options: LoggerOptions = {}): Logger {
  const base = { level, redact: { paths: redactedPaths, censor: '[redacted]' }, serializers: { err: errorSerializer } };
  if (!options.pretty) return options.destination ? pino(base, options.destination) : pino(base);
  return pino({
    ...base,
    transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } },
  });
}

/** Pretty lines for a developer at a terminal; JSON in production and wherever output is piped. */
export function wantsPrettyLogs(isProduction: boolean, stream: { isTTY?: boolean } = process.stdout): boolean {
  return !isProduction && stream.isTTY === true;
}

export type { Logger };
