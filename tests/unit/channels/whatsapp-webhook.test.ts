import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { WebhookRequest } from '../../../server/channels/driver';
import {
  parseWebhook,
  phoneNumberIdOf,
  verifyChallenge,
  verifySignature,
} from '../../../server/channels/whatsapp/webhook';
import { signWhatsApp, whatsappMessageWebhook, whatsappStatusWebhook } from '../../helpers/fake-whatsapp';

const PHONE = '106540352242922';
const SECRET = 'app-secret-123';
const NOW = new Date('2025-02-12T00:00:00Z');

function request(overrides: Partial<WebhookRequest> = {}): WebhookRequest {
  return { method: 'POST', headers: {}, query: {}, rawBody: Buffer.from(''), now: NOW, ...overrides };
}

function parse(body: string) {
  return parseWebhook(Buffer.from(body), { now: NOW });
}

function message(input: Partial<Parameters<typeof whatsappMessageWebhook>[0]> = {}) {
  const parsed = parse(
    whatsappMessageWebhook({
      phoneNumberId: PHONE,
      from: '6281234567890',
      id: 'wamid.A',
      timestamp: 1739321024,
      ...input,
    }),
  );
  expect(parsed.messages).toHaveLength(1);
  return parsed.messages[0];
}

describe('verifyChallenge', () => {
  const query = { 'hub.mode': 'subscribe', 'hub.verify_token': 'our-token', 'hub.challenge': '1158201444' };

  it('answers the challenge when the mode and token match', () => {
    expect(verifyChallenge(request({ method: 'GET', query }), 'our-token')).toEqual({
      ok: true,
      challenge: '1158201444',
    });
  });

  it.each([
    ['a wrong token', { ...query, 'hub.verify_token': 'our-tokeN' }],
    ['a missing token', { ...query, 'hub.verify_token': undefined }],
    ['another mode', { ...query, 'hub.mode': 'unsubscribe' }],
    ['no challenge', { ...query, 'hub.challenge': undefined }],
    ['a challenge with markup', { ...query, 'hub.challenge': '<script>alert(1)</script>' }],
  ])('refuses %s with 403', (_name, badQuery) => {
    const result = verifyChallenge(request({ method: 'GET', query: badQuery }), 'our-token');
    expect(result.ok).toBe(false);
    expect(result).toMatchObject({ status: 403 });
  });

  it('refuses everything when no verify token is configured', () => {
    const result = verifyChallenge(request({ method: 'GET', query: { ...query, 'hub.verify_token': '' } }), '');
    expect(result).toMatchObject({ ok: false, status: 403 });
  });
});

describe('verifySignature', () => {
  const body = whatsappMessageWebhook({ phoneNumberId: PHONE, from: '6281234567890', text: 'Halo ✨' });

  it('accepts Meta’s HMAC-SHA256 of the raw bytes', () => {
    const header = signWhatsApp(body, SECRET);
    expect(header).toBe(`sha256=${createHmac('sha256', SECRET).update(Buffer.from(body)).digest('hex')}`);
    const headers = { 'x-hub-signature-256': header };
    expect(verifySignature(request({ headers, rawBody: Buffer.from(body) }), SECRET)).toEqual({ ok: true });
    // Upper-case hex is the same signature.
    const upper = { 'x-hub-signature-256': `sha256=${header.slice(7).toUpperCase()}` };
    expect(verifySignature(request({ headers: upper, rawBody: Buffer.from(body) }), SECRET)).toEqual({ ok: true });
  });

  it('signs the bytes, not a re-encoded string', () => {
    const raw = Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
    const header = signWhatsApp(raw, SECRET);
    expect(verifySignature(request({ headers: { 'x-hub-signature-256': header }, rawBody: raw }), SECRET)).toEqual({
      ok: true,
    });
  });

  it('refuses a missing header, a malformed one, a wrong one, a changed body and another secret', () => {
    const rawBody = Buffer.from(body);
    const good = signWhatsApp(body, SECRET);
    expect(verifySignature(request({ rawBody }), SECRET)).toEqual({
      ok: false,
      status: 401,
      reason: 'missing X-Hub-Signature-256',
    });
    for (const header of ['sha1=abc', good.slice(7), `sha256=${'z'.repeat(64)}`, `${good}00`]) {
      expect(verifySignature(request({ headers: { 'x-hub-signature-256': header }, rawBody }), SECRET)).toEqual({
        ok: false,
        status: 401,
        reason: 'malformed X-Hub-Signature-256',
      });
    }
    const mismatch = { ok: false, status: 401, reason: 'X-Hub-Signature-256 does not match' };
    const headers = { 'x-hub-signature-256': good };
    expect(verifySignature(request({ headers, rawBody: Buffer.from(`${body} `) }), SECRET)).toEqual(mismatch);
    expect(verifySignature(request({ headers, rawBody }), 'other-secret')).toEqual(mismatch);
    expect(
      verifySignature(request({ headers: { 'x-hub-signature-256': signWhatsApp(body, '') }, rawBody }), ''),
    ).toMatchObject({
      ok: false,
      status: 401,
    });
  });
});

