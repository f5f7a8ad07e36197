import { describe, expect, it } from 'vitest';
import { asksToStopBroadcasts } from '../../server/domain/broadcasts/opt-out';
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
