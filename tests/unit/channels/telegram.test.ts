import { createServer } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ChannelError, type WebhookRequest } from '../../../server/channels/driver';
import { TELEGRAM_API_DEFAULT_URL, TelegramError, telegramClient } from '../../../server/channels/telegram/client';
import {
  SECRET_TOKEN_PATTERN,
  generateSecretToken,
  parseUpdate,
  verifySecret,
} from '../../../server/channels/telegram/webhook';
import { startFakeTelegram, telegramUpdate, type FakeTelegram } from '../../helpers/fake-telegram';

const TOKEN = '123456789:AAHfakeTokenForTests_abc-XYZ';
const NOW = new Date('2025-02-12T01:23:44Z');

function request(headers: Record<string, string | undefined>, body = '{}'): WebhookRequest {
  return { method: 'POST', headers, query: {}, rawBody: Buffer.from(body), now: NOW };
}

function parse(json: unknown) {
  return parseUpdate(Buffer.from(typeof json === 'string' ? json : JSON.stringify(json)), { now: NOW });
}

describe('verifySecret', () => {
  const secret = 'abc_DEF-123';

  it('accepts the secret token header', () => {
    expect(verifySecret(request({ 'x-telegram-bot-api-secret-token': secret }), secret)).toEqual({ ok: true });
  });

  it('refuses a missing header', () => {
    expect(verifySecret(request({}), secret)).toEqual({
      ok: false,
      status: 401,
      reason: 'missing X-Telegram-Bot-Api-Secret-Token',
    });
    expect(verifySecret(request({ 'x-telegram-bot-api-secret-token': '' }), secret)).toMatchObject({
      ok: false,
      status: 401,
    });
  });

  it('refuses a wrong token, of the same length or not', () => {
    const wrong = { ok: false, status: 401, reason: 'X-Telegram-Bot-Api-Secret-Token does not match' };
    expect(verifySecret(request({ 'x-telegram-bot-api-secret-token': 'abc_DEF-124' }), secret)).toEqual(wrong);
    expect(verifySecret(request({ 'x-telegram-bot-api-secret-token': `${secret}x` }), secret)).toEqual(wrong);
    expect(verifySecret(request({ 'x-telegram-bot-api-secret-token': secret.toLowerCase() }), secret)).toEqual(wrong);
  });

  it('refuses everything when no secret is configured', () => {
    expect(verifySecret(request({ 'x-telegram-bot-api-secret-token': '' }), '')).toMatchObject({ ok: false });
    expect(verifySecret(request({}), '')).toMatchObject({ ok: false, status: 401 });
  });

  it('generates secret tokens Telegram takes, each different', () => {
    const tokens = new Set(Array.from({ length: 20 }, () => generateSecretToken()));
    expect(tokens.size).toBe(20);
    for (const token of tokens) {
      expect(token).toMatch(SECRET_TOKEN_PATTERN);
      expect(token.length).toBeGreaterThanOrEqual(32);
    }
  });
});

