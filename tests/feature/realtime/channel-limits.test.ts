import { afterEach, describe, expect, it } from 'vitest';
import {
  cleanup,
  data,
  once,
  pusherClient,
  RawClient,
  startRealtime,
  subscribed,
  testApp,
  waitFor,
} from './support/harness';

// Channels per connection (issue 13: 10 connections × 10 000 subscriptions were all accepted).
afterEach(cleanup);

describe('channels per connection', () => {
  it("the app's cap: one channel more gets pusher:subscription_error (LimitReached) on that channel; the connection stays", async () => {
    const { port, server } = await startRealtime({ app: { maxChannelsPerConnection: 5 } });
    const client = pusherClient(port, undefined);
    for (let n = 1; n <= 5; n++) await subscribed(client, `orders.${n}`);
    const sixth = client.subscribe('orders.6');
    const error = await once<{ type: string; error: string; status: number }>(sixth, 'pusher:subscription_error');
    expect(error).toEqual({
      type: 'LimitReached',
      error: 'The connection is subscribed to the maximum of 5 channels',
      status: 4100,
    });
    expect(client.connection.state).toBe('connected');
    expect((await server.channels(testApp.id)).map((channel) => channel.name)).not.toContain('orders.6');

    client.unsubscribe('orders.6');
    client.unsubscribe('orders.1');
    await subscribed(client, 'orders.7');
    expect((await server.channels(testApp.id)).map((channel) => channel.name).sort()).toEqual([
      'orders.2',
      'orders.3',
      'orders.4',
      'orders.5',
      'orders.7',
    ]);
  });

  it('defaults to 100: a burst of 150 subscribes gets 100 confirmations and 50 refusals', async () => {
    const { port, server } = await startRealtime();
    const raw = await RawClient.connect(port);
    for (let n = 0; n < 150; n++) raw.send({ event: 'pusher:subscribe', data: { channel: `c-${n}`, auth: '' } });
    await waitFor(
      () =>
        raw.events('pusher_internal:subscription_succeeded').length + raw.events('pusher:subscription_error').length ===
        150,
      10_000,
      'every subscribe answered',
    );
    expect(raw.events('pusher_internal:subscription_succeeded')).toHaveLength(100);
    const refused = raw.events('pusher:subscription_error');
    expect(refused.map((frame) => frame.channel)).toEqual(Array.from({ length: 50 }, (_, n) => `c-${n + 100}`));
    expect(data(refused[0])).toMatchObject({ type: 'LimitReached', status: 4100 });
    expect(await server.channels(testApp.id)).toHaveLength(100);
    expect(raw.closed).toBeUndefined();
  });
});
