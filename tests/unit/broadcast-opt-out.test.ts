import { describe, expect, it } from 'vitest';
import { asksToStopBroadcasts, broadcastConfirmation, broadcastRequest } from '../../server/domain/broadcasts/opt-out';
import { isHumanReply, type MessageFact } from '../../server/reports/compute';

describe('a customer asking for no more broadcasts', () => {
  it.each([
    'STOP',
    'stop',
    ' Stop. ',
    'Berhenti promo!',
    'berhenti',
    'UNSUBSCRIBE',
    'jangan kirim lagi',
    'stop  promo',
  ])('reads %j as asking to stop', (text) => {
    expect(asksToStopBroadcasts(text)).toBe(true);
  });

  it.each([
    'Stop dulu, saya mau tanya harga',
    'jangan berhenti',
    'kapan promo berhenti?',
    'stopkontak ada?',
    '',
    null,
    'stop '.repeat(20),
  ])('reads %j as an ordinary message', (text) => {
    expect(asksToStopBroadcasts(text)).toBe(false);
  });
});

describe('a customer asking for broadcasts again', () => {
  it('reads START and its kin, with the language their words are in', () => {
    expect(broadcastRequest('START')).toEqual({ kind: 'start', language: null });
    expect(broadcastRequest('Mulai promo')).toEqual({ kind: 'start', language: 'indonesian' });
    expect(broadcastRequest('subscribe!')).toEqual({ kind: 'start', language: 'english' });
    expect(broadcastRequest('berhenti')).toEqual({ kind: 'stop', language: 'indonesian' });
    expect(broadcastRequest('STOP')).toEqual({ kind: 'stop', language: null });
    // An ordinary word of a chat, or a sentence, is no request.
    for (const text of ['mulai', 'start jam berapa?', 'toString', 'constructor', '__proto__']) {
      expect(broadcastRequest(text)).toBeNull();
    }
  });

  it('is confirmed in the language asked, with how to undo it', () => {
    expect(broadcastConfirmation('stop', 'indonesian')).toContain('Balas START');
    expect(broadcastConfirmation('start', 'english')).toBe(
      "Done: you'll get our promotions. Reply STOP any time to stop them.",
    );
  });
});

describe("a broadcast's copy in the reports", () => {
  const fact = (values: Partial<MessageFact>): MessageFact => ({
    botId: null,
    channelId: 1,
    channelType: 'whatsapp',
    createdAt: new Date(),
    direction: 'outbound',
    sender: 'agent',
    kind: 'template',
    status: 'sent',
    feedback: null,
    ai: null,
    ...values,
  });

  it('is no person’s reply, though a person sent it', () => {
    expect(isHumanReply(fact({}))).toBe(true);
    expect(isHumanReply(fact({ broadcastId: 4 }))).toBe(false);
  });
});