describe('parseUpdate', () => {
  it('reads a private text message', () => {
    const parsed = parse({
      update_id: 123456789,
      message: {
        message_id: 42,
        from: { id: 111, is_bot: false, first_name: 'Ayu', last_name: 'Lestari', language_code: 'id' },
        chat: { id: 111, type: 'private' },
        date: 1739321024,
        text: 'Halo',
      },
    });
    expect(parsed).toEqual({
      eventId: 'update:123456789',
      messages: [
        {
          externalId: '111:42',
          externalUserId: '111',
          threadId: '111',
          name: 'Ayu Lestari',
          locale: 'id',
          kind: 'text',
          text: 'Halo',
          attachments: [],
          sentAt: new Date(1739321024 * 1000),
        },
      ],
      statuses: [],
    });
  });

  it('reads a group message: the chat is the thread, the sender the user; the username stands in for a name', () => {
    const parsed = parse({
      update_id: 5,
      message: {
        message_id: 9,
        from: { id: 222, is_bot: false, first_name: '', username: 'budi' },
        chat: { id: -1001234567890, type: 'supergroup', title: 'Kopi' },
        date: 1739321000,
        text: '/start@kawan_bot',
        reply_to_message: { message_id: 7, chat: { id: -1001234567890 }, date: 1739320000, text: 'earlier' },
      },
    });
    expect(parsed.messages[0]).toMatchObject({
      externalId: '-1001234567890:9',
      externalUserId: '222',
      threadId: '-1001234567890',
      name: 'budi',
      text: '/start@kawan_bot',
      replyToExternalId: '-1001234567890:7',
    });
    expect(parsed.messages[0].locale).toBeUndefined();
  });

  it('reads the fake’s updates the same way (reply, callback, edited)', () => {
    const reply = parse(telegramUpdate({ updateId: 10, fromId: 111, text: 'Ya', messageId: 50, replyToMessageId: 49 }));
    expect(reply.messages[0]).toMatchObject({ externalId: '111:50', replyToExternalId: '111:49', text: 'Ya' });

    const callback = parse(telegramUpdate({ updateId: 11, fromId: 111, callbackData: 'size:L', messageId: 51 }));
    expect(callback.eventId).toBe('update:11');
    expect(callback.messages).toEqual([
      {
        externalId: 'callback:cb-11',
        externalUserId: '111',
        threadId: '111',
        name: 'Ayu',
        locale: 'id',
        kind: 'interactive',
        text: 'size:L',
        attachments: [],
        payload: 'size:L',
        replyToExternalId: '111:51',
        sentAt: NOW,
      },
    ]);

    const edited = parse(telegramUpdate({ updateId: 12, fromId: 111, text: 'Halo (edited)', edited: true }));
    expect(edited).toEqual({ eventId: 'update:12', messages: [], statuses: [] });
  });

  it('takes the largest photo size, with its caption', () => {
    const parsed = parse(
      telegramUpdate({
        updateId: 20,
        fromId: 111,
        message: {
          caption: 'Menu hari ini',
          photo: [
            { file_id: 'small', file_unique_id: 's', width: 90, height: 67, file_size: 1200 },
            { file_id: 'large', file_unique_id: 'l', width: 1280, height: 960, file_size: 98000 },
            { file_id: 'medium', file_unique_id: 'm', width: 320, height: 240, file_size: 15000 },
          ],
        },
      }),
    );
    expect(parsed.messages[0]).toMatchObject({
      kind: 'image',
      text: 'Menu hari ini',
      attachments: [{ providerMediaId: 'large', size: 98000 }],
    });
  });

  it.each([
    [
      'voice',
      { voice: { file_id: 'v1', duration: 3, mime_type: 'audio/ogg', file_size: 5120 } },
      'audio',
      { providerMediaId: 'v1', mime: 'audio/ogg', size: 5120 },
    ],
    [
      'audio',
      { audio: { file_id: 'a1', duration: 200, mime_type: 'audio/mpeg', file_name: 'lagu.mp3' } },
      'audio',
      { providerMediaId: 'a1', mime: 'audio/mpeg', name: 'lagu.mp3' },
    ],
    [
      'video',
      { video: { file_id: 'vid1', width: 640, height: 480, duration: 10, mime_type: 'video/mp4' } },
      'video',
      { providerMediaId: 'vid1', mime: 'video/mp4' },
    ],
    [
      'document',
      { document: { file_id: 'd1', file_name: 'invoice.pdf', mime_type: 'application/pdf', file_size: 32000 } },
      'file',
      { providerMediaId: 'd1', name: 'invoice.pdf', mime: 'application/pdf', size: 32000 },
    ],
    [
      'sticker',
      { sticker: { file_id: 'st1', width: 512, height: 512, emoji: '😀', is_animated: false, is_video: false } },
      'sticker',
      { providerMediaId: 'st1', mime: 'image/webp' },
    ],
  ])('reads a %s message', (_name, members, kind, attachment) => {
    const parsed = parse(telegramUpdate({ updateId: 30, fromId: 111, message: members }));
    expect(parsed.messages).toHaveLength(1);
    expect(parsed.messages[0].kind).toBe(kind);
    expect(parsed.messages[0].attachments).toEqual([attachment]);
  });

  it('reads an animation as a video, not as the document it also carries', () => {
    const parsed = parse(
      telegramUpdate({
        updateId: 31,
        fromId: 111,
        message: {
          animation: { file_id: 'gif1', mime_type: 'video/mp4', file_name: 'lol.mp4' },
          document: { file_id: 'gif1', mime_type: 'video/mp4', file_name: 'lol.mp4' },
        },
      }),
    );
    expect(parsed.messages[0]).toMatchObject({ kind: 'video', attachments: [{ providerMediaId: 'gif1' }] });
  });

  it('reads a location and a venue', () => {
    const location = parse(
      telegramUpdate({ updateId: 40, fromId: 111, message: { location: { latitude: -6.2, longitude: 106.816666 } } }),
    );
    expect(location.messages[0]).toMatchObject({ kind: 'location', text: '(-6.2,106.816666)', attachments: [] });

    const venue = parse(
      telegramUpdate({
        updateId: 41,
        fromId: 111,
        message: {
          location: { latitude: -6.2, longitude: 106.8 },
          venue: { location: { latitude: -6.2, longitude: 106.8 }, title: 'Kopi Kenangan', address: 'Jl. Sudirman 1' },
        },
      }),
    );
    expect(venue.messages[0].text).toBe('Kopi Kenangan, Jl. Sudirman 1 (-6.2,106.8)');
  });

  it('reads a shared contact as unsupported, keeping the sender’s own number', () => {
    const parsed = parse(
      telegramUpdate({
        updateId: 42,
        fromId: 111,
        message: { contact: { phone_number: '6281234567890', first_name: 'Ayu', user_id: 111 } },
      }),
    );
    expect(parsed.messages[0]).toMatchObject({ kind: 'unsupported', text: null, phoneE164: '+6281234567890' });

    const someoneElse = parse(
      telegramUpdate({
        updateId: 43,
        fromId: 111,
        message: { contact: { phone_number: '+6289999999999', first_name: 'Budi', user_id: 999 } },
      }),
    );
    expect(someoneElse.messages[0].phoneE164).toBeUndefined();
  });

  it('skips service messages, bots, channel posts and other update types', () => {
    const service = parse(
      telegramUpdate({ updateId: 50, fromId: 111, chatId: -100, message: { new_chat_members: [{ id: 5 }] } }),
    );
    expect(service).toEqual({ eventId: 'update:50', messages: [], statuses: [] });

    const fromBot = JSON.parse(telegramUpdate({ updateId: 51, fromId: 111, text: 'hi' }));
    fromBot.message.from.is_bot = true;
    expect(parse(fromBot).messages).toEqual([]);

    expect(parse({ update_id: 52, channel_post: { message_id: 1, chat: { id: -100 }, date: 1, text: 'x' } })).toEqual({
      eventId: 'update:52',
      messages: [],
      statuses: [],
    });
    expect(parse({ update_id: 53, my_chat_member: { chat: { id: 1 } } }).messages).toEqual([]);
  });

  it('never throws on odd JSON shapes, only on a body that is not JSON', () => {
    for (const odd of [
      'null',
      '[]',
      '42',
      '"text"',
      '{}',
      { update_id: 'x' },
      { update_id: 1, message: 5 },
      { update_id: 1, message: { message_id: '1', chat: { id: 1 }, from: { id: 1 }, text: 'x' } },
      { update_id: 1, message: { message_id: 1, chat: null, from: { id: 1 }, text: 'x' } },
      { update_id: 1, message: { message_id: 1, chat: { id: 1 }, from: { id: 1 }, photo: 'nope' } },
      { update_id: 1, message: { message_id: 1, chat: { id: 1 }, from: { id: 1 }, photo: [null, {}] } },
      { update_id: 1, callback_query: { id: 7, from: { id: 1 } } },
      { update_id: 1, callback_query: [] },
    ]) {
      const parsed = parse(odd);
      expect(parsed.messages).toEqual([]);
      expect(parsed.statuses).toEqual([]);
      expect(parsed.eventId).toMatch(/^(update:1|sha256:[0-9a-f]{64})$/);
    }
    expect(() => parseUpdate(Buffer.from('not json'))).toThrow('not JSON');
  });

  it('falls back to the time of the call when the date is missing', () => {
    const parsed = parse({
      update_id: 1,
      message: { message_id: 1, chat: { id: 1 }, from: { id: 1, first_name: 'A' }, text: 'x' },
    });
    expect(parsed.messages[0].sentAt).toEqual(NOW);
  });
});

