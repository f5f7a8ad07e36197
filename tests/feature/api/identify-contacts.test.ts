import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { createTestApp, expectPage, type TestApp } from '../../helpers/app';
import { cafeBot } from '../../helpers/bots';
import { postWhatsAppWebhook, whatsappMessageWebhook } from '../../helpers/fake-whatsapp';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { createApiToken } from '../../factories/api-tokens';
import { createChannel } from '../../factories/channels';
import { conversationRepository } from '../../../server/db/repositories/conversation-repository';
import { signatureHeader } from '../../../server/channels/webhook/signature';
import { contactFields, contacts } from '../../../server/db/schema/index';
import type { SessionResponse } from '../../../server/channels/web/protocol';
import type { TokenAbility } from '../../../server/domain/teams/roles';

/**
 * `POST /api/contacts`: a shop's system adds a customer it knows (its id for them, their phone,
 * their points) before they first write, or updates the one it named before; the customer's first
 * message on the website (signed in with that id), the webhook channel or WhatsApp lands on that
 * contact, and the bot tells them their points. Details that name two contacts are refused.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ env: { QUEUE_RETRY_DELAY_SECONDS: '0' } });
});
afterAll(() => app.close());

async function apiOf(teamId: number, user: Parameters<typeof createApiToken>[1], abilities: TokenAbility[]) {
  const { plainText } = await createApiToken(app.services, user, { teamId, abilities });
  return (body: unknown) =>
    request(app.app)
      .post('/api/contacts')
      .set({ Authorization: `Bearer ${plainText}`, Accept: 'application/json' })
      .send(body as object);
}

/** A website channel that signs its users in (identity verification): sign a user in, then write as them. */
async function website(teamId: number, botId: number | null = null) {
  const identitySecret = `identity-${randomUUID()}`;
  const web = await createChannel(app.services, teamId, {
    type: 'web',
    botId,
    settings: { allowedDomains: ['shop.example.com'], identityVerification: true },
    secrets: { identitySecret },
  });
  const widget = (path: string, token?: string) => {
    const req = request(app.app)
      .post(`/widget/${web.publicKey}/${path}`)
      .set({ Origin: 'https://shop.example.com', Accept: 'application/json' });
    return token ? req.set('Authorization', `Bearer ${token}`) : req;
  };
  const signIn = async (userId: string, extra: { name?: string; email?: string } = {}) => {
    const userHash = createHmac('sha256', identitySecret).update(userId).digest('hex');
    const res = await widget('session').send({ identity: { userId, userHash, ...extra } });
    expect(res.status, res.text).toBe(200);
    return res.body as SessionResponse;
  };
  const say = async (session: SessionResponse, text: string) => {
    expect((await widget('messages', session.token).send({ clientId: randomUUID(), text })).status).toBe(202);
    await app.services.jobs.drain();
  };
  return { web, signIn, say };
}

/** A webhook channel, and a message of its user `userId` delivered to it, signed, and handled. */
async function webhookChannel(teamId: number) {
  const signingSecret = `whsec_${randomUUID()}`;
  const custom = await createChannel(app.services, teamId, {
    type: 'webhook',
    settings: { outboundUrl: 'http://127.0.0.1:9/unused' },
    secrets: { signingSecret },
  });
  const deliver = async (user: { id: string; name?: string }) => {
    const body = JSON.stringify({ message: { id: randomUUID(), text: 'Halo', user } });
    const delivered = await request(app.app)
      .post(`/webhooks/custom/${custom.publicKey}`)
      .set({
        'Content-Type': 'application/json',
        'X-Kawan-Signature': signatureHeader(signingSecret, body, Math.floor(Date.now() / 1000)),
      })
      .send(body);
    expect(delivered.status, delivered.text).toBe(200);
    await app.services.jobs.drain();
  };
  return { custom, deliver };
}

