import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import {
  startFakeWhatsApp,
  type FakeTemplate,
  type FakeWhatsApp,
  whatsappChannelOn,
} from '../../helpers/fake-whatsapp';
import { buildTextPdf } from '../../fixtures/knowledge/pdf';
import { createChannel, createConversation } from '../../factories/channels';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { createApiToken } from '../../factories/api-tokens';
import { conversationRepository } from '../../../server/db/repositories/conversation-repository';
import { channelRepository } from '../../../server/db/repositories/channel-repository';

/**
 * WhatsApp templates as an agent sends them (conversations.messages.store with `template`,
 * `language`, `parameters[...]` and, for a media header, `file`): synced with their header, body,
 * footer, buttons and parameter format; filled in and checked per value (a 422 under
 * `parameters.<key>`); sent to the Graph API as a template message whose components Meta would
 * accept (the fake refuses a template short of a parameter, as Meta does with #132000), inside the
 * 24-hour window and after it closed, a media header uploaded first and sent by its id.
 */
const templates: FakeTemplate[] = [
  {
    id: '2001',
    name: 'pesanan_dikirim',
    language: 'id',
    status: 'APPROVED',
    category: 'UTILITY',
    components: [
      { type: 'HEADER', format: 'TEXT', text: 'Pesanan {{1}}', example: { header_text: ['INV-7'] } },
      {
        type: 'BODY',
        text: 'Halo {{1}}, pesanan {{2}} sudah dikirim.',
        example: { body_text: [['Budi', 'INV-7']] },
      },
      { type: 'FOOTER', text: 'Kopi Nusantara' },
      {
        type: 'BUTTONS',
        buttons: [
          {
            type: 'URL',
            text: 'Lacak',
            url: 'https://kopi.test/lacak/{{1}}',
            example: ['https://kopi.test/lacak/INV-7'],
          },
        ],
      },
    ],
  },
  {
    id: '2002',
    name: 'menu_baru',
    language: 'id',
    status: 'APPROVED',
    category: 'MARKETING',
    parameter_format: 'NAMED',
    components: [
      { type: 'HEADER', format: 'IMAGE', example: { header_handle: ['https://scontent.example/h.jpg'] } },
      {
        type: 'BODY',
        text: 'Halo {{nama}}, menu baru kami sudah ada!',
        example: { body_text_named_params: [{ param_name: 'nama', example: 'Budi' }] },
      },
    ],
  },
  {
    id: '2003',
    name: 'kode_masuk',
    language: 'id',
    status: 'APPROVED',
    category: 'AUTHENTICATION',
    components: [{ type: 'BODY', text: '{{1}} adalah kode Anda.' }],
  },
  {
    id: '2004',
    name: 'promo_ditolak',
    language: 'id',
    status: 'REJECTED',
    category: 'MARKETING',
    components: [{ type: 'BODY', text: 'Diskon!' }],
  },
];
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);

let app: TestApp;
let whatsapp: FakeWhatsApp;

beforeAll(async () => {
  whatsapp = await startFakeWhatsApp({ templates });
  app = await createTestApp({ env: { WHATSAPP_GRAPH_URL: whatsapp.url, QUEUE_RETRY_DELAY_SECONDS: '0' } });
});
afterAll(async () => {
  await app.close();
  await whatsapp.close();
});

/** A WhatsApp conversation whose customer last wrote 25 hours ago, its templates synced, its owner signed in. */
async function closedConversation(customer: string) {
  const { owner, team } = await createOwnedTeam(app.services, { current: true });
  const channel = await createChannel(app.services, team.id, whatsappChannelOn(whatsapp));
  const { conversation } = await createConversation(app.services, channel, { text: 'Pesanan saya sudah dikirim?' });
  const repo = conversationRepository(app.services.db, team.id);
  await repo.update(conversation.id, { threadId: customer, lastInboundAt: new Date(Date.now() - 25 * 3600_000) });
  whatsapp.setWindowClosed(customer);
  const client = await signedIn(app.app, owner);
  const synced = await client.send('post', `/channels/${channel.id}/templates/sync`);
  expect(synced.status).toBe(303);
  const errors = async () =>
    (await client.visit(`/conversations/${conversation.id}`)).body.props.errors as Record<string, string>;
  const send = (body: Record<string, unknown>) =>
    client.send('post', `/conversations/${conversation.id}/messages`, body);
  const agentMessages = async () =>
    (await repo.messages(conversation.id, { limit: 20 })).filter((message) => message.sender === 'agent');
  return { team, owner, channel, conversation, repo, client, errors, send, agentMessages };
}

const sentTo = (to: string) => whatsapp.sent().filter((body) => body.to === to);

