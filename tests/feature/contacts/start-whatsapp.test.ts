import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { startFakeWhatsApp, type FakeWhatsApp, whatsappChannelOn } from '../../helpers/fake-whatsapp';
import { createChannel, createConversation } from '../../factories/channels';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { conversationRepository, conversationWriter } from '../../../server/db/repositories/conversation-repository';

/**
 * A teammate writes first to a contact on WhatsApp (contacts.conversations.store): only an approved
 * template may open the conversation. Their phone is their WhatsApp id; the template goes out in
 * the thread's open conversation or a new one, the sender's; everything is checked before anything
 * is stored, so a refused template leaves no empty conversation.
 */
let app: TestApp;
let whatsapp: FakeWhatsApp;

beforeAll(async () => {
  whatsapp = await startFakeWhatsApp();
  app = await createTestApp({ env: { WHATSAPP_GRAPH_URL: whatsapp.url, QUEUE_RETRY_DELAY_SECONDS: '0' } });
});
afterAll(async () => {
  await app.close();
  await whatsapp.close();
});

/** A team with a WhatsApp channel (its templates synced), a web contact with a phone, its owner signed in. */
async function setting(phone: string | null = '+6281500000001') {
  const { owner, team } = await createOwnedTeam(app.services, { current: true });
  const channel = await createChannel(app.services, team.id, whatsappChannelOn(whatsapp));
  const web = await createChannel(app.services, team.id, { type: 'web', settings: { allowedDomains: ['shop.test'] } });
  const { conversation: onWeb } = await createConversation(app.services, web, { text: 'Ada promo?' });
  const contactId = onWeb.contactId;
  if (phone) await conversationRepository(app.services.db, team.id).setContactDetails(contactId, { phoneE164: phone });
  const client = await signedIn(app.app, owner);
  expect((await client.send('post', `/channels/${channel.id}/templates/sync`)).status).toBe(303);
  const start = (body: Record<string, unknown>, as = client) =>
    as.send('post', `/contacts/${contactId}/conversations`, body, { Referer: `/contacts/${contactId}` });
  const errors = async () =>
    ((await client.visit(`/contacts/${contactId}`)).body.props.errors as Record<string, Record<string, string>>)
      .startConversation ?? {};
  const repo = conversationRepository(app.services.db, team.id);
  const threads = async () =>
    (await repo.page({}, { page: 1, perPage: 50 })).items.filter((item) => item.channelId === channel.id);
  return { team, owner, channel, web, contactId, client, start, errors, repo, threads };
}

const orderUpdate = { template: 'order_update', language: 'id', parameters: { body_1: 'Rina', body_2: 'INV-12' } };

