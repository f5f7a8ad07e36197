import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChannelError } from '../../../server/channels/driver';
import { WhatsAppError, whatsappClient, type WhatsAppClient } from '../../../server/channels/whatsapp/client';
import { startFakeWhatsApp, type FakeTemplate, type FakeWhatsApp } from '../../helpers/fake-whatsapp';

const TOKEN = 'EAAG-secret-token-value-42';
let fake: FakeWhatsApp;
let client: WhatsAppClient;

function clientFor(overrides: Partial<Parameters<typeof whatsappClient>[0]> = {}): WhatsAppClient {
  return whatsappClient({
    baseUrl: `${fake.url}/`,
    phoneNumberId: fake.phoneNumberId,
    wabaId: fake.wabaId,
    accessToken: TOKEN,
    ...overrides,
  });
}

async function failure(promise: Promise<unknown>): Promise<WhatsAppError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(WhatsAppError);
  expect(error).toBeInstanceOf(ChannelError);
  expect((error as Error).message).not.toContain(TOKEN);
  return error as WhatsAppError;
}

beforeEach(async () => {
  fake = await startFakeWhatsApp({
    accessToken: TOKEN,
    verifiedName: 'Toko Budi',
    displayPhoneNumber: '+62 811-2345-6789',
  });
  client = clientFor();
});

afterEach(async () => {
  await fake.close();
});

