/**
 * Child process of bench/realtime.ts: Kawan's RealtimeServer (silent logs) on 127.0.0.1, one app;
 * with BENCH_REDIS_URL and BENCH_REDIS_PREFIX, scaled out through Redis.
 */
import pino from 'pino';
import { RealtimeServer } from '../../server/realtime/realtime-server';
import { benchApp, serveProbes, type ChildMessage } from './realtime-child';

async function main() {
  const server = new RealtimeServer({
    apps: [benchApp],
    logger: pino({ level: 'silent' }),
    redisUrl: process.env.BENCH_REDIS_URL || undefined,
    redisPrefix: process.env.BENCH_REDIS_PREFIX || undefined,
    maxBufferedAmount: 8 * 1024 * 1024,
  });
  const { port } = await server.listen(0, '127.0.0.1');
  serveProbes(
    () => server.connectionCount(benchApp.id),
    () => server.close(),
  );
  process.send?.({ type: 'ready', port } satisfies ChildMessage);
}

main().catch((error: unknown) => {
  process.send?.({
    type: 'failed',
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  } satisfies ChildMessage);
  process.exit(1);
});
