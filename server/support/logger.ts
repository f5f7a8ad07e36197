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
  const base = { level, redact: { paths: redactedPaths, censor: '[redacted]' } };
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