describe('writing first to a contact on WhatsApp', () => {
  it('offers the team’s WhatsApp numbers with their templates on the contact’s page', async () => {
    const { client, contactId, channel } = await setting();
    const page = expectPage(await client.visit(`/contacts/${contactId}`), 'Contacts/Show');
    expect(page.props.whatsapp_channels).toMatchObject([
      { id: channel.id, name: channel.name, templates: [{ name: 'follow_up' }, { name: 'order_update' }] },
    ]);
  });

  it('opens a conversation with the template, the sender’s, on the contact’s WhatsApp identity', async () => {
    const customer = '6281500000002';
    const { start, channel, contactId, repo, threads, owner, team } = await setting(`+${customer}`);
    const res = await start({ channel_id: channel.id, ...orderUpdate });
    expect(res.status).toBe(303);
    const [conversation] = await threads();
    expect(res.headers.location).toBe(`/conversations/${conversation.id}`);
    expect(conversation).toMatchObject({ threadId: customer, state: 'human', contactId });
    expect(conversation.assigneeId).toBe(owner.id);
    await app.services.jobs.drain();

    expect(whatsapp.sent().filter((body) => body.to === customer)).toEqual([
      expect.objectContaining({
        type: 'template',
        template: {
          name: 'order_update',
          language: { code: 'id' },
          components: [
            {
              type: 'body',
              parameters: [
                { type: 'text', text: 'Rina' },
                { type: 'text', text: 'INV-12' },
              ],
            },
          ],
        },
      }),
    ]);
    const [message] = (await repo.messages(conversation.id, { limit: 10 })).filter((m) => m.sender === 'agent');
    expect(message).toMatchObject({
      kind: 'template',
      status: 'sent',
      text: 'Halo Rina, pesanan INV-12 sudah dikirim.',
    });
    const identities = await conversationRepository(app.services.db, team.id).identities(contactId);
    expect(identities.map((row) => [row.identity.channelType, row.identity.externalUserId])).toContainEqual([
      'whatsapp',
      customer,
    ]);

    // When the customer answers, their message joins that conversation and the window opens.
    const writer = conversationWriter(app.services.db);
    const { conversation: answered } = await writer.conversationFor({
      teamId: team.id,
      channelId: channel.id,
      botId: null,
      contactId,
      threadId: customer,
      now: new Date(),
    });
    expect(answered.id).toBe(conversation.id);

    // A second template goes into the same open conversation.
    expect((await start({ channel_id: channel.id, ...orderUpdate })).status).toBe(303);
    expect(await threads()).toHaveLength(1);
  });

  it('refuses before storing anything: no phone, a channel not the team’s WhatsApp, a template short of a value', async () => {
    const noPhone = await setting(null);
    await noPhone.start({ channel_id: noPhone.channel.id, ...orderUpdate });
    expect((await noPhone.errors()).channel_id).toBe("Add the contact's phone number first: it is their WhatsApp.");

    const { start, errors, channel, web, threads } = await setting('+6281500000003');
    const other = await setting('+6281500000004');
    await start({ channel_id: web.id, ...orderUpdate });
    expect((await errors()).channel_id).toBe('Choose one of your WhatsApp channels.');
    await start({ channel_id: other.channel.id, ...orderUpdate });
    expect((await errors()).channel_id).toBe('Choose one of your WhatsApp channels.');
    await start({ channel_id: 'abc', ...orderUpdate });
    expect((await errors()).channel_id).toBe('Choose a WhatsApp channel.');
    // Past PostgreSQL's integer: no row, and no failed query (it was a 500).
    expect((await start({ channel_id: 99_999_999_999, ...orderUpdate })).status).toBe(303);
    expect((await errors()).channel_id).toBe('Choose a WhatsApp channel.');
    await start({ channel_id: channel.id, template: 'order_update', language: 'id', parameters: { body_1: 'Rina' } });
    expect(await errors()).toEqual({ 'parameters.body_2': 'Fill in Body {{2}}.' });
    expect(await threads()).toEqual([]);
    expect(whatsapp.sent().filter((body) => body.to === '6281500000003')).toEqual([]);
  });

  it('refuses a number another contact has on WhatsApp: merge them first', async () => {
    const { start, errors, channel, team, threads } = await setting('+6281500000005');
    // Someone else already wrote from that number.
    await conversationWriter(app.services.db).contactFor({
      teamId: team.id,
      channelType: 'whatsapp',
      channelId: channel.id,
      externalUserId: '6281500000005',
      name: 'Nomor lama',
    });
    await start({ channel_id: channel.id, ...orderUpdate });
    expect((await errors()).channel_id).toMatch(/^Another contact has this WhatsApp number/);
    expect(await threads()).toEqual([]);
  });

  it('is for whoever answers conversations, and another team’s contact is a 404', async () => {
    const { team, contactId, channel, start } = await setting('+6281500000006');
    const viewer = await createMember(app.services, team, 'viewer', { current: true });
    const asViewer = await signedIn(app.app, viewer);
    expect((await start({ channel_id: channel.id, ...orderUpdate }, asViewer)).status).toBe(403);
    const page = expectPage(await asViewer.visit(`/contacts/${contactId}`), 'Contacts/Show');
    expect(page.props.whatsapp_channels).toEqual([]);

    const stranger = await setting('+6281500000007');
    const foreign = await stranger.client.send('post', `/contacts/${contactId}/conversations`, {
      channel_id: stranger.channel.id,
      ...orderUpdate,
    });
    expect(foreign.status).toBe(404);
  });
});