describe('WhatsApp templates in the inbox', () => {
  it('syncs each template whole and offers the approved ones with the values they ask for', async () => {
    const { team, channel, conversation, client } = await closedConversation('6281300000001');
    const stored = await channelRepository(app.services.db, team.id).templates(channel.id);
    expect(stored.find((template) => template.name === 'menu_baru')).toMatchObject({
      parameterFormat: 'NAMED',
      body: 'Halo {{nama}}, menu baru kami sudah ada!',
      components: templates[1].components,
    });

    const page = expectPage(await client.visit(`/conversations/${conversation.id}`), 'Conversations/Show');
    expect(page.props.conversation).toMatchObject({ window: { open: false } });
    const offered = page.props.templates as Array<Record<string, unknown>>;
    expect(offered.map((template) => [template.name, template.unsendable !== null])).toEqual([
      ['kode_masuk', true],
      ['menu_baru', false],
      ['pesanan_dikirim', false],
    ]);
    expect(offered[2]).toMatchObject({
      header_text: 'Pesanan {{1}}',
      header_media: null,
      body: 'Halo {{1}}, pesanan {{2}} sudah dikirim.',
      footer: 'Kopi Nusantara',
      buttons: [{ type: 'URL', text: 'Lacak', url: 'https://kopi.test/lacak/{{1}}' }],
      fields: [
        {
          key: 'header_1',
          part: 'header',
          kind: 'text',
          label: 'Header {{1}}',
          example: 'INV-7',
          hint: null,
          max_length: 60,
        },
        {
          key: 'body_1',
          part: 'body',
          kind: 'text',
          label: 'Body {{1}}',
          example: 'Budi',
          hint: null,
          max_length: 1024,
        },
        {
          key: 'body_2',
          part: 'body',
          kind: 'text',
          label: 'Body {{2}}',
          example: 'INV-7',
          hint: null,
          max_length: 1024,
        },
        expect.objectContaining({
          key: 'button_0',
          kind: 'url',
          example: 'INV-7',
          hint: 'The end of https://kopi.test/lacak/…',
        }),
      ],
    });
    expect(offered[1]).toMatchObject({
      header_media: 'image',
      fields: [expect.objectContaining({ key: 'body_nama' })],
    });
  });

  it('sends a filled template after the window closed, as Meta takes it, and keeps what the customer reads', async () => {
    const customer = '6281300000002';
    const { conversation, repo, send, errors, agentMessages, client, team, owner } = await closedConversation(customer);

    // Free text is refused; a template short of its values is refused per value, nothing stored.
    expect((await send({ text: 'Halo kak' })).status).toBe(303);
    expect((await errors()).text).toMatch(/24-hour WhatsApp window is closed/);
    expect((await send({ template: 'pesanan_dikirim', language: 'id', parameters: { body_1: 'Sari' } })).status).toBe(
      303,
    );
    expect(await errors()).toEqual({
      'parameters.header_1': 'Fill in Header {{1}}.',
      'parameters.body_2': 'Fill in Body {{2}}.',
      'parameters.button_0': 'Fill in Link of the “Lacak” button.',
    });
    expect(await agentMessages()).toHaveLength(0);

    const res = await send({
      template: 'pesanan_dikirim',
      language: 'id',
      parameters: { header_1: 'INV-9', body_1: 'Sari', body_2: 'INV-9', button_0: 'INV-9' },
    });
    expect(res.status).toBe(303);
    expect(await errors()).toEqual({});
    await app.services.jobs.drain();

    expect(sentTo(customer)).toEqual([
      {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: customer,
        type: 'template',
        template: {
          name: 'pesanan_dikirim',
          language: { code: 'id' },
          components: [
            { type: 'header', parameters: [{ type: 'text', text: 'INV-9' }] },
            {
              type: 'body',
              parameters: [
                { type: 'text', text: 'Sari' },
                { type: 'text', text: 'INV-9' },
              ],
            },
            { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: 'INV-9' }] },
          ],
        },
      },
    ]);
    const [message] = await agentMessages();
    expect(message).toMatchObject({
      kind: 'template',
      status: 'sent',
      text: 'Pesanan INV-9\n\nHalo Sari, pesanan INV-9 sudah dikirim.\n\nKopi Nusantara',
      externalId: expect.stringMatching(/^wamid\./),
    });
    expect((await repo.find(conversation.id))!.lastPreview).toBe(message.text.slice(0, 255));

    const thread = expectPage(await client.visit(`/conversations/${conversation.id}`), 'Conversations/Show');
    expect((thread.props.messages as Array<Record<string, unknown>>).find((m) => m.id === message.id)).toMatchObject({
      kind: 'template',
      template_name: 'pesanan_dikirim',
    });
    // The API's export names the template.
    const { plainText: token } = await createApiToken(app.services, owner, { teamId: team.id, abilities: ['read'] });
    const api = await client.agent
      .get(`/api/conversations/${conversation.id}/messages`)
      .set('Authorization', `Bearer ${token}`);
    expect(api.status).toBe(200);
    expect((api.body.data as Array<Record<string, unknown>>).find((m) => m.id === message.id)).toMatchObject({
      kind: 'template',
      template: { name: 'pesanan_dikirim', language: 'id' },
    });
  });

  it('uploads the picture of a media header first, and refuses another kind of file', async () => {
    const customer = '6281300000003';
    const { client, conversation, errors, agentMessages } = await closedConversation(customer);
    const post = (file: { bytes: Buffer; name: string } | null) => {
      const req = client.agent
        .post(`/conversations/${conversation.id}/messages`)
        .set({ 'X-XSRF-TOKEN': client.token, 'X-Inertia': 'true', 'X-Requested-With': 'XMLHttpRequest' })
        .field('template', 'menu_baru')
        .field('language', 'id')
        .field('parameters[body_nama]', 'Sari');
      if (file) req.attach('file', file.bytes, { filename: file.name, contentType: 'application/octet-stream' });
      return req;
    };
    expect((await post(null)).status).toBe(303);
    expect((await errors()).file).toBe("Choose the image this template's header shows.");
    const pdf = Buffer.from(await buildTextPdf({ title: 'Menu' }));
    expect((await post({ bytes: pdf, name: 'menu.pdf' })).status).toBe(303);
    expect((await errors()).file).toBe("This template's header shows a JPEG or PNG picture: choose one.");
    expect(await agentMessages()).toHaveLength(0);

    expect((await post({ bytes: jpeg, name: 'menu.jpg' })).status).toBe(303);
    expect(await errors()).toEqual({});
    await app.services.jobs.drain();
    const upload = whatsapp.uploads().at(-1)!;
    expect(upload).toMatchObject({ name: 'menu.jpg', mime: 'image/jpeg', bytes: jpeg });
    expect(sentTo(customer).at(-1)!.template).toEqual({
      name: 'menu_baru',
      language: { code: 'id' },
      components: [
        { type: 'header', parameters: [{ type: 'image', image: { id: upload.id } }] },
        { type: 'body', parameters: [{ type: 'text', parameter_name: 'nama', text: 'Sari' }] },
      ],
    });
    const [message] = await agentMessages();
    expect(message).toMatchObject({ kind: 'template', status: 'sent', text: 'Halo Sari, menu baru kami sudah ada!' });
    expect(message.attachments).toMatchObject([{ name: 'menu.jpg', mime: 'image/jpeg', size: jpeg.length }]);
  });

  it('refuses a template that is not approved, one Kawan cannot send, a file with a text-only template, and any on another channel', async () => {
    const { send, errors, agentMessages, client, conversation } = await closedConversation('6281300000004');
    expect((await send({ template: 'promo_ditolak', language: 'id' })).status).toBe(303);
    expect((await errors()).template).toBe('Choose an approved template.');
    expect((await send({ template: 'pesanan_dikirim', language: 'en' })).status).toBe(303);
    expect((await errors()).template).toBe('Choose an approved template.');
    expect((await send({ template: 'kode_masuk', language: 'id', parameters: { body_1: '123456' } })).status).toBe(303);
    expect((await errors()).template).toMatch(/^This template cannot be sent here\. Authentication templates/);
    expect((await send({ template: 'pesanan_dikirim', language: 'id', parameters: 'INV-9' })).status).toBe(303);
    expect((await errors()).parameters).toBe('The parameters must be a set of values.');
    const withFile = await client.agent
      .post(`/conversations/${conversation.id}/messages`)
      .set({ 'X-XSRF-TOKEN': client.token, 'X-Inertia': 'true', 'X-Requested-With': 'XMLHttpRequest' })
      .field('template', 'pesanan_dikirim')
      .field('language', 'id')
      .attach('file', jpeg, { filename: 'x.jpg', contentType: 'image/jpeg' });
    expect(withFile.status).toBe(303);
    expect((await errors()).file).toBe('This template takes no file.');
    expect(await agentMessages()).toHaveLength(0);

    const { owner, team } = await createOwnedTeam(app.services, { current: true });
    const web = await createChannel(app.services, team.id, { type: 'web', settings: { allowedDomains: ['x.test'] } });
    const { conversation: onWeb } = await createConversation(app.services, web);
    const other = await signedIn(app.app, owner);
    await other.send('post', `/conversations/${onWeb.id}/messages`, { template: 'pesanan_dikirim', language: 'id' });
    expect((await other.visit(`/conversations/${onWeb.id}`)).body.props.errors.template).toBe(
      'Templates are for WhatsApp channels.',
    );
  });

  it('sends a template inside the open window too, and a viewer sends none', async () => {
    const customer = '6281300000005';
    const { team, conversation, repo, send, agentMessages } = await closedConversation(customer);
    await repo.update(conversation.id, { lastInboundAt: new Date() });
    whatsapp.setWindowClosed(customer, false);
    const res = await send({
      template: 'pesanan_dikirim',
      language: 'id',
      parameters: { header_1: 'INV-1', body_1: 'Budi', body_2: 'INV-1', button_0: 'INV-1' },
    });
    expect(res.status).toBe(303);
    await app.services.jobs.drain();
    expect((await agentMessages()).map((message) => [message.kind, message.status])).toEqual([['template', 'sent']]);

    const viewer = await createMember(app.services, team, 'viewer', { current: true });
    const as = await signedIn(app.app, viewer);
    const refused = await as.send('post', `/conversations/${conversation.id}/messages`, {
      template: 'pesanan_dikirim',
      language: 'id',
    });
    expect(refused.status).toBe(403);
  });
});
