import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestApp, signedIn, type TestApp } from '../../helpers/app';
import { startWebhookReceiver, type WebhookReceiver } from '../../helpers/webhook-receiver';
import { createChannel, createConversation } from '../../factories/channels';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { conversationRepository } from '../../../server/db/repositories/conversation-repository';
import { notificationRepository } from '../../../server/db/repositories/notification-repository';
import { conversationMentionedType } from '../../../server/domain/conversations/notifications';
import { signUrl } from '../../../server/support/signed-url';
import type { ChannelType } from '../../../server/db/schema/channels';
import { tinyPng } from '../../fixtures/media/png';

/**
 * A file in an internal note (conversations.notes.store, multipart: `file`, optional `text` and
 * `mentions[]`): checked by its bytes as a reply's file is, kept on the private disk, shown to the
 * team in the thread, and never sent: no send job, not in the widget, not behind the webhook
 * channel's file link.
 */
const png = tinyPng;
const signingSecret = 'whsec_note_files';

let app: TestApp;
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver({ secret: signingSecret });
  app = await createTestApp({ env: { KNOWLEDGE_ALLOW_PRIVATE_URLS: 'true', QUEUE_RETRY_DELAY_SECONDS: '0' } });
});
afterAll(async () => {
  await app.close();
  await receiver.close();
});

async function conversationOn(type: ChannelType, threadId: string) {
  const { owner, team } = await createOwnedTeam(app.services, { current: true });
  const agent = await createMember(app.services, team, 'agent', { current: true, name: 'Budi Santoso' });
  const viewer = await createMember(app.services, team, 'viewer', { current: true });
  const options = {
    web: { settings: { allowedDomains: ['shop.example.com'] } },
    webhook: { settings: { outboundUrl: receiver.url }, secrets: { signingSecret } },
  }[type as 'web' | 'webhook'];
  const channel = await createChannel(app.services, team.id, { type, ...options });
  const { conversation } = await createConversation(app.services, channel, { text: 'Paket saya rusak' });
  const repo = conversationRepository(app.services.db, team.id);
  await repo.update(conversation.id, { threadId });
  const client = await signedIn(app.app, owner);
  /** The note form's multipart POST, as Inertia's useForm sends a file (arrays as `mentions[0]`). */
  const note = (
    fields: { text?: string; mentions?: number[]; file?: { bytes: Buffer; name: string } },
    as = client,
  ) => {
    const req = as.agent
      .post(`/conversations/${conversation.id}/notes`)
      .set({ 'X-XSRF-TOKEN': as.token, 'X-Inertia': 'true', 'X-Requested-With': 'XMLHttpRequest' });
    if (fields.text !== undefined) req.field('text', fields.text);
    fields.mentions?.forEach((id, index) => req.field(`mentions[${index}]`, String(id)));
    if (fields.file)
      req.attach('file', fields.file.bytes, { filename: fields.file.name, contentType: 'application/octet-stream' });
    return req;
  };
  const notes = async () =>
    (await repo.messages(conversation.id, { limit: 20 })).filter((message) => message.kind === 'note');
  const errors = async () =>
    (await client.visit(`/conversations/${conversation.id}`)).body.props.errors as Record<string, string>;
  return { team, channel, conversation, agent, viewer, client, note, notes, errors };
}

describe('a file in an internal note', () => {
  it('is kept for the team, shown in the thread, names teammates, and is never sent to the visitor', async () => {
    const { channel, conversation, agent, client, note, notes } = await conversationOn('web', 'visitor-note-files');
    const from = app.broadcasts.length;
    const res = await note({
      text: '@Budi Santoso foto paketnya dari pelanggan',
      mentions: [agent.id],
      file: { bytes: png, name: 'paket.png' },
    });
    expect(res.status).toBe(303);
    await app.services.jobs.drain();
    const [row] = await notes();
    expect(row).toMatchObject({ text: '@Budi Santoso foto paketnya dari pelanggan', status: 'sent' });
    expect(row.attachments).toEqual([
      expect.objectContaining({ name: 'paket.png', mime: 'image/png', size: png.length }),
    ]);
    expect(row.mentionedUserIds).toEqual([agent.id]);
    const [told] = (await notificationRepository(app.services.db, agent.id).page(1, 10)).rows;
    expect(told.type).toBe(conversationMentionedType);

    // The thread shows it to the team, served from the private disk.
    const show = (await client.visit(`/conversations/${conversation.id}`)).body.props;
    const shown = (show.messages as Array<{ id: number; attachments: Array<{ url: string; kind: string }> }>).find(
      (message) => message.id === row.id,
    )!;
    expect(shown.attachments).toEqual([
      expect.objectContaining({ kind: 'image', name: 'paket.png', status: 'stored' }),
    ]);
    const file = await client.agent.get(shown.attachments[0].url);
    expect(file.status).toBe(200);
    expect(Buffer.compare(file.body as Buffer, png)).toBe(0);

    // Nothing went to the widget; its visitor cannot read it.
    expect(
      app.broadcasts
        .slice(from)
        .some((sent) => sent.event === 'message.created' && sent.channels.some((c) => c.includes('widget'))),
    ).toBe(false);
    const session = await request(app.app)
      .post(`/widget/${channel.publicKey}/session`)
      .set('Origin', 'https://shop.example.com')
      .send({ visitorId: 'visitor-note-files' });
    expect(session.status).toBe(200);
    const fetched = await request(app.app)
      .get(`/widget/${channel.publicKey}/messages/${row.id}/attachments/0`)
      .set({ Origin: 'https://shop.example.com', Authorization: `Bearer ${session.body.token}` });
    expect(fetched.status).toBe(404);
  });

  it('is not delivered on a webhook channel, nor served behind a file link signed for it', async () => {
    const { channel, note, notes } = await conversationOn('webhook', 'cust-note-files');
    const before = receiver.deliveries.length;
    expect((await note({ file: { bytes: png, name: 'bukti.png' } })).status).toBe(303);
    await app.services.jobs.drain();
    expect(receiver.deliveries.length).toBe(before);
    const [row] = await notes();
    expect(row.text).toBe('');
    const path = signUrl(
      app.services.config.app.key,
      app.services.route('webhooks.custom.file', { key: channel.publicKey, message: row.id, index: 0 }),
      new Date(Date.now() + 60_000),
    );
    expect((await request(app.app).get(path)).status).toBe(404);
  });

  it('refuses a file it cannot keep, words over 4,096 characters, and a viewer, and writes no note', async () => {
    const { note, notes, errors, viewer } = await conversationOn('web', 'visitor-note-refused');
    expect((await note({ file: { bytes: Buffer.from('MZ\x90\x00binary'), name: 'setup.exe' } })).status).toBe(303);
    expect(Object.keys(await errors())).toEqual(['file']);
    expect((await note({ text: 'x'.repeat(4097), file: { bytes: png, name: 'a.png' } })).status).toBe(303);
    expect(await errors()).toEqual({ text: 'The text field must not be greater than 4096 characters.' });
    const viewerClient = await signedIn(app.app, viewer);
    expect((await note({ text: 'hi', file: { bytes: png, name: 'a.png' } }, viewerClient)).status).toBe(403);
    expect(await notes()).toEqual([]);
  });
});