describe('a customer the shop adds before they write', () => {
  it('is the contact of their first message on the website, the webhook channel and WhatsApp', async () => {
    const { team, owner, botId, client } = await cafeBot(app);
    expect((await client.send('post', `/bots/${botId}/publish`, { note: 'v1' })).status).toBe(303);
    expect(
      (await client.send('post', '/contacts/fields', { label: 'Poin', type: 'number', bot_readable: true })).status,
    ).toBe(303);
    const post = await apiOf(team.id, owner, ['create', 'update']);

    const added = await post({
      external_id: 'cust-7',
      name: 'Rina Wulandari',
      phone: '0812-1111-2222',
      attributes: { poin: '1.250' },
    });
    expect(added.status, added.text).toBe(201);
    expect(added.body).toMatchObject({
      external_id: 'cust-7',
      name: 'Rina Wulandari',
      phone: '+6281211112222',
      attributes: { poin: 1250 },
    });
    const rinaId = added.body.id as number;

    // The website signs her in with the shop's id for her: her first message is on her contact,
    // and the bot tells her the points the shop keeps.
    const { web, signIn, say } = await website(team.id, botId);
    const conversations = conversationRepository(app.services.db, team.id);
    const conversationOf = async (channelId: number, threadId: string) =>
      (await conversations.page({}, { page: 1, perPage: 50 })).items.find(
        (item) => item.channelId === channelId && item.threadId === threadId,
      )!;

    const session = await signIn('cust-7', { name: 'Rina W.' });
    expect(session.detailsNeeded).toBe(false);
    await say(session, 'poin saya berapa?');
    const onWeb = await conversationOf(web.id, session.visitorId);
    expect(onWeb.contactId).toBe(rinaId);
    const replies = (await conversations.messages(onWeb.id, { limit: 10 })).filter((m) => m.sender === 'bot');
    expect(replies.at(-1)!.text).toBe('Menurut catatan kami, Poin Anda 1.250.');
    // What the shop gave is kept; the name the page gives only fills in what is empty.
    const [rina] = await app.services.db.select().from(contacts).where(eq(contacts.id, rinaId));
    expect(rina.name).toBe('Rina Wulandari');

    // The webhook channel's user id is the same id.
    const { custom, deliver } = await webhookChannel(team.id);
    await deliver({ id: 'cust-7' });
    expect((await conversationOf(custom.id, 'cust-7')).contactId).toBe(rinaId);

    // WhatsApp knows her by her phone.
    const whatsapp = await createChannel(app.services, team.id, {
      type: 'whatsapp',
      settings: { phoneNumberId: 'pn-identify', wabaId: 'waba-identify' },
      secrets: { accessToken: 'x', appSecret: 'app-secret-identify', verifyToken: 'y' },
    });
    const inbound = whatsappMessageWebhook({ phoneNumberId: 'pn-identify', from: '6281211112222', text: 'Halo' });
    expect((await postWhatsAppWebhook(app.app, whatsapp.publicKey, inbound, 'app-secret-identify')).status).toBe(200);
    await app.services.jobs.drain();
    expect((await conversationOf(whatsapp.id, '6281211112222')).contactId).toBe(rinaId);

    // Her page says the shop's id for her and where she is known.
    const page = expectPage(await client.visit(`/contacts/${rinaId}`), 'Contacts/Show');
    const shown = page.props.contact as { external_id: string; identities: { external_user_id: string }[] };
    expect(shown.external_id).toBe('cust-7');
    expect(shown.identities.map((identity) => identity.external_user_id).sort()).toEqual([
      '6281211112222',
      'cust-7',
      'signed in as cust-7',
    ]);

    // A signed-in user the shop never added is a new contact with the name and e-mail the page gives.
    const other = await signIn('cust-8', { name: 'Dewi Lestari', email: 'dewi@example.com' });
    await say(other, 'Halo');
    const dewi = await conversationOf(web.id, other.visitorId);
    const [dewiRow] = await app.services.db.select().from(contacts).where(eq(contacts.id, dewi.contactId));
    expect(dewiRow).toMatchObject({ name: 'Dewi Lestari', email: 'dewi@example.com', externalId: 'cust-8' });
    expect(dewi.contactId).not.toBe(rinaId);
  });
});

describe('one person on two channels by the team’s id', () => {
  it('is one contact: the webhook channel’s user and the same id signed in on the website', async () => {
    const { team } = await createOwnedTeam(app.services, { current: true });
    // Another team's contact with the same id is another team's person.
    const other = await createOwnedTeam(app.services, { current: true });
    const [theirs] = await app.services.db
      .insert(contacts)
      .values({ teamId: other.team.id, name: 'Lain', externalId: 'cust-5' })
      .returning();
    await (await webhookChannel(team.id)).deliver({ id: 'cust-5', name: 'Sari' });
    const { signIn, say } = await website(team.id);
    await say(await signIn('cust-5', { email: 'sari@example.com' }), 'Halo');

    const rows = await app.services.db.select().from(contacts).where(eq(contacts.teamId, team.id));
    expect(rows).toEqual([expect.objectContaining({ name: 'Sari', email: 'sari@example.com', externalId: 'cust-5' })]);
    const conversations = (await conversationRepository(app.services.db, team.id).page({}, { page: 1, perPage: 10 }))
      .items;
    expect(conversations.map((conversation) => conversation.contactId)).toEqual([rows[0].id, rows[0].id]);
    const [untouched] = await app.services.db.select().from(contacts).where(eq(contacts.id, theirs.id));
    expect(untouched).toMatchObject({ name: 'Lain', email: null, teamId: other.team.id });
  });
});

