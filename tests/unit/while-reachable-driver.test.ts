import { describe, expect, it } from 'vitest';
import {
  MemoryDriver,
  whileReachable,
  type BroadcastDriver,
  type BroadcastMessage,
} from '../../server/broadcasting/broadcaster';
import { createLogger } from '../../server/support/logger';

/** A script's broadcasts (npm run db:seed): delivered while the realtime server answers, then one warning. */
function recordingLogger() {
  const warnings: Array<{ fields: unknown; message: string }> = [];
  const logger = createLogger('silent');
  logger.warn = ((fields: unknown, message: string) => {
    warnings.push({ fields, message });
  }) as typeof logger.warn;
  return { logger, warnings };
}

const message = (event: string): BroadcastMessage => ({ channels: ['private-teams.1'], event, data: {} });

describe('whileReachable', () => {
  it('publishes through the driver it wraps while that answers', async () => {
    const inner = new MemoryDriver();
    const { logger, warnings } = recordingLogger();
    const driver = whileReachable(logger)(inner);
    await driver.publish(message('A'));
    await driver.publish(message('B'));
    expect(inner.sent.map((sent) => sent.event)).toEqual(['A', 'B']);
    expect(driver.name).toBe('memory');
    expect(warnings).toEqual([]);
  });

  it('warns once when the realtime server does not answer, and every driver of the call drops what follows', async () => {
    let calls = 0;
    // The pusher SDK's RequestError, with the network's error inside.
    const refusing = (name: string): BroadcastDriver => ({
      name,
      publish: async () => {
        calls += 1;
        throw Object.assign(new Error('Request failed with an error'), {
          error: Object.assign(new Error('request to http://localhost:8080/apps/1/events?auth_signature=… failed'), {
            code: 'ECONNREFUSED',
          }),
        });
      },
    });
    const { logger, warnings } = recordingLogger();
    const reachable = whileReachable(logger);
    const driver = reachable(refusing('pusher'));
    const widget = reachable(refusing('pusher-widget'));
    // Publishes that were already under way when the first failed do not warn again.
    await Promise.all([driver.publish(message('A')), driver.publish(message('B'))]);
    await driver.publish(message('C'));
    await widget.publish(message('D'));
    expect(calls).toBe(2);
    expect(warnings).toHaveLength(1);
    expect(warnings[0].message).toContain('is the app running?');
    expect(warnings[0].fields).toEqual({ reason: 'ECONNREFUSED', driver: 'pusher' });
  });
});
