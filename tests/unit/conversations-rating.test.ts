import { describe, expect, it } from 'vitest';
import { asksForRating, ratingChoices, ratingReply } from '../../server/domain/conversations/rating';
import { parseWebhook } from '../../server/channels/whatsapp/webhook';
import { parseUpdate } from '../../server/channels/telegram/webhook';
import { telegramUpdate } from '../helpers/fake-telegram';
import { whatsappMessageWebhook } from '../helpers/fake-whatsapp';

const now = new Date('2026-12-06T10:00:00Z');
const bytes = (text: string) => Buffer.from(text);
const whatsapp = { type: 'whatsapp' as const, status: 'active' as const, settings: { collectCsat: true } };
const wrote = { inboundCount: 2, lastInboundAt: new Date(now.getTime() - 3600_000), csatScore: null };

describe('a rating in the chat', () => {
  it('offers five choices within WhatsApp’s limits, in either language', () => {
    for (const language of ['indonesian', 'english'] as const) {
      const choices = ratingChoices(123456, language);
      expect(choices.button.length).toBeLessThanOrEqual(20);
      expect(choices.items.map((item) => item.id)).toEqual([
        'csat:123456:5',
        'csat:123456:4',
        'csat:123456:3',
        'csat:123456:2',
        'csat:123456:1',
      ]);
      for (const item of choices.items) expect(item.title.length).toBeLessThanOrEqual(24);
    }
  });

  it('reads only its own payloads', () => {
    expect(ratingReply('csat:42:3')).toEqual({ conversationId: 42, score: 3 });
    for (const other of [undefined, '', 'csat:42:6', 'csat:42:0', 'csat:x:3', 'size:large', 'csat:42:3 ']) {
      expect(ratingReply(other)).toBeNull();
    }
  });

  it('is asked on WhatsApp and Telegram channels that collect ratings, inside WhatsApp’s window, once', () => {
    expect(asksForRating(whatsapp, wrote, now)).toBe(true);
    expect(asksForRating({ ...whatsapp, type: 'telegram' }, { ...wrote, lastInboundAt: new Date(0) }, now)).toBe(true);
    expect(asksForRating(whatsapp, { ...wrote, lastInboundAt: new Date(now.getTime() - 25 * 3600_000) }, now)).toBe(
      false,
    );
    expect(asksForRating({ ...whatsapp, settings: {} }, wrote, now)).toBe(false);
    expect(asksForRating({ ...whatsapp, status: 'paused' }, wrote, now)).toBe(false);
    expect(asksForRating({ ...whatsapp, type: 'web' }, wrote, now)).toBe(false);
    expect(asksForRating({ ...whatsapp, type: 'webhook' }, wrote, now)).toBe(false);
    expect(asksForRating(whatsapp, { ...wrote, csatScore: 4 }, now)).toBe(false);
    expect(asksForRating(whatsapp, { ...wrote, inboundCount: 0 }, now)).toBe(false);
  });

  it('comes back with the tapped choice’s id from WhatsApp lists and buttons and Telegram’s callback data', () => {
    const list = parseWebhook(
      bytes(
        whatsappMessageWebhook({
          phoneNumberId: '1',
          from: '628111',
          type: 'interactive',
          content: { type: 'list_reply', list_reply: { id: 'csat:9:5', title: '⭐⭐⭐⭐⭐ Sangat puas' } },
        }),
      ),
      { phoneNumberId: '1', now },
    );
    expect(list.messages[0]).toMatchObject({
      kind: 'interactive',
      text: '⭐⭐⭐⭐⭐ Sangat puas',
      payload: 'csat:9:5',
    });
    const button = parseWebhook(
      bytes(
        whatsappMessageWebhook({
          phoneNumberId: '1',
          from: '628111',
          type: 'button',
          content: { text: 'Ya', payload: 'yes' },
        }),
      ),
      { phoneNumberId: '1', now },
    );
    expect(button.messages[0]).toMatchObject({ kind: 'interactive', text: 'Ya', payload: 'yes' });
    const text = parseWebhook(bytes(whatsappMessageWebhook({ phoneNumberId: '1', from: '628111', text: 'csat:9:5' })), {
      phoneNumberId: '1',
      now,
    });
    expect(text.messages[0].payload).toBeUndefined();
    const tap = parseUpdate(bytes(telegramUpdate({ updateId: 1, fromId: 5, callbackData: 'csat:9:4' })), { now });
    expect(tap.messages[0]).toMatchObject({ kind: 'interactive', payload: 'csat:9:4' });
  });
});