describe('the contact a request names', () => {
  it('is updated by external id, else found by phone or e-mail and given the id; two contacts are refused', async () => {
    const { owner, team } = await createOwnedTeam(app.services, { current: true });
    await app.services.db.insert(contactFields).values({ teamId: team.id, key: 'poin', label: 'Poin', type: 'number' });
    const [wa, mail] = await app.services.db
      .insert(contacts)
      .values([
        { teamId: team.id, name: 'Budi', phoneE164: '+6281233334444' },
        { teamId: team.id, name: 'Sari', email: 'sari@example.com', externalId: 'cust-2' },
      ])
      .returning();
    const post = await apiOf(team.id, owner, ['create', 'update']);

    // A WhatsApp customer the shop now knows by its id: the same contact, given the id.
    const adopted = await post({ external_id: 3, phone: '+62 812-3333-4444', attributes: { poin: 40 } });
    expect(adopted.status, adopted.text).toBe(200);
    expect(adopted.body).toMatchObject({ id: wa.id, external_id: '3', name: 'Budi', attributes: { poin: 40 } });
    // Then by that id alone; keys left out stay, null clears.
    const updated = await post({ external_id: '3', name: 'Budi Santoso', attributes: { poin: null } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: wa.id, name: 'Budi Santoso', phone: '+6281233334444', attributes: {} });
    // By e-mail whatever its case.
    expect((await post({ email: 'SARI@example.com', name: 'Sari Dewi' })).body).toMatchObject({ id: mail.id });

    const refused = async (body: unknown) => {
      const res = await post(body);
      expect(res.status).toBe(422);
      return res.body.errors as Record<string, string[]>;
    };
    expect(await refused({ name: 'Nobody' })).toEqual({
      external_id: ['Give your id for the person, their phone number or their e-mail address.'],
    });
    // Another id for the phone's contact, and a phone and an e-mail of two contacts: never merged.
    expect(await refused({ external_id: 'cust-9', phone: '081233334444' })).toEqual({
      phone: [`Budi Santoso (contact ${wa.id}) has this phone number, with another external id (3).`],
    });
    expect(await refused({ phone: '081233334444', email: 'sari@example.com' })).toEqual({
      email: [`Sari Dewi (contact ${mail.id}) already has this e-mail address.`],
    });
    expect(await refused({ external_id: 'cust-10', phone: '12', attributes: { poin: 'banyak', hobi: 'x' } })).toEqual({
      phone: ['The phone must be a phone number, such as 0812-3456-7890 or +62 812-3456-7890.'],
      'attributes.poin': ['Poin must be a number, such as 1500000 or 1.500.000.'],
      'attributes.hobi': ['There is no such contact field.'],
    });
    expect(await refused({ external_id: 'x'.repeat(256) })).toHaveProperty('external_id');
    // Nothing of a refused request was kept.
    expect(await app.services.db.select().from(contacts).where(eq(contacts.teamId, team.id))).toHaveLength(2);
    // The same person sent twice at once is one contact.
    const twice = await Promise.all([post({ external_id: 'twice' }), post({ external_id: 'twice' })]);
    expect(twice.map((res) => res.status).sort()).toEqual([200, 201]);
    expect(twice[0].body.id).toBe(twice[1].body.id);
  });

  it('needs the create and update abilities and a role that answers conversations; another team is apart', async () => {
    const { owner, team } = await createOwnedTeam(app.services, { current: true });
    expect((await (await apiOf(team.id, owner, ['create']))({ external_id: 'a' })).status).toBe(403);
    const viewer = await createMember(app.services, team, 'viewer', { current: true });
    expect((await (await apiOf(team.id, viewer, ['create', 'update']))({ external_id: 'a' })).status).toBe(403);
    const agent = await createMember(app.services, team, 'agent', { current: true });
    const mine = await (await apiOf(team.id, agent, ['create', 'update']))({ external_id: 'same' });
    expect(mine.status).toBe(201);
    // Another team's contact with the same id is theirs: this team gets its own.
    const other = await createOwnedTeam(app.services, { current: true });
    const theirs = await (await apiOf(other.team.id, other.owner, ['create', 'update']))({ external_id: 'same' });
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(mine.body.id);
  });
});
