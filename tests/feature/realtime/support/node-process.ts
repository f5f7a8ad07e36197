/**
 * A realtime process of its own for the scale-out tests (so that one can be killed with SIGKILL):
 * REDIS_URL, REALTIME_PREFIX and optionally REALTIME_MAX_CONNECTIONS (the test app's limit) from the
 * environment, prints `port <n>` once listening.
 */
import pino from 'pino';
import { RealtimeServer } from '../../../../server/realtime/realtime-server';
import { testApp } from './harness';

const server = new RealtimeServer({
  apps: [
    process.env.REALTIME_MAX_CONNECTIONS
      ? { ...testApp, maxConnections: Number(process.env.REALTIME_MAX_CONNECTIONS) }
      : testApp,
  ],
  logger: pino({ level: 'silent' }),
  redisUrl: process.env.REDIS_URL,
  redisPrefix: process.env.REALTIME_PREFIX,
  heartbeatInterval: 0.2,
  nodeTimeout: 3,
});
const { port } = await server.listen(0, '127.0.0.1');
process.stdout.write(`port ${port}\n`);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