describe('whatsappClient sends', () => {
  it('sends a text as Meta documents it, with the token and the quoted message', async () => {
    const outcome = await client.sendText({
      threadId: '6281234567890',
      text: 'Toko buka 09:00–21:00 WIB.',
      replyToExternalId: 'wamid.IN',
    });
    expect(outcome.externalIds).toHaveLength(1);
    expect(outcome.externalIds[0]).toMatch(/^wamid\./);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0].method).toBe('POST');
    expect(fake.requests[0].path).toBe(`/v21.0/${fake.phoneNumberId}/messages`);
    expect(fake.requests[0].headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(fake.requests[0].headers['content-type']).toBe('application/json');
    expect(fake.sent()).toEqual([
      {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: '6281234567890',
        type: 'text',
        text: { preview_url: false, body: 'Toko buka 09:00–21:00 WIB.' },
        context: { message_id: 'wamid.IN' },
      },
    ]);
  });

  it('sends to the digits of a thread id given with a +', async () => {
    await client.sendText({ threadId: '+6281234567890', text: 'Halo' });
    expect(fake.sent()[0]).toMatchObject({ to: '6281234567890' });
    expect(fake.sent()[0]).not.toHaveProperty('context');
  });

  it('splits a long reply and quotes only on the first part', async () => {
    const paragraph = 'Kopi susu gula aren kami dibuat dari biji lokal. '.repeat(60).trim(); // ~2900 chars
    const text = `${paragraph}\n\n${paragraph}\n\n${paragraph}`;
    const outcome = await client.sendText({ threadId: '6281234567890', text, replyToExternalId: 'wamid.IN' });
    const sent = fake.sent();
    expect(sent).toHaveLength(3);
    expect(outcome.externalIds).toHaveLength(3);
    expect(new Set(outcome.externalIds).size).toBe(3);
    const bodies = sent.map((body) => (body.text as { body: string }).body);
    expect(bodies).toEqual([paragraph, paragraph, paragraph]);
    expect(bodies.every((body) => body.length <= 4096)).toBe(true);
    expect(sent[0].context).toEqual({ message_id: 'wamid.IN' });
    expect(sent[1]).not.toHaveProperty('context');
    expect(sent[2]).not.toHaveProperty('context');
  });

  it('names the parts that went out when a later part fails', async () => {
    const part = 'a'.repeat(4000);
    fake.failNext({ status: 503, code: 2, message: 'Service temporarily unavailable', skip: 1 });
    const error = await failure(client.sendText({ threadId: '628111', text: `${part}\n\n${part}\n\n${part}` }));
    expect(error).toMatchObject({ retryable: true, code: 'unavailable', message: 'Service temporarily unavailable' });
    expect(fake.sent()).toHaveLength(2);
    expect(error.details.sentExternalIds).toHaveLength(1);
    expect(error.details.sentExternalIds?.[0]).toMatch(/^wamid\./);
  });

  it('refuses an empty reply and a thread id that is not a number, without a request', async () => {
    expect((await failure(client.sendText({ threadId: '628111', text: '   ' }))).code).toBe('empty_message');
    expect((await failure(client.sendText({ threadId: 'abc', text: 'Halo' }))).code).toBe('invalid_recipient');
    expect(fake.requests).toHaveLength(0);
  });

  it('sends a template with its language and components', async () => {
    const components = [
      {
        type: 'body',
        parameters: [
          { type: 'text', text: 'Budi' },
          { type: 'text', text: 'INV-7' },
        ],
      },
    ];
    const outcome = await client.sendTemplate({
      to: '+6281234567890',
      name: 'order_update',
      language: 'id',
      components,
    });
    expect(outcome.externalIds[0]).toMatch(/^wamid\./);
    expect(fake.sent()).toEqual([
      {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: '6281234567890',
        type: 'template',
        template: { name: 'order_update', language: { code: 'id' }, components },
      },
    ]);
  });

  it("uploads a media header's file first and sends the template with it by its id", async () => {
    await fake.close();
    fake = await startFakeWhatsApp({
      accessToken: TOKEN,
      templates: [
        {
          name: 'menu_baru',
          language: 'id',
          status: 'APPROVED',
          category: 'MARKETING',
          parameter_format: 'NAMED',
          components: [
            { type: 'HEADER', format: 'DOCUMENT' },
            { type: 'BODY', text: 'Halo {{nama}}, ini menu baru kami.' },
          ],
        },
      ],
    });
    const bytes = Buffer.from('%PDF-1.4 menu');
    const body = { type: 'body', parameters: [{ type: 'text', parameter_name: 'nama', text: 'Sari' }] };
    const outcome = await clientFor().sendTemplate({
      to: '6281234567890',
      name: 'menu_baru',
      language: 'id',
      components: [body],
      headerMedia: 'document',
      headerFile: {
        name: 'menu.pdf',
        mime: 'application/pdf',
        size: bytes.length,
        kind: 'file',
        index: 0,
        read: async () => bytes,
      },
    });
    expect(outcome.externalIds[0]).toMatch(/^wamid\./);
    const [upload] = fake.uploads();
    expect(upload).toMatchObject({ name: 'menu.pdf', mime: 'application/pdf', bytes });
    expect(fake.sent()[0].template).toEqual({
      name: 'menu_baru',
      language: { code: 'id' },
      components: [
        { type: 'header', parameters: [{ type: 'document', document: { id: upload.id, filename: 'menu.pdf' } }] },
        body,
      ],
    });
  });

  it('refuses a media header without its file, and a template Meta finds short of a parameter, without retrying', async () => {
    const missing = await failure(
      client.sendTemplate({ to: '628111', name: 'order_update', language: 'id', headerMedia: 'image' }),
    );
    expect(missing).toMatchObject({ code: 'missing_media', retryable: false });
    expect(fake.requests).toHaveLength(0);

    const short = await failure(
      client.sendTemplate({
        to: '628111',
        name: 'order_update',
        language: 'id',
        components: [{ type: 'body', parameters: [{ type: 'text', text: 'Budi' }] }],
      }),
    );
    expect(short).toMatchObject({ code: 'rejected', retryable: false });
    expect(short.message).toContain('Number of parameters does not match');
  });

  it('marks a message read, with a typing indicator when asked', async () => {
    await client.markRead('wamid.IN1', true);
    await client.markRead('wamid.IN2', false);
    expect(fake.sent()).toEqual([]);
    expect(fake.reads()).toEqual([
      { messaging_product: 'whatsapp', status: 'read', message_id: 'wamid.IN1', typing_indicator: { type: 'text' } },
      { messaging_product: 'whatsapp', status: 'read', message_id: 'wamid.IN2' },
    ]);
  });
});

