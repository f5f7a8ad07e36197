import { createServer as createTlsServer } from 'node:tls';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WebhookDeliveryError, deliverEvent, type OutboundEvent } from '../../../server/channels/webhook/outbound';
import { startWebhookReceiver, type WebhookReceiver } from '../../helpers/webhook-receiver';

/**
 * The webhook channel's outbound URL checked at delivery time: the host resolved again, a private
 * address refused for good (unless allowed), and the connection pinned to the addresses checked.
 * DNS is a table here, as in tests/unit/knowledge/fetch-url.test.ts.
 */
const SECRET = 'whsec_kawan_outbound_address';
const event: OutboundEvent = {
  id: 'evt_01JADDR',
  type: 'message.created',
  createdAt: '2025-02-12T01:23:44.000Z',
  data: { user_id: 'cust-42', text: 'Halo kak' },
};

/** DNS for the tests: names → addresses, answered in turn when a name has several answers; counts calls. */
function fakeDns(table: Record<string, string[][]>) {
  const calls: string[] = [];
  const lookup = async (hostname: string) => {
    const answers = table[hostname];
    const answer = answers?.[Math.min(calls.filter((name) => name === hostname).length, answers.length - 1)];
    calls.push(hostname);
    if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { calls, lookup };
}

async function failure(promise: Promise<unknown>): Promise<WebhookDeliveryError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(WebhookDeliveryError);
  return error as WebhookDeliveryError;
}

let receiver: WebhookReceiver;
let port: number;

beforeAll(async () => {
  receiver = await startWebhookReceiver({ secret: SECRET });
  port = Number(new URL(receiver.url).port);
});
afterAll(async () => {
  await receiver.close();
});
beforeEach(() => {
  receiver.deliveries.length = 0;
});

describe('deliverEvent: the outbound URL checked before each delivery', () => {
  it.each([
    [['10.0.0.5'], '10.0.0.5'],
    [['127.0.0.1'], '127.0.0.1'],
    [['169.254.169.254'], '169.254.169.254'],
    [['fd00::1'], 'fd00::1'],
    [['fe80::1'], 'fe80::1'],
    [['::ffff:10.0.0.5'], '::ffff:10.0.0.5'],
    // every address counts, not only the first
    [['93.184.216.34', '192.168.1.20'], '192.168.1.20'],
  ])('refuses a name resolving to %j for good, naming the address', async (addresses, named) => {
    const dns = fakeDns({ 'hooks.example': [addresses] });
    const error = await failure(
      deliverEvent({
        url: `http://hooks.example:${port}/hooks/kawan`,
        secret: SECRET,
        event,
        allowPrivate: false,
        lookup: dns.lookup,
      }),
    );
    expect(error).toMatchObject({
      message: `the outbound URL resolves to a private address (${named})`,
      retryable: false,
      code: 'private_address',
    });
    expect(error.details.status).toBeUndefined();
    expect(receiver.deliveries).toHaveLength(0);
  });

  it('refuses a literal private address without asking DNS', async () => {
    const dns = fakeDns({});
    const error = await failure(
      deliverEvent({ url: receiver.url, secret: SECRET, event, allowPrivate: false, lookup: dns.lookup }),
    );
    expect([error.message, error.retryable, error.code]).toEqual([
      'the outbound URL is a private address (127.0.0.1)',
      false,
      'private_address',
    ]);
    const mapped = await failure(
      deliverEvent({ url: `http://[::ffff:7f00:1]:${port}/`, secret: SECRET, event, allowPrivate: false }),
    );
    expect(mapped.code).toBe('private_address');
    expect(dns.calls).toEqual([]);
    expect(receiver.deliveries).toHaveLength(0);
  });

  it('refuses localhost through the system resolver', async () => {
    const error = await failure(
      deliverEvent({ url: `http://localhost:${port}/hooks/kawan`, secret: SECRET, event, allowPrivate: false }),
    );
    expect(error.code).toBe('private_address');
    expect(error.message).toMatch(/^the outbound URL resolves to a private address \((127\.0\.0\.1|::1)\)$/);
    expect(receiver.deliveries).toHaveLength(0);
  });

  it('connects to the address it checked, resolving once: a later DNS answer is never used', async () => {
    // The name answers 127.0.0.1 to the check, then 10.0.0.5 (a rebinding) to anyone who asks again.
    const dns = fakeDns({ 'hooks.example': [['127.0.0.1'], ['10.0.0.5']] });
    const delivery = await deliverEvent({
      url: `http://hooks.example:${port}/hooks/kawan`,
      secret: SECRET,
      event,
      allowPrivate: true,
      lookup: dns.lookup,
    });
    expect(delivery.status).toBe(200);
    expect(dns.calls).toEqual(['hooks.example']);
    expect(receiver.deliveries).toHaveLength(1);
    expect(receiver.deliveries[0]).toMatchObject({ path: '/hooks/kawan', verified: true, body: event });
    expect(receiver.deliveries[0].headers.host).toBe(`hooks.example:${port}`);
  });

  it('sends TLS SNI for the name while connecting to the checked address', async () => {
    let serverName: string | undefined;
    const tls = createTlsServer({
      SNICallback: (name, callback) => {
        serverName = name;
        callback(new Error('no certificate here'));
      },
    });
    tls.on('tlsClientError', () => undefined);
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
    try {
      const dns = fakeDns({ 'secure-hooks.example': [['127.0.0.1']] });
      const error = await failure(
        deliverEvent({
          url: `https://secure-hooks.example:${(tls.address() as AddressInfo).port}/hooks`,
          secret: SECRET,
          event,
          allowPrivate: true,
          lookup: dns.lookup,
        }),
      );
      expect(serverName).toBe('secure-hooks.example');
      expect(error).toMatchObject({ retryable: true, code: 'network' });
    } finally {
      tls.close();
    }
  });

  it('makes a name that does not resolve a retryable failure (DNS may come back)', async () => {
    const dns = fakeDns({});
    const error = await failure(
      deliverEvent({
        url: 'https://gone.example/hooks',
        secret: SECRET,
        event,
        allowPrivate: false,
        lookup: dns.lookup,
      }),
    );
    expect(error).toMatchObject({
      message: 'could not reach the endpoint (ENOTFOUND)',
      retryable: true,
      code: 'network',
    });
  });

  it('counts a lookup that hangs against the timeout', async () => {
    const error = await failure(
      deliverEvent({
        url: 'https://slow-dns.example/hooks',
        secret: SECRET,
        event,
        allowPrivate: false,
        timeoutMs: 100,
        lookup: () => new Promise<never>(() => undefined),
      }),
    );
    expect(error).toMatchObject({
      message: 'the endpoint did not answer within 100 ms',
      retryable: true,
      code: 'timeout',
    });
  });
});