describe('parseWebhook', () => {
  it('reads a text message with its sender, time and quote', () => {
    const body = whatsappMessageWebhook({
      phoneNumberId: PHONE,
      from: '6281234567890',
      name: 'Budi',
      id: 'wamid.HBgL1',
      text: 'Halo, jam buka toko?',
      timestamp: '1739321024',
      contextId: 'wamid.OURS',
    });
    const parsed = parseWebhook(Buffer.from(body));
    expect(parsed.eventId).toBe(`sha256:${createHash('sha256').update(body).digest('hex')}`);
    expect(parsed.phoneNumberIds).toEqual([PHONE]);
    expect(parsed.statuses).toEqual([]);
    expect(parsed.messages).toEqual([
      {
        externalId: 'wamid.HBgL1',
        externalUserId: '6281234567890',
        threadId: '6281234567890',
        name: 'Budi',
        phoneE164: '+6281234567890',
        kind: 'text',
        text: 'Halo, jam buka toko?',
        attachments: [],
        replyToExternalId: 'wamid.OURS',
        sentAt: new Date(1739321024 * 1000),
      },
    ]);
  });

  it('gives the same eventId for the same bytes and another for other bytes', () => {
    const body = whatsappMessageWebhook({ phoneNumberId: PHONE, from: '628111', id: 'wamid.X', timestamp: 1 });
    expect(parse(body).eventId).toBe(parse(body).eventId);
    expect(parse(`${body}\n`).eventId).not.toBe(parse(body).eventId);
  });

  it.each([
    ['image', 'image'],
    ['video', 'video'],
    ['audio', 'audio'],
    ['document', 'file'],
    ['sticker', 'sticker'],
  ] as const)('reads %s media into an attachment', (type, kind) => {
    const read = message({
      type,
      content: {
        id: '1234567890',
        mime_type: 'application/pdf',
        sha256: 'abc123',
        caption: type === 'image' || type === 'document' ? 'Lihat ini' : undefined,
        filename: type === 'document' ? 'invoice.pdf' : undefined,
        ...(type === 'audio' ? { voice: true } : {}),
      },
    });
    expect(read.kind).toBe(kind);
    expect(read.text).toBe(type === 'image' || type === 'document' ? 'Lihat ini' : null);
    expect(read.attachments).toEqual([
      {
        providerMediaId: '1234567890',
        mime: 'application/pdf',
        sha256: 'abc123',
        ...(type === 'document' ? { name: 'invoice.pdf' } : {}),
      },
    ]);
  });

  it('reads a location as its name, address and point', () => {
    const read = message({
      type: 'location',
      content: { latitude: -6.2, longitude: 106.816666, name: 'Toko Budi', address: 'Jl. Sudirman 1' },
    });
    expect(read).toMatchObject({
      kind: 'location',
      text: 'Toko Budi, Jl. Sudirman 1 (-6.2,106.816666)',
      attachments: [],
    });
    expect(message({ type: 'location', content: { latitude: 1.5, longitude: 2 } }).text).toBe('(1.5,2)');
  });

  it('reads button and list replies and template quick replies by their title', () => {
    expect(
      message({
        type: 'interactive',
        content: { type: 'button_reply', button_reply: { id: 'yes', title: 'Ya, lanjut' } },
      }),
    ).toMatchObject({ kind: 'interactive', text: 'Ya, lanjut' });
    expect(
      message({
        type: 'interactive',
        content: { type: 'list_reply', list_reply: { id: 'r1', title: 'Cabang Bandung', description: 'Jl. Braga' } },
      }),
    ).toMatchObject({ kind: 'interactive', text: 'Cabang Bandung' });
    expect(message({ type: 'button', content: { payload: 'STOP', text: 'Stop promosi' } })).toMatchObject({
      kind: 'interactive',
      text: 'Stop promosi',
    });
  });

  it('keeps reactions, contacts and unknown types as unsupported with a short text', () => {
    expect(message({ type: 'reaction', content: { message_id: 'wamid.OURS', emoji: '👍' } })).toMatchObject({
      kind: 'unsupported',
      text: '[reaction 👍]',
      replyToExternalId: 'wamid.OURS',
    });
    expect(message({ type: 'reaction', content: { message_id: 'wamid.OURS', emoji: '' } }).text).toBe(
      '[reaction removed]',
    );
    expect(
      message({
        type: 'contacts',
        extra: { contacts: [{ name: { formatted_name: 'Ani' }, phones: [{ phone: '+62 812 000' }] }] },
      }),
    ).toMatchObject({ kind: 'unsupported', text: '[contact Ani +62 812 000]' });
    expect(message({ type: 'order', content: { catalog_id: '1' } })).toMatchObject({
      kind: 'unsupported',
      text: '[order]',
    });
    expect(
      message({ type: 'unsupported', extra: { errors: [{ code: 131051, title: 'Message type unknown' }] } }),
    ).toMatchObject({ kind: 'unsupported', text: null, attachments: [] });
  });

  it('reads statuses with their error and pricing', () => {
    const delivered = parse(
      whatsappStatusWebhook({
        phoneNumberId: PHONE,
        id: 'wamid.SENT',
        status: 'delivered',
        recipient: '6281234567890',
        timestamp: 1739321100,
        pricing: { billable: true, pricing_model: 'PMP', category: 'utility' },
      }),
    );
    expect(delivered.messages).toEqual([]);
    expect(delivered.statuses).toEqual([
      {
        externalId: 'wamid.SENT',
        status: 'delivered',
        at: new Date(1739321100 * 1000),
        pricing: { billable: true, category: 'utility', model: 'PMP' },
      },
    ]);

    const failed = parse(
      whatsappStatusWebhook({
        phoneNumberId: PHONE,
        id: 'wamid.SENT',
        status: 'failed',
        recipient: '6281234567890',
        timestamp: 1739321200,
        error: {
          code: 131047,
          title: 'Re-engagement message',
          details: 'Message failed to send because more than 24 hours have passed.',
        },
      }),
    );
    expect(failed.statuses).toEqual([
      {
        externalId: 'wamid.SENT',
        status: 'failed',
        at: new Date(1739321200 * 1000),
        error: {
          code: '131047',
          message: 'Re-engagement message: Message failed to send because more than 24 hours have passed.',
        },
      },
    ]);
  });

  it('reads the per-message pricing type when billable is absent and skips unknown statuses', () => {
    const free = parse(
      whatsappStatusWebhook({
        phoneNumberId: PHONE,
        id: 'wamid.1',
        status: 'sent',
        recipient: '628',
        pricing: { pricing_model: 'PMP', category: 'service', type: 'free_customer_service' },
      }),
    );
    expect(free.statuses[0].pricing).toEqual({ billable: false, category: 'service', model: 'PMP' });
    expect(
      parse(whatsappStatusWebhook({ phoneNumberId: PHONE, id: 'w', status: 'deleted', recipient: '628' })).statuses,
    ).toEqual([]);
  });

  it('reads several entries and changes, and filters by phone number id', () => {
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        JSON.parse(whatsappMessageWebhook({ phoneNumberId: PHONE, from: '6281', id: 'wamid.1', timestamp: 1 }))
          .entry[0],
        JSON.parse(whatsappMessageWebhook({ phoneNumberId: '999', from: '6282', id: 'wamid.2', timestamp: 1 }))
          .entry[0],
        { id: 'x', changes: [{ field: 'message_template_status_update', value: { event: 'APPROVED' } }] },
      ],
    });
    expect(parse(body).messages.map((read) => read.externalId)).toEqual(['wamid.1', 'wamid.2']);
    expect(parse(body).phoneNumberIds).toEqual([PHONE, '999']);
    expect(phoneNumberIdOf(Buffer.from(body))).toEqual([PHONE, '999']);
    const mine = parseWebhook(Buffer.from(body), { phoneNumberId: PHONE });
    expect(mine.messages.map((read) => read.externalId)).toEqual(['wamid.1']);
    expect(mine.phoneNumberIds).toEqual([PHONE, '999']);
  });

  it('matches the contact to the sender and falls back to now for a missing timestamp', () => {
    const body = JSON.stringify({
      entry: [
        {
          changes: [
            {
              field: 'messages',
              value: {
                metadata: { phone_number_id: PHONE },
                contacts: [
                  { profile: { name: 'Ani' }, wa_id: '6282' },
                  { profile: { name: 'Budi' }, wa_id: '6281' },
                ],
                messages: [{ from: '6281', id: 'wamid.B', type: 'text', text: { body: 'hi' } }],
              },
            },
          ],
        },
      ],
    });
    expect(parse(body).messages[0]).toMatchObject({ name: 'Budi', externalUserId: '6281', sentAt: NOW });
  });

  it('never throws on odd JSON and skips what it cannot use', () => {
    const odd = [
      'null',
      '42',
      '"text"',
      '[]',
      '{}',
      '{"entry":"x"}',
      '{"entry":[null,1,{"changes":{"a":1}}]}',
      '{"entry":[{"changes":[{"field":"messages","value":null}]}]}',
      '{"entry":[{"changes":[{"field":"messages","value":{"messages":[null,{"id":1},{"from":"628"},{"id":"w","from":"not a phone"}],"statuses":[{"id":"w"},{"status":"read"}]}}]}]}',
      '{"entry":[{"changes":[{"field":"messages","value":{"metadata":{"phone_number_id":{}},"messages":[{"id":"w","from":"628","type":"image","image":"x"},{"id":"v","from":"628","type":{"x":1},"timestamp":"soon"}]}}]}]}',
    ];
    for (const body of odd) expect(() => parse(body)).not.toThrow();
    const last = parse(odd[odd.length - 1]);
    expect(last.messages.map((read) => [read.externalId, read.kind, read.attachments.length])).toEqual([
      ['w', 'image', 0],
      ['v', 'unsupported', 0],
    ]);
    expect(last.messages[1].sentAt).toEqual(NOW);
    expect(parse(odd[8]).messages).toEqual([]);
    expect(parse(odd[8]).statuses).toEqual([]);
  });

  it('throws a plain error only when the body is not JSON', () => {
    expect(() => parseWebhook(Buffer.from('not json'))).toThrow('The WhatsApp webhook body is not JSON');
    expect(() => parseWebhook(Buffer.from(''))).toThrow(Error);
  });
});