describe('whatsappClient errors', () => {
  it('a 24-hour window closed is window_closed, not retryable, and a template still goes', async () => {
    fake.setWindowClosed('6281234567890');
    const error = await failure(client.sendText({ threadId: '6281234567890', text: 'Halo lagi' }));
    expect(error.code).toBe('window_closed');
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('Re-engagement message');
    expect(error.message).toContain('more than 24 hours');
    expect(error.details).toMatchObject({ status: 400, metaCode: 131047 });
    expect(error.details.fbtraceId).toMatch(/^A/);
    await expect(
      client.sendTemplate({
        to: '6281234567890',
        name: 'follow_up',
        language: 'en_US',
        components: [
          { type: 'header', parameters: [{ type: 'text', text: 'Budi' }] },
          { type: 'body', parameters: [{ type: 'text', text: 'oat milk' }] },
        ],
      }),
    ).resolves.toMatchObject({
      externalIds: [expect.stringMatching(/^wamid\./)],
    });
  });

  it('a refused token is unauthorized, not retryable, with Meta’s message and never the token', async () => {
    const wrong = clientFor({ accessToken: 'EAAG-revoked' });
    const error = await failure(wrong.sendText({ threadId: '628111', text: 'Halo' }));
    expect(error.message).toBe('Invalid OAuth access token - Cannot parse access token');
    expect(error.code).toBe('unauthorized');
    expect(error.retryable).toBe(false);
    expect(error.details.metaCode).toBe(190);
  });

  it('never repeats the token even when Meta echoes it', async () => {
    fake.failNext({ status: 400, code: 100, message: `Invalid parameter near ${TOKEN}` });
    const error = await failure(client.sendText({ threadId: '628111', text: 'Halo' }));
    expect(error.message).toBe('Invalid parameter near [redacted]');
    expect(error.code).toBe('rejected');
    expect(error.retryable).toBe(false);
  });

  it('429 and Meta’s rate-limit codes are retryable, honouring Retry-After', async () => {
    fake.failNext({ status: 429, code: 130429, message: '(#130429) Rate limit hit', retryAfter: 7 });
    let error = await failure(client.sendText({ threadId: '628111', text: 'Halo' }));
    expect(error).toMatchObject({
      retryable: true,
      code: 'rate_limited',
      retryAfterMs: 7000,
      message: '(#130429) Rate limit hit',
    });

    for (const code of [4, 80007, 131048, 131056]) {
      fake.failNext({ status: 400, code, message: `(#${code}) limited` });
      error = await failure(client.sendText({ threadId: '628111', text: 'Halo' }));
      expect(error).toMatchObject({ retryable: true, code: 'rate_limited', retryAfterMs: undefined });
      expect(error.details.metaCode).toBe(code);
    }
  });

  it('5xx is retryable; other 4xx are not', async () => {
    fake.failNext({ status: 503, code: 2, message: 'Service temporarily unavailable', retryAfter: 2 });
    expect(await failure(client.sendText({ threadId: '628111', text: 'Halo' }))).toMatchObject({
      retryable: true,
      code: 'unavailable',
      retryAfterMs: 2000,
    });
    fake.failNext({ status: 500, code: 131000, message: 'Something went wrong' });
    expect(await failure(client.sendText({ threadId: '628111', text: 'Halo' }))).toMatchObject({ retryable: true });
    fake.failNext({ status: 400, code: 131026, message: 'Message undeliverable' });
    expect(await failure(client.sendText({ threadId: '628111', text: 'Halo' }))).toMatchObject({
      retryable: false,
      code: 'rejected',
      message: 'Message undeliverable',
    });
  });

  it('a timeout and a network error are retryable', async () => {
    fake.delayNext(500);
    const slow = clientFor({ timeoutMs: 100 });
    const timeout = await failure(slow.sendText({ threadId: '628111', text: 'Halo' }));
    expect(timeout).toMatchObject({
      retryable: true,
      code: 'timeout',
      message: 'The WhatsApp Cloud API did not answer within 100 ms',
    });

    const refused = clientFor({
      fetch: async () => {
        throw new TypeError('fetch failed', { cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }) });
      },
    });
    const network = await failure(refused.sendText({ threadId: '628111', text: 'Halo' }));
    expect(network).toMatchObject({
      retryable: true,
      code: 'network',
      message: 'Could not reach the WhatsApp Cloud API (ECONNREFUSED)',
    });
  });
});

