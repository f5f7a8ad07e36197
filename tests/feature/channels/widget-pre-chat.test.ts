import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { cafeBot } from '../../helpers/bots';
import { createChannel } from '../../factories/channels';
import { conversationRepository } from '../../../server/db/repositories/conversation-repository';
import type { SessionResponse, WidgetConfig } from '../../../server/channels/web/protocol';

/**
 * The web widget's pre-chat form through real HTTP: the form in the config, `detailsNeeded` for
 * a visitor Kawan does not know yet, the answers checked field by field and kept as the visitor's
 * contact, which their first message then belongs to; not asked again of a visitor it knows.
 */
const site = 'https://shop.example.com';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

async function webChannel(preChat?: Record<string, string>, extra: { secrets?: Record<string, string> } = {}) {
  const bot = await cafeBot(app);
  const channel = await createChannel(app.services, bot.team.id, {
    type: 'web',
    name: 'Website',
    settings: {
      allowedDomains: ['shop.example.com'],
      ...(preChat ? { preChat } : {}),
      ...(extra.secrets ? { identityVerification: true } : {}),
    },
    secrets: extra.secrets,
  });
  const call = (path: string, token?: string) => {
    const req = request(app.app)
      .post(`/widget/${channel.publicKey}/${path}`)
      .set({ Origin: site, Accept: 'application/json' });
    return token ? req.set('Authorization', `Bearer ${token}`) : req;
  };
  const session = async (body: Record<string, unknown> = {}) => {
    const res = await call('session').send(body);
    expect(res.status, res.text).toBe(200);
    return res.body as SessionResponse;
  };
  const config = async () =>
    (await request(app.app).get(`/widget/${channel.publicKey}/config`).set('Origin', site)).body as WidgetConfig;
  const contacts = conversationRepository(app.services.db, bot.team.id);
  return { ...bot, channel, call, session, config, contacts };
}

describe('the pre-chat form', () => {
  it('is in the config with the fields the channel asks for, in order, or null', async () => {
    const asking = await webChannel({ phone: 'optional', name: 'required', email: 'off', message: 'Kenalan dulu!' });
    expect((await asking.config()).preChat).toEqual({
      message: 'Kenalan dulu!',
      fields: [
        { name: 'name', required: true },
        { name: 'phone', required: false },
      ],
    });
    const none = await webChannel({ name: 'off', email: 'off', phone: 'off', message: 'unused' });
    expect((await none.config()).preChat).toBeNull();
    expect((await (await webChannel()).config()).preChat).toBeNull();
  });

  it("keeps a new visitor's answers as their contact, which their first message belongs to", async () => {
    const { call, session, contacts, channel } = await webChannel({
      name: 'required',
      email: 'optional',
      phone: 'required',
    });
    const first = await session();
    expect(first.detailsNeeded).toBe(true);

    expect((await call('contact').send({ name: 'Rina' })).status).toBe(401);
    const missing = await call('contact', first.token).send({ name: '  ', email: '', phone: '' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({
      name: ['The name field is required.'],
      phone: ['The phone field is required.'],
    });
    const wrong = await call('contact', first.token).send({ name: 'Rina', email: 'rina@', phone: '12' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({
      email: ['The email field must be a valid email address.'],
      phone: ['The phone must be a phone number, such as 0812-3456-7890 or +62 812-3456-7890.'],
    });
    // Nothing was kept of a refused answer.
    expect((await session({ visitorId: first.visitorId })).detailsNeeded).toBe(true);

    const saved = await call('contact', first.token).send({
      name: ' Rina Wati ',
      email: 'Rina@Example.com',
      phone: '0812-3456-7890',
      company: 'ignored',
    });
    expect(saved.status, saved.text).toBe(204);
    const again = await session({ visitorId: first.visitorId });
    expect(again.detailsNeeded).toBe(false);

    const sent = await call('messages', again.token).send({ text: 'Halo, mau tanya', clientId: randomUUID() });
    expect(sent.status, sent.text).toBe(202);
    const conversation = (await contacts.latestOfThread(channel.id, first.visitorId))!;
    expect(await contacts.contact(conversation.contactId)).toMatchObject({
      name: 'Rina Wati',
      email: 'rina@example.com',
      phoneE164: '+6281234567890',
    });
  });

  it('takes an optional form left empty, and asks for nothing on a channel without one', async () => {
    const optional = await webChannel({ email: 'optional' });
    const visitor = await optional.session();
    expect(visitor.detailsNeeded).toBe(true);
    expect((await optional.call('contact', visitor.token).send({ email: '' })).status).toBe(204);
    expect((await optional.session({ visitorId: visitor.visitorId })).detailsNeeded).toBe(false);

    const plain = await webChannel();
    const other = await plain.session();
    expect(other.detailsNeeded).toBe(false);
    const refused = await plain.call('contact', other.token).send({ name: 'Rina' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ form: ['This chat does not ask for details.'] });
  });

  it('is not asked of a visitor who wrote before it was turned on, nor of a signed-in user', async () => {
    const identitySecret = 'identity-secret-for-tests';
    const { call, session } = await webChannel({ name: 'required' }, { secrets: { identitySecret } });
    const earlier = await session();
    expect(earlier.detailsNeeded).toBe(true);
    // Kawan knows a visitor who has written: their next visit is not stopped by the form.
    const sent = await call('messages', earlier.token).send({ text: 'Halo', clientId: randomUUID() });
    expect(sent.status, sent.text).toBe(202);
    expect((await session({ visitorId: earlier.visitorId })).detailsNeeded).toBe(false);

    const userHash = createHmac('sha256', identitySecret).update('user-42').digest('hex');
    const signedIn = await session({ identity: { userId: 'user-42', userHash, name: 'Budi' } });
    expect(signedIn).toMatchObject({ verified: true, detailsNeeded: false });
  });
});