describe('telegramClient against the fake Bot API', () => {
  let fake: FakeTelegram;
  const client = () => telegramClient({ botToken: TOKEN, baseUrl: fake.baseUrl });

  beforeAll(async () => {
    fake = await startFakeTelegram({ token: TOKEN, bot: { id: 9001, username: 'warung_bot', first_name: 'Warung' } });
  });
  afterAll(async () => {
    await fake.close();
  });
  afterEach(() => {
    fake.calls.length = 0;
  });

  it('defaults to the public Bot API', () => {
    expect(TELEGRAM_API_DEFAULT_URL).toBe('https://api.telegram.org');
  });

  it('checks the token with getMe', async () => {
    expect(await client().getMe()).toEqual({ id: 9001, username: 'warung_bot', first_name: 'Warung' });
    expect(await client().checkCredentials()).toEqual({
      ok: true,
      detail: 'Connected as Warung (@warung_bot)',
      displayIdentifier: '@warung_bot',
    });
    expect(fake.calls.map((call) => [call.httpMethod, call.method, call.token])).toEqual([
      ['POST', 'getMe', TOKEN],
      ['POST', 'getMe', TOKEN],
    ]);
  });

  it('sets, reads and deletes the webhook', async () => {
    await client().setWebhook({ url: 'https://kawan.test/webhooks/telegram/7', secretToken: 'sec_ret-1' });
    expect(fake.webhook()).toEqual({
      url: 'https://kawan.test/webhooks/telegram/7',
      secret_token: 'sec_ret-1',
      allowed_updates: ['message', 'callback_query'],
    });
    await client().setWebhook({
      url: 'https://kawan.test/webhooks/telegram/7',
      secretToken: 'sec_ret-2',
      allowedUpdates: ['message'],
      dropPendingUpdates: true,
    });
    expect(fake.webhook()).toMatchObject({ allowed_updates: ['message'], drop_pending_updates: true });

    fake.setWebhookInfo({ pending_update_count: 3, last_error_date: 1739321024, last_error_message: 'Wrong response' });
    expect(await client().getWebhookInfo()).toEqual({
      url: 'https://kawan.test/webhooks/telegram/7',
      pending_update_count: 3,
      last_error_message: 'Wrong response',
      last_error_date: 1739321024,
    });

    await client().deleteWebhook();
    expect(fake.webhook()).toBeUndefined();
    expect((await client().getWebhookInfo()).url).toBe('');
  });

  it('sends a short reply as plain text, quoting the customer’s message', async () => {
    const outcome = await client().sendText({
      threadId: '111',
      text: 'Halo *kak*_! [x](y)',
      replyToExternalId: '111:42',
    });
    const [message] = fake.sent().slice(-1);
    expect(outcome).toEqual({ externalIds: [`111:${message.message_id}`] });
    expect(message.params).toEqual({
      chat_id: 111,
      text: 'Halo *kak*_! [x](y)',
      reply_parameters: { message_id: 42, allow_sending_without_reply: true },
    });
    expect(message.params).not.toHaveProperty('parse_mode');
  });

  it('splits a long reply at 4096 characters and quotes with the first part only', async () => {
    const before = fake.sent().length;
    const paragraph = `${'Kopi susu gula aren. '.repeat(150).trim()}`; // 3149 characters
    const text = `${paragraph}\n\n${paragraph}\n\n${paragraph}`;
    const outcome = await client().sendText({
      threadId: '-1001234567890',
      text,
      replyToExternalId: '-1001234567890:7',
    });
    const parts = fake.sent().slice(before);
    expect(parts).toHaveLength(3);
    expect(parts.map((part) => part.text)).toEqual([paragraph, paragraph, paragraph]);
    expect(parts.every((part) => part.chat_id === -1001234567890)).toBe(true);
    expect(parts[0].reply_parameters).toEqual({ message_id: 7, allow_sending_without_reply: true });
    expect(parts[1].reply_parameters).toBeUndefined();
    expect(outcome.externalIds).toEqual(parts.map((part) => `-1001234567890:${part.message_id}`));
    expect(new Set(outcome.externalIds).size).toBe(3);
  });

  it('does not quote a message of another chat, and refuses an empty reply', async () => {
    await client().sendText({ threadId: '111', text: 'ok', replyToExternalId: '222:5' });
    expect(fake.sent().slice(-1)[0].reply_parameters).toBeUndefined();
    await expect(client().sendText({ threadId: '111', text: '  \n ' })).rejects.toMatchObject({
      code: 'empty_message',
      retryable: false,
    });
  });

  it('sends a chat action and answers a callback query', async () => {
    await client().sendChatAction('111');
    await client().answerCallbackQuery('cb-1');
    expect(fake.calls.map((call) => [call.method, call.params])).toEqual([
      ['sendChatAction', { chat_id: 111, action: 'typing' }],
      ['answerCallbackQuery', { callback_query_id: 'cb-1' }],
    ]);
  });

  it('makes a 429 retryable with retry_after', async () => {
    fake.failNext({ status: 429, description: 'Too Many Requests: retry after 7', retryAfter: 7 });
    const error = await client()
      .sendText({ threadId: '111', text: 'Halo' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ChannelError);
    expect(error).toMatchObject({
      message: 'Too Many Requests: retry after 7',
      retryable: true,
      code: 'rate_limited',
      retryAfterMs: 7000,
    });
  });

  it('makes a 5xx retryable and a 400 not', async () => {
    fake.failNext({ status: 502, description: 'Bad Gateway' });
    await expect(client().sendChatAction('111')).rejects.toMatchObject({ retryable: true, code: 'unavailable' });
    fake.failNext({ status: 400, description: 'Bad Request: chat not found' });
    await expect(client().sendText({ threadId: '404', text: 'x' })).rejects.toMatchObject({
      message: 'Bad Request: chat not found',
      retryable: false,
      code: 'rejected',
    });
  });

  it('reports a user who blocked the bot, not retryable', async () => {
    fake.blockChat(333);
    try {
      await expect(client().sendText({ threadId: '333', text: 'Halo' })).rejects.toMatchObject({
        message: 'Forbidden: bot was blocked by the user',
        retryable: false,
        code: 'blocked',
      });
    } finally {
      fake.unblockChat(333);
    }
  });

  it('keeps the parts already sent when a later part fails', async () => {
    const before = fake.sent().length;
    let queued = false;
    // The first part goes out; the fake then fails the next call (the second part) with a 500.
    const partial = telegramClient({
      botToken: TOKEN,
      baseUrl: fake.baseUrl,
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        if (!queued) fake.failNext({ status: 500, description: 'Internal Server Error' });
        queued = true;
        return response;
      },
    });
    const failed = await partial
      .sendText({ threadId: '111', text: `${'a'.repeat(4000)}\n\n${'b'.repeat(100)}` })
      .catch((caught: unknown) => caught);
    const sentNow = fake.sent().slice(before);
    expect(sentNow.map((part) => part.text)).toEqual(['a'.repeat(4000)]);
    expect(failed).toBeInstanceOf(TelegramError);
    expect(failed).toMatchObject({ message: 'Internal Server Error', retryable: true, code: 'unavailable' });
    expect((failed as TelegramError).details).toEqual({
      status: 500,
      errorCode: 500,
      sentExternalIds: [`111:${sentNow[0].message_id}`],
    });
  });

  it('refuses a bad token as unauthorized, never naming the token', async () => {
    const wrong = '987654321:WRONGtokenWRONGtoken';
    const bad = telegramClient({ botToken: wrong, baseUrl: fake.baseUrl });
    const error = await bad.getMe().catch((caught: unknown) => caught);
    expect(error).toMatchObject({ retryable: false, code: 'unauthorized' });
    expect((error as Error).message).toContain('Unauthorized');
    expect((error as Error).message).not.toContain(wrong);
    const check = await bad.checkCredentials();
    expect(check.ok).toBe(false);
    expect(check.detail).toContain('Unauthorized');
    expect(check.detail).not.toContain(wrong);
    expect(fake.calls.at(-1)?.token).toBe(wrong);

    const malformed = await telegramClient({ botToken: 'a/b?c', baseUrl: fake.baseUrl })
      .getMe()
      .catch((caught: unknown) => caught);
    expect(malformed).toMatchObject({ code: 'unauthorized', message: 'The bot token is malformed' });
  });

  it('scrubs the token from an error Telegram echoes', async () => {
    fake.failNext({ status: 400, description: `Bad Request: bad url /bot${TOKEN}/x` });
    const error = await client()
      .getMe()
      .catch((caught: unknown) => caught);
    expect((error as Error).message).toBe('Bad Request: bad url /bot[redacted]/x');
  });

  it('makes a network error retryable and keeps the URL out of the message', async () => {
    const failing = telegramClient({
      botToken: TOKEN,
      baseUrl: 'https://api.telegram.org',
      fetch: async (input) => {
        throw new TypeError(`fetch failed for ${String(input)}`, {
          cause: Object.assign(new Error(`connect ECONNREFUSED ${String(input)}`), { code: 'ECONNREFUSED' }),
        });
      },
    });
    const error = await failing.sendText({ threadId: '1', text: 'x' }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      message: 'Could not reach the Telegram Bot API (ECONNREFUSED)',
      retryable: true,
      code: 'network',
    });
    expect(JSON.stringify(error)).not.toContain(TOKEN);
    expect(String((error as Error).stack)).not.toContain(TOKEN);

    const port = await closedPort();
    const refused = await telegramClient({ botToken: TOKEN, baseUrl: `http://127.0.0.1:${port}` })
      .getMe()
      .catch((caught: unknown) => caught);
    expect(refused).toMatchObject({ retryable: true, code: 'network' });
    expect((refused as Error).message).not.toContain(TOKEN);
    const check = await telegramClient({ botToken: TOKEN, baseUrl: `http://127.0.0.1:${port}` }).checkCredentials();
    expect(check).toEqual({ ok: false, detail: 'Could not reach the Telegram Bot API (ECONNREFUSED)' });
  });

  it('times out, retryably', async () => {
    fake.failNext({ status: 200, description: 'never seen', delayMs: 2000 });
    const slow = telegramClient({ botToken: TOKEN, baseUrl: fake.baseUrl, timeoutMs: 100 });
    const error = await slow.getMe().catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      message: 'The Telegram Bot API did not answer within 100 ms',
      retryable: true,
      code: 'timeout',
    });
  });
});