describe('whatsappClient checks and lists', () => {
  it('checks the credentials against the phone number', async () => {
    await expect(client.checkCredentials()).resolves.toEqual({
      ok: true,
      detail: 'Connected as Toko Budi (+6281123456789), quality rating GREEN',
      displayIdentifier: '+6281123456789',
    });
    expect(fake.requests[0].path).toBe(
      `/v21.0/${fake.phoneNumberId}?fields=display_phone_number,verified_name,quality_rating`,
    );
  });

  it('a refused token or an unknown number is not ok, with Meta’s message', async () => {
    await expect(clientFor({ accessToken: 'nope' }).checkCredentials()).resolves.toEqual({
      ok: false,
      detail: 'Invalid OAuth access token - Cannot parse access token',
    });
    const other = await clientFor({ phoneNumberId: '999' }).checkCredentials();
    expect(other.ok).toBe(false);
    expect(other.detail).toContain("Object with ID '999' does not exist");
  });

  it('lists templates across pages', async () => {
    const templates: FakeTemplate[] = Array.from({ length: 5 }, (_, index) => ({
      id: String(index),
      name: `template_${index}`,
      language: 'id',
      status: index === 4 ? 'REJECTED' : 'APPROVED',
      category: 'UTILITY',
      components: [{ type: 'BODY', text: `Halo {{1}}, nomor ${index}` }],
    }));
    await fake.close();
    fake = await startFakeWhatsApp({ accessToken: TOKEN, templates, templatesPageSize: 2 });
    const listed = await clientFor().listTemplates();
    expect(listed.map((template) => template.name)).toEqual(templates.map((template) => template.name));
    expect(listed[4]).toEqual({
      id: '4',
      name: 'template_4',
      language: 'id',
      status: 'REJECTED',
      category: 'UTILITY',
      parameterFormat: 'POSITIONAL',
      components: [{ type: 'BODY', text: 'Halo {{1}}, nomor 4' }],
    });
    const paths = fake.requests.map((request) => request.path);
    expect(paths).toHaveLength(3);
    expect(paths[0]).toContain(`/v21.0/${fake.wabaId}/message_templates?`);
    expect(fake.requests.every((request) => request.headers.authorization === `Bearer ${TOKEN}`)).toBe(true);
  });

  it('stops after ten pages', async () => {
    const templates: FakeTemplate[] = Array.from({ length: 30 }, (_, index) => ({
      name: `t${index}`,
      language: 'en',
      status: 'APPROVED',
      category: 'MARKETING',
      components: [],
    }));
    await fake.close();
    fake = await startFakeWhatsApp({ accessToken: TOKEN, templates, templatesPageSize: 2 });
    const listed = await clientFor().listTemplates();
    expect(listed).toHaveLength(20);
    expect(fake.requests).toHaveLength(10);
  });
});

describe('whatsappClient media', () => {
  it('fetches media by id, then its bytes with the token', async () => {
    const bytes = Buffer.from('%PDF-1.4 fake invoice');
    const id = fake.addMedia(bytes, 'application/pdf');
    const media = await client.fetchMedia(id);
    expect(media).toEqual({
      mime: 'application/pdf',
      bytes,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      size: bytes.length,
    });
    expect(fake.requests.map((request) => request.path.split('?')[0])).toEqual([
      `/v21.0/${id}`,
      '/whatsapp_business/attachments/',
    ]);
    expect(fake.requests[1].headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('refuses media over the size cap, declared or actual', async () => {
    const big = fake.addMedia(Buffer.alloc(2048, 1), 'image/jpeg');
    const error = await failure(clientFor({ maxBytes: 1024 }).fetchMedia(big));
    expect(error).toMatchObject({ code: 'too_large', retryable: false });
    expect(fake.requests).toHaveLength(1); // the declared size was enough

    const lying = fake.addMedia(Buffer.alloc(2048, 1), 'image/jpeg', { declaredSize: 10 });
    expect(await failure(clientFor({ maxBytes: 1024 }).fetchMedia(lying))).toMatchObject({ code: 'too_large' });

    const unsized = fake.addMedia(Buffer.alloc(4096, 2), 'audio/ogg', { declaredSize: 10, chunked: true });
    expect(await failure(clientFor({ maxBytes: 1024 }).fetchMedia(unsized))).toMatchObject({ code: 'too_large' });
    const whole = await clientFor({ maxBytes: 4096 }).fetchMedia(unsized);
    expect(whole).toMatchObject({ mime: 'audio/ogg', size: 4096 });
    expect(whole.bytes.equals(Buffer.alloc(4096, 2))).toBe(true);

    const fits = await clientFor({ maxBytes: 2048 }).fetchMedia(big);
    expect(fits.size).toBe(2048);
  });

  it('an unknown media id is Meta’s error, not retryable', async () => {
    const error = await failure(client.fetchMedia('123'));
    expect(error).toMatchObject({ code: 'rejected', retryable: false });
    expect(error.message).toContain("Object with ID '123' does not exist");
  });
});
