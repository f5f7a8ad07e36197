import { createHmac } from 'node:crypto';
import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ChannelError, type WebhookRequest } from '../../../server/channels/driver';
import { parseInbound } from '../../../server/channels/webhook/inbound';
import {
  MAX_ATTEMPTS,
  RETRY_SCHEDULE_MS,
  WebhookDeliveryError,
  deliverEvent,
  retryDelayMs,
  type OutboundEvent,
} from '../../../server/channels/webhook/outbound';
import { computeSignature, signatureHeader, verifySignature } from '../../../server/channels/webhook/signature';
import { startWebhookReceiver, type WebhookReceiver } from '../../helpers/webhook-receiver';

const SECRET = 'whsec_kawan_test_secret';
const NOW = new Date('2025-02-12T01:23:44Z');
const T = Math.floor(NOW.getTime() / 1000);
const BODY = '{"message":{"id":"m-1","text":"Halo","user":{"id":"u-1"}}}';

function request(header: string | undefined, body: string | Buffer = BODY, now = NOW): WebhookRequest {
  return {
    method: 'POST',
    headers: header === undefined ? {} : { 'x-kawan-signature': header },
    query: {},
    rawBody: typeof body === 'string' ? Buffer.from(body) : body,
    now,
  };
}

/** The documented scheme, computed here independently of signature.ts. */
function hmac(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

describe('signatureHeader', () => {
  it('is t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">', () => {
    expect(signatureHeader(SECRET, BODY, T)).toBe(`t=${T},v1=${hmac(SECRET, T, BODY)}`);
    expect(signatureHeader(SECRET, Buffer.from(BODY), T)).toBe(`t=${T},v1=${hmac(SECRET, T, BODY)}`);
    // A fixed vector, so a change of the scheme cannot pass unnoticed.
    expect(computeSignature('secret', '{}', 1700000000)).toBe(
      createHmac('sha256', 'secret').update('1700000000.{}').digest('hex'),
    );
    expect(computeSignature('secret', '{}', 1700000000)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('signs with each secret while rotating, and refuses an empty secret', () => {
    expect(signatureHeader(['new', 'old'], BODY, T)).toBe(
      `t=${T},v1=${hmac('new', T, BODY)},v1=${hmac('old', T, BODY)}`,
    );
    expect(() => signatureHeader('', BODY, T)).toThrow();
    expect(() => signatureHeader(SECRET, BODY, 1.5)).toThrow();
  });

  it('signs the bytes as they are, not a string round trip of them', () => {
    const bytes = Buffer.from([0x7b, 0xff, 0xfe, 0x7d]); // not valid UTF-8
    const expected = createHmac('sha256', SECRET).update(`${T}.`).update(bytes).digest('hex');
    expect(signatureHeader(SECRET, bytes, T)).toBe(`t=${T},v1=${expected}`);
    expect(verifySignature(request(`t=${T},v1=${expected}`, bytes), SECRET)).toEqual({ ok: true });
  });
});

describe('verifySignature', () => {
  const good = `t=${T},v1=${hmac(SECRET, T, BODY)}`;

  it('accepts a good signature', () => {
    expect(verifySignature(request(good), SECRET)).toEqual({ ok: true });
    expect(verifySignature(request(` t=${T} , v1=${hmac(SECRET, T, BODY).toUpperCase()} `), SECRET)).toEqual({
      ok: true,
    });
  });

  it('refuses a missing header', () => {
    expect(verifySignature(request(undefined), SECRET)).toEqual({
      ok: false,
      status: 401,
      reason: 'missing X-Kawan-Signature',
    });
    expect(verifySignature(request(''), SECRET)).toMatchObject({ ok: false, reason: 'missing X-Kawan-Signature' });
  });

  it.each([
    ['no v1', `t=${T}`],
    ['no timestamp', `v1=${hmac(SECRET, T, BODY)}`],
    ['two timestamps', `t=${T},t=${T},v1=${hmac(SECRET, T, BODY)}`],
    ['a short signature', `t=${T},v1=abc`],
    ['a non-numeric timestamp', `t=soon,v1=${hmac(SECRET, T, BODY)}`],
    ['a bare hex string', hmac(SECRET, T, BODY)],
    ['the WhatsApp style', `sha256=${hmac(SECRET, T, BODY)}`],
  ])('refuses a malformed header: %s', (_name, header) => {
    expect(verifySignature(request(header), SECRET)).toEqual({
      ok: false,
      status: 401,
      reason: 'malformed X-Kawan-Signature',
    });
  });

  it('refuses a stale or a future timestamp beyond the tolerance, correctly signed', () => {
    const outside = { ok: false, status: 401, reason: 'timestamp outside the tolerance' };
    const at = (timestamp: number) => `t=${timestamp},v1=${hmac(SECRET, timestamp, BODY)}`;
    expect(verifySignature(request(at(T - 301)), SECRET)).toEqual(outside);
    expect(verifySignature(request(at(T + 301)), SECRET)).toEqual(outside);
    expect(verifySignature(request(at(T - 300)), SECRET)).toEqual({ ok: true });
    expect(verifySignature(request(at(T + 300)), SECRET)).toEqual({ ok: true });
    expect(verifySignature(request(at(T - 3600)), SECRET, 7200)).toEqual({ ok: true });
    expect(verifySignature(request(at(T - 61)), SECRET, 60)).toEqual(outside);
  });

  it('refuses a body changed by one byte, a wrong secret, a signature for another timestamp', () => {
    const mismatch = { ok: false, status: 401, reason: 'X-Kawan-Signature does not match' };
    const changed = Buffer.from(BODY);
    changed[changed.length - 3] ^= 0x01;
    expect(changed.toString()).not.toBe(BODY);
    expect(verifySignature(request(good, changed), SECRET)).toEqual(mismatch);
    expect(verifySignature(request(`${good} `, `${BODY} `), SECRET)).toEqual(mismatch);
    expect(verifySignature(request(good), 'another secret')).toEqual(mismatch);
    expect(verifySignature(request(`t=${T - 1},v1=${hmac(SECRET, T, BODY)}`), SECRET)).toEqual(mismatch);
  });

  it('accepts any v1 entry and any configured secret, so secrets can rotate', () => {
    const rotating = `t=${T},v1=${hmac('new-secret', T, BODY)},v1=${hmac('old-secret', T, BODY)}`;
    expect(verifySignature(request(rotating), 'old-secret')).toEqual({ ok: true });
    expect(verifySignature(request(rotating), 'new-secret')).toEqual({ ok: true });
    expect(verifySignature(request(rotating), 'third-secret')).toMatchObject({ ok: false });

    const oldOnly = `t=${T},v1=${hmac('old-secret', T, BODY)}`;
    expect(verifySignature(request(oldOnly), ['new-secret', 'old-secret'])).toEqual({ ok: true });
    expect(verifySignature(request(oldOnly), ['new-secret'])).toMatchObject({ ok: false });
    // An unknown scheme beside v1 is ignored.
    expect(verifySignature(request(`t=${T},v0=zzz,v1=${hmac(SECRET, T, BODY)}`), SECRET)).toEqual({ ok: true });
  });

  it('refuses everything when no secret is configured', () => {
    const emptySigned = `t=${T},v1=${hmac('', T, BODY)}`;
    expect(verifySignature(request(emptySigned), '')).toEqual({
      ok: false,
      status: 401,
      reason: 'no signing secret configured',
    });
    expect(verifySignature(request(emptySigned), [])).toMatchObject({ ok: false });
  });
});

describe('parseInbound', () => {
  const body = (value: unknown) => Buffer.from(JSON.stringify(value));

  it('reads a message into one inbound text', () => {
    const result = parseInbound(
      body({
        message: {
          id: 'ord-981-1',
          text: '  Halo, pesanan saya?  ',
          user: {
            id: 'cust-42',
            name: 'Ayu',
            email: 'Ayu@Example.com',
            phone: '+62 812-3456-7890',
            attributes: { poin: 1250, member: true, kota: null },
          },
          sentAt: '2025-02-12T08:23:44+07:00',
        },
        metadata: { orderId: 981 },
      }),
      { now: NOW },
    );
    expect(result).toEqual({
      ok: true,
      webhook: {
        eventId: 'message:ord-981-1',
        messages: [
          {
            externalId: 'ord-981-1',
            externalUserId: 'cust-42',
            threadId: 'cust-42',
            name: 'Ayu',
            phoneE164: '+6281234567890',
            email: 'ayu@example.com',
            attributes: { poin: 1250, member: true, kota: null },
            kind: 'text',
            text: 'Halo, pesanan saya?',
            attachments: [],
            sentAt: new Date('2025-02-12T01:23:44Z'),
          },
        ],
        statuses: [],
      },
      metadata: { orderId: 981 },
    });
  });

  it('takes the least: an id, a text and a user id; sentAt defaults to now', () => {
    const result = parseInbound(JSON.stringify({ message: { id: 'a', text: 'b', user: { id: 'c' } } }), { now: NOW });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.webhook.messages[0]).toEqual({
      externalId: 'a',
      externalUserId: 'c',
      threadId: 'c',
      kind: 'text',
      text: 'b',
      attachments: [],
      sentAt: NOW,
    });
    expect(result).not.toHaveProperty('metadata');
  });

  it('answers a bad body with field messages, never an exception', () => {
    expect(parseInbound(Buffer.from('{nope'))).toEqual({ ok: false, errors: { body: 'The body must be JSON.' } });
    expect(parseInbound(body([1, 2]))).toEqual({ ok: false, errors: { body: 'The body must be a JSON object.' } });
    expect(parseInbound(body({}))).toEqual({ ok: false, errors: { message: 'The message field is required.' } });
    expect(parseInbound(body({ message: { id: '', text: '   ', user: {} } }))).toEqual({
      ok: false,
      errors: {
        'message.id': 'The message.id field is required.',
        'message.text': 'The message.text field is required.',
        'message.user.id': 'The message.user.id field is required.',
      },
    });
    const result = parseInbound(
      body({
        message: {
          id: 'x',
          text: 'y'.repeat(4097),
          user: { id: 'u', email: 'not-an-email', phone: '12', attributes: { poin: { nested: 1 } } },
          sentAt: 'yesterday',
        },
        metadata: 'nope',
      }),
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        'message.text': 'The message.text field must not be greater than 4096 characters.',
        'message.user.email': 'The message.user.email field must be a valid email address.',
        'message.user.phone': 'The message.user.phone field must be a phone number in international format (+62…).',
        'message.user.attributes.poin':
          'A value of message.user.attributes must be text, a number, true, false or null.',
        'message.sentAt': 'The message.sentAt field must be an ISO 8601 date and time.',
        metadata: 'The metadata field must be an object.',
      },
    });
  });

  it('takes 4096 characters exactly, and refuses metadata over 16 kB', () => {
    const ok = parseInbound(body({ message: { id: 'x', text: 'y'.repeat(4096), user: { id: 'u' } } }));
    expect(ok.ok).toBe(true);
    const big = parseInbound(
      body({ message: { id: 'x', text: 'y', user: { id: 'u' } }, metadata: { blob: 'z'.repeat(17 * 1024) } }),
    );
    expect(big).toEqual({ ok: false, errors: { metadata: 'The metadata field must not be larger than 16 kB.' } });
  });
});

describe('deliverEvent', () => {
  // The receiver listens on 127.0.0.1, a private address: allowed here (webhook-outbound-address.test.ts refuses it).
  const local = { allowPrivate: true };
  let receiver: WebhookReceiver;
  const event: OutboundEvent = {
    id: 'evt_01J9ZK',
    type: 'message.created',
    createdAt: '2025-02-12T01:23:44.000Z',
    data: { conversationId: 7, message: { id: 99, text: 'Halo kak, ada yang bisa dibantu?' } },
  };

  beforeAll(async () => {
    receiver = await startWebhookReceiver({ secret: SECRET });
  });
  afterAll(async () => {
    await receiver.close();
  });
  beforeEach(() => {
    receiver.deliveries.length = 0;
  });

  it('POSTs the signed event with its headers; the receiver verifies the signature', async () => {
    const result = await deliverEvent({ ...local, url: receiver.url, secret: SECRET, event });
    expect(result.status).toBe(200);
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    expect(receiver.deliveries).toHaveLength(1);
    const [delivery] = receiver.deliveries;
    expect(delivery).toMatchObject({ method: 'POST', path: '/hooks/kawan', verified: true, body: event });
    expect(delivery.headers['content-type']).toBe('application/json');
    expect(delivery.headers['user-agent']).toBe('Kawan-Webhooks/1');
    expect(delivery.headers['x-kawan-event-id']).toBe('evt_01J9ZK');
    expect(delivery.headers['x-kawan-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    // Kawan's own verifier agrees with the receiver's.
    expect(
      verifySignature(request(delivery.headers['x-kawan-signature'] as string, delivery.rawBody, new Date()), SECRET),
    ).toEqual({ ok: true });
  });

  it('is refused by a receiver holding another secret, and signs with the given time', async () => {
    await deliverEvent({ ...local, url: receiver.url, secret: 'wrong', event });
    expect(receiver.deliveries[0]).toMatchObject({ verified: false, reason: 'mismatch', status: 200 });

    await deliverEvent({ ...local, url: receiver.url, secret: SECRET, event, now: new Date(Date.now() - 10 * 60_000) });
    expect(receiver.deliveries[1]).toMatchObject({ verified: false, reason: 'stale' });

    await deliverEvent({ ...local, url: receiver.url, secret: ['rotated-new', SECRET], event });
    expect(receiver.deliveries[2].verified).toBe(true);
  });

  it('makes 5xx, 429, 408 and 409 retryable, with the endpoint’s Retry-After', async () => {
    receiver.respondWith(500, { status: 429, retryAfter: 30 }, 408, 409, { status: 503, retryAfter: 120 });
    const errors: unknown[] = [];
    for (let i = 0; i < 5; i++)
      errors.push(await deliverEvent({ ...local, url: receiver.url, secret: SECRET, event }).catch((e) => e));
    expect(errors.every((error) => error instanceof ChannelError && error.retryable)).toBe(true);
    expect(errors.map((error) => (error as ChannelError).message)).toEqual([
      'the endpoint answered 500',
      'the endpoint answered 429',
      'the endpoint answered 408',
      'the endpoint answered 409',
      'the endpoint answered 503',
    ]);
    expect(errors.map((error) => (error as ChannelError).retryAfterMs)).toEqual([
      undefined,
      30_000,
      undefined,
      undefined,
      120_000,
    ]);
    expect((errors[1] as ChannelError).code).toBe('rate_limited');
    expect(errors[0]).toBeInstanceOf(WebhookDeliveryError);
    expect((errors[0] as WebhookDeliveryError).details.status).toBe(500);
    expect(receiver.deliveries.every((delivery) => delivery.verified)).toBe(true);
  });

  it('makes other 4xx and redirects final', async () => {
    receiver.respondWith(400, 401, 404, 410, 422, { status: 301, location: 'http://169.254.169.254/' });
    const errors: ChannelError[] = [];
    for (let i = 0; i < 6; i++) {
      errors.push(
        await deliverEvent({ ...local, url: receiver.url, secret: SECRET, event }).then(
          () => new ChannelError('delivered', false),
          (e: ChannelError) => e,
        ),
      );
    }
    expect(errors.map((error) => [error.message, error.retryable])).toEqual([
      ['the endpoint answered 400', false],
      ['the endpoint answered 401', false],
      ['the endpoint answered 404', false],
      ['the endpoint answered 410', false],
      ['the endpoint answered 422', false],
      ['the endpoint answered 301, a redirect, which is not followed', false],
    ]);
    // The redirect was not followed: six requests, all to the receiver.
    expect(receiver.deliveries).toHaveLength(6);
  });

  it('succeeds on the third attempt after two 500s, with the same event id each time', async () => {
    receiver.respondWith(500, 500, 200);
    const outcomes: string[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      outcomes.push(
        await deliverEvent({ ...local, url: receiver.url, secret: SECRET, event }).then(
          (result) => `ok ${result.status}`,
          (error: ChannelError) => `${error.retryable ? 'retry' : 'final'} ${error.message}`,
        ),
      );
    }
    expect(outcomes).toEqual(['retry the endpoint answered 500', 'retry the endpoint answered 500', 'ok 200']);
    expect(receiver.deliveries.map((delivery) => delivery.headers['x-kawan-event-id'])).toEqual([
      'evt_01J9ZK',
      'evt_01J9ZK',
      'evt_01J9ZK',
    ]);
  });

  it('times out, retryably', async () => {
    receiver.respondWith({ status: 200, delayMs: 2000 });
    const error = await deliverEvent({ ...local, url: receiver.url, secret: SECRET, event, timeoutMs: 100 }).catch(
      (e) => e,
    );
    expect(error).toMatchObject({
      message: 'the endpoint did not answer within 100 ms',
      retryable: true,
      code: 'timeout',
    });
  });

  it('makes a refused connection retryable and a bad URL final', async () => {
    const port = await closedPort();
    const refused = await deliverEvent({ ...local, url: `http://127.0.0.1:${port}/hook`, secret: SECRET, event }).catch(
      (e) => e,
    );
    expect(refused).toMatchObject({
      message: 'could not reach the endpoint (ECONNREFUSED)',
      retryable: true,
      code: 'network',
    });
    await expect(deliverEvent({ ...local, url: 'not a url', secret: SECRET, event })).rejects.toMatchObject({
      retryable: false,
      code: 'invalid_url',
    });
    await expect(deliverEvent({ ...local, url: 'file:///etc/passwd', secret: SECRET, event })).rejects.toMatchObject({
      retryable: false,
      code: 'invalid_url',
    });
  });
});

describe('the retry schedule', () => {
  const total = (random: () => number) => {
    let sum = 0;
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) sum += retryDelayMs(attempt, random);
    return sum;
  };
  const HOUR = 60 * 60_000;

  it('starts at 30 s and grows to 4 h steps', () => {
    const middle = () => 0.5;
    expect(MAX_ATTEMPTS).toBe(12);
    expect(retryDelayMs(1, middle)).toBe(30_000);
    expect(retryDelayMs(2, middle)).toBe(2 * 60_000);
    expect(retryDelayMs(3, middle)).toBe(10 * 60_000);
    expect(retryDelayMs(6, middle)).toBe(2 * HOUR);
    expect(retryDelayMs(7, middle)).toBe(4 * HOUR);
    expect(retryDelayMs(11, middle)).toBe(4 * HOUR);
    const steps = Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => retryDelayMs(i + 1, middle));
    expect(steps).toEqual([...RETRY_SCHEDULE_MS]);
    expect(steps.every((step, i) => i === 0 || step >= steps[i - 1])).toBe(true);
  });

  it('spans about 24 hours, jitter included', () => {
    expect(total(() => 0.5)).toBe(23 * HOUR + 42 * 60_000 + 30_000);
    expect(total(() => 0)).toBeGreaterThan(21 * HOUR);
    expect(total(() => 1)).toBeLessThan(26.5 * HOUR);
  });

  it('jitters each wait within ±10 %', () => {
    expect(retryDelayMs(1, () => 0)).toBe(27_000);
    expect(retryDelayMs(1, () => 1)).toBe(33_000);
    const samples = Array.from({ length: 50 }, () => retryDelayMs(4));
    expect(samples.every((ms) => ms >= 27 * 60_000 && ms <= 33 * 60_000)).toBe(true);
    expect(new Set(samples).size).toBeGreaterThan(1);
    // Out of range attempts are clamped, not NaN.
    expect(retryDelayMs(0, () => 0.5)).toBe(30_000);
    expect(retryDelayMs(99, () => 0.5)).toBe(4 * HOUR);
  });
});

/** A port nothing listens on: bound once, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