describe('the fake Bot API', () => {
  let fake: FakeTelegram;
  beforeAll(async () => {
    fake = await startFakeTelegram({ token: TOKEN, requireHttps: true });
  });
  afterAll(async () => {
    await fake.close();
  });

  it('takes form bodies and query strings as Telegram does', async () => {
    const form = new URLSearchParams({
      chat_id: '111',
      text: 'Halo',
      reply_parameters: JSON.stringify({ message_id: 3 }),
    });
    const response = await fetch(`${fake.baseUrl}/bot${TOKEN}/sendMessage`, { method: 'POST', body: form });
    const json = (await response.json()) as { ok: boolean; result: { message_id: number; chat: { id: number } } };
    expect(json.ok).toBe(true);
    expect(json.result.chat.id).toBe(111);
    expect(fake.sent().at(-1)).toMatchObject({ chat_id: 111, text: 'Halo', reply_parameters: { message_id: 3 } });

    const get = await fetch(`${fake.baseUrl}/bot${TOKEN}/getMe`);
    expect(((await get.json()) as { result: { username: string } }).result.username).toBe('kawan_fake_bot');
  });

  it('answers like Telegram to a wrong token, an unknown method and bad parameters', async () => {
    const post = async (path: string, body: unknown) => {
      const response = await fetch(`${fake.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return [response.status, await response.json()];
    };
    expect(await post('/botnope/getMe', {})).toEqual([
      401,
      { ok: false, error_code: 401, description: 'Unauthorized' },
    ]);
    expect(await post(`/bot${TOKEN}/sendPigeon`, {})).toEqual([
      404,
      { ok: false, error_code: 404, description: 'Not Found' },
    ]);
    expect((await post(`/bot${TOKEN}/sendMessage`, { chat_id: 1, text: 'x'.repeat(4097) }))[1]).toMatchObject({
      description: 'Bad Request: message is too long',
    });
    expect((await post(`/bot${TOKEN}/setWebhook`, { url: 'http://insecure.test/hook' }))[1]).toMatchObject({
      error_code: 400,
    });
    expect(
      (await post(`/bot${TOKEN}/setWebhook`, { url: 'https://k.test/h', secret_token: 'has space' }))[1],
    ).toMatchObject({ description: 'Bad Request: secret token contains unallowed characters' });
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
