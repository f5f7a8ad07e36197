import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { cafeBot } from '../../helpers/bots';
import { createChannel } from '../../factories/channels';
import { conversationRepository } from '../../../server/db/repositories/conversation-repository';
import { localTime } from '../../../server/bot-engine/handoff';
import { weekdays, type BusinessHours, type Weekday } from '../../../server/bot-engine/bot-config';
import type { HandoffResponse, SessionResponse } from '../../../server/channels/web/protocol';

/**
 * "Talk to a person" in the widget outside the bot's business hours: the conversation waits with
 * the reason `offline`, and the bot tells the visitor the hours and when people are back, in the
 * conversation's language, live and in the answer; within the hours nothing is said but the widget's
 * own state line.
 */
const site = 'https://shop.example.com';
const dayNames: Record<Weekday, string> = {
  mon: 'Senin',
  tue: 'Selasa',
  wed: 'Rabu',
  thu: 'Kamis',
  fri: 'Jumat',
  sat: 'Sabtu',
  sun: 'Minggu',
};

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp({ env: { QUEUE_RETRY_DELAY_SECONDS: '0' } });
});
afterAll(async () => {
  await app.close();
});

const noHours = (): BusinessHours['days'] => ({ mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] });

async function widgetWithHours(days: BusinessHours['days']) {
  const bot = await cafeBot(app);
  const edit = (await bot.client.visit(`/bots/${bot.botId}/edit`)).body.props as {
    config: { handoff: Record<string, unknown> };
  };
  const saved = await bot.client.send('put', `/bots/${bot.botId}`, {
    name: 'Asisten Kopi',
    avatar_color: 'emerald',
    config: {
      ...edit.config,
      handoff: {
        ...edit.config.handoff,
        offlineMessage: 'Tim kami sedang libur.',
        businessHours: { timezone: 'Asia/Jakarta', days },
      },
    },
  });
  expect(saved.status, saved.text).toBe(303);
  expect((await bot.client.send('post', `/bots/${bot.botId}/publish`, { note: 'v1' })).status).toBe(303);
  const channel = await createChannel(app.services, bot.team.id, {
    type: 'web',
    botId: bot.botId,
    settings: { allowedDomains: ['shop.example.com'] },
  });
  const call = (path: string, token?: string) => {
    const req = request(app.app)
      .post(`/widget/${channel.publicKey}/${path}`)
      .set({ Origin: site, Accept: 'application/json' });
    return token ? req.set('Authorization', `Bearer ${token}`) : req;
  };
  const visitor = (await call('session').send({})).body as SessionResponse;
  const sent = await call('messages', visitor.token).send({
    text: 'Pesanan saya belum sampai dari kemarin',
    clientId: randomUUID(),
  });
  expect(sent.status, sent.text).toBe(202);
  await app.services.jobs.drain();
  return { ...bot, channel, visitor, call, repo: conversationRepository(app.services.db, bot.team.id) };
}

describe('talk to a person, and the business hours', () => {
  it('outside the hours: waits as offline, and the bot says when people are back, in Indonesian', async () => {
    // Open on one day only, three days from today in Jakarta: now is always outside.
    const today = weekdays.indexOf(localTime(new Date(), 'Asia/Jakarta').day);
    const openDay = weekdays[(today + 3) % 7];
    const { visitor, call, repo } = await widgetWithHours({ ...noHours(), [openDay]: [['09:00', '17:00']] });

    const from = app.broadcasts.length;
    const res = await call('handoff', visitor.token).send({});
    expect(res.status, res.text).toBe(202);
    const body = res.body as HandoffResponse;
    const told =
      'Tim kami sedang libur.\n\n' +
      `Jam kerja kami: ${dayNames[openDay]} 09.00–17.00 WIB. Kami kembali hari ${dayNames[openDay]} pukul 09.00.`;
    expect(body.conversation.state).toBe('queued');
    expect(body.messages).toEqual([expect.objectContaining({ sender: 'bot', text: told })]);

    // Heard live on the visitor's channel too (the panel merges both by id).
    const live = app.broadcasts
      .slice(from)
      .filter((b) => b.channels.includes(`private-${visitor.channel}`) && b.event === 'message.created')
      .map((b) => (b.data as { message: { id: number; text: string } }).message);
    expect(live).toEqual([expect.objectContaining({ id: body.messages[0].id, text: told })]);

    const [conversation] = (await repo.page({}, { page: 1, perPage: 10 })).items;
    expect(conversation).toMatchObject({ state: 'queued', handoffReason: 'offline' });
    const thread = await repo.messages(conversation.id, { limit: 10 });
    expect(thread.slice(-2).map((m) => [m.sender, m.text])).toEqual([
      ['bot', told],
      ['system', 'Waiting for a person: it came in outside business hours.'],
    ]);

    // Asking again while it waits says nothing more.
    const again = await call('handoff', visitor.token).send({});
    expect(again.status).toBe(202);
    expect((again.body as HandoffResponse).messages).toEqual([]);
    expect(await repo.messages(conversation.id, { limit: 10 })).toHaveLength(thread.length);
  });

  it('within the hours: waits as asked, and the bot says nothing', async () => {
    const always = Object.fromEntries(weekdays.map((day) => [day, [['00:00', '24:00']]])) as BusinessHours['days'];
    const { visitor, call, repo } = await widgetWithHours(always);
    const res = await call('handoff', visitor.token).send({});
    expect(res.status, res.text).toBe(202);
    expect((res.body as HandoffResponse).messages).toEqual([]);
    const [conversation] = (await repo.page({}, { page: 1, perPage: 10 })).items;
    expect(conversation).toMatchObject({ state: 'queued', handoffReason: 'user_request' });
    expect((await repo.messages(conversation.id, { limit: 10 })).at(-1)).toMatchObject({
      sender: 'system',
      text: 'Waiting for a person: the customer asked for one.',
    });
  });
});
