import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { createChannel, createConversation } from '../../factories/channels';
import { createApiToken } from '../../factories/api-tokens';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { conversations, messages } from '../../../server/db/schema/index';
import type { ChannelRow } from '../../../server/db/repositories/channel-repository';
import { eq } from 'drizzle-orm';

/**
 * The inbox's search finds a conversation by anything written in it (the customer's words, the
 * bot's, a teammate's reply or note; not Kawan's own lines), not only its last message, within the
 * team; each row says which message holds it, and opening the row goes back to that message.
 */
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type Row = {
  id: number;
  number: number;
  last_preview: string;
  match: { message_id: number; snippet: string; from: string; created_at: string } | null;
};

/** A message written into the conversation (after its first). */
async function write(
  channel: ChannelRow,
  conversationId: number,
  text: string,
  who: { sender?: 'contact' | 'bot' | 'agent' | 'system'; kind?: 'text' | 'note' } = {},
) {
  const sender = who.sender ?? 'agent';
  const [row] = await app.services.db
    .insert(messages)
    .values({
      teamId: channel.teamId,
      conversationId,
      channelId: channel.id,
      direction: sender === 'contact' ? 'inbound' : 'outbound',
      sender,
      kind: who.kind ?? 'text',
      text,
      status: sender === 'contact' ? 'received' : 'sent',
    })
    .returning();
  return row;
}

async function inbox() {
  const { owner, team } = await createOwnedTeam(app.services, { current: true });
  const channel = await createChannel(app.services, team.id, {
    type: 'web',
    settings: { allowedDomains: ['kopi.test'] },
  });
  const shipped = await createConversation(app.services, channel, { text: 'Kak, pesanan saya sudah dikirim belum?' });
  const reply = await write(
    channel,
    shipped.conversation.id,
    'Sudah kak, pesanan INV-2231 dikirim lewat JNE hari ini, estimasi sampai 2-3 hari kerja.',
  );
  await write(channel, shipped.conversation.id, 'Oke makasih kak', { sender: 'contact' });
  await app.services.db
    .update(conversations)
    .set({ lastPreview: 'Oke makasih kak' })
    .where(eq(conversations.id, shipped.conversation.id));

  const invoiced = await createConversation(app.services, channel, { text: 'Bisa minta faktur?' });
  const note = await write(channel, invoiced.conversation.id, 'Pelanggan perusahaan: faktur pajak ke PT Sinar Jaya', {
    kind: 'note',
  });
  const taken = await createConversation(app.services, channel, { text: 'Halo' });
  await write(channel, taken.conversation.id, 'Dewi Santoso took over the conversation.', { sender: 'system' });
  const discount = await createConversation(app.services, channel, { text: 'Ada diskon 50% hari ini?' });
  await createConversation(app.services, channel, { text: 'Diskon 500 ribu untuk member?' });
  return { owner, team, channel, shipped, reply, invoiced, note, taken, discount };
}

const listed = async (client: Awaited<ReturnType<typeof signedIn>>, search: string) =>
  (
    expectPage(await client.visit(`/conversations?search=${encodeURIComponent(search)}`), 'Conversations/Index').props
      .conversations as { data: Row[] }
  ).data;

describe('searching the inbox', () => {
  it("finds a conversation by a teammate's reply that is not its last message, and says which", async () => {
    const { owner, shipped, reply } = await inbox();
    await inbox(); // another team wrote the same words
    const client = await signedIn(app.app, owner);
    const rows = await listed(client, 'inv-2231');
    expect(rows.map((row) => row.id)).toEqual([shipped.conversation.id]);
    expect(rows[0].last_preview).toBe('Oke makasih kak');
    expect(rows[0].match).toEqual({
      message_id: reply.id,
      snippet: 'Sudah kak, pesanan INV-2231 dikirim lewat JNE hari ini, estimasi sampai 2-3 hari kerja.',
      from: 'agent',
      created_at: reply.createdAt.toISOString(),
    });
  });

  it("finds the customer's earlier words, and a note", async () => {
    const { owner, shipped, invoiced, note } = await inbox();
    const client = await signedIn(app.app, owner);
    const customer = await listed(client, 'sudah dikirim belum');
    expect(customer.map((row) => [row.id, row.match?.from])).toEqual([[shipped.conversation.id, 'contact']]);
    const noted = await listed(client, 'Sinar Jaya');
    expect(noted.map((row) => [row.id, row.match?.message_id, row.match?.from])).toEqual([
      [invoiced.conversation.id, note.id, 'note'],
    ]);
  });

  it('shows no hit where the last message already shows the search', async () => {
    const { owner, shipped } = await inbox();
    const client = await signedIn(app.app, owner);
    const rows = await listed(client, 'makasih');
    expect(rows.map((row) => [row.id, row.match])).toEqual([[shipped.conversation.id, null]]);
  });

  it("leaves Kawan's own lines out, and takes % and _ as themselves", async () => {
    const { owner, discount } = await inbox();
    const client = await signedIn(app.app, owner);
    expect(await listed(client, 'took over')).toEqual([]);
    expect((await listed(client, '50%')).map((row) => row.id)).toEqual([discount.conversation.id]);
    expect(await listed(client, 'diskon_5')).toEqual([]);
  });

  it('searches the messages only from three characters on', async () => {
    const { owner, channel } = await inbox();
    const short = await createConversation(app.services, channel, { text: 'Halo' });
    await write(channel, short.conversation.id, 'QZ');
    await write(channel, short.conversation.id, 'Terakhir');
    const client = await signedIn(app.app, owner);
    expect(await listed(client, 'QZ')).toEqual([]);
  });

  it('cuts a long message around the words found', async () => {
    const { owner, channel } = await inbox();
    const long = await createConversation(app.services, channel, { text: 'Halo' });
    const words = Array.from({ length: 40 }, (_, i) => `kata${i}`).join(' ');
    await write(channel, long.conversation.id, `${words} nomor resi JP1234567890 ${words}`);
    await write(channel, long.conversation.id, 'Terakhir');
    const client = await signedIn(app.app, owner);
    const [row] = await listed(client, 'jp1234567890');
    expect(row.match?.snippet).toMatch(/^…kata\d+ .* nomor resi JP1234567890 kata0 .*kata\d+…$/);
    expect(row.match!.snippet.length).toBeLessThanOrEqual(142);
  });

  it('is the same for every role, and for an API token', async () => {
    const { team, shipped } = await inbox();
    const viewer = await createMember(app.services, team, 'viewer', { current: true });
    const rows = await listed(await signedIn(app.app, viewer), 'JNE');
    expect(rows.map((row) => row.id)).toEqual([shipped.conversation.id]);
    const { plainText } = await createApiToken(app.services, viewer, { teamId: team.id, abilities: ['read'] });
    const api = await supertest(app.app)
      .get('/api/conversations?search=JNE')
      .set({ Authorization: `Bearer ${plainText}`, Accept: 'application/json' });
    expect(api.status, api.text).toBe(200);
    expect(api.body.data.map((row: { id: number }) => row.id)).toEqual([shipped.conversation.id]);
  });

  it('opens a hit at its message', async () => {
    const { owner, shipped, reply } = await inbox();
    const client = await signedIn(app.app, owner);
    const [row] = await listed(client, 'INV-2231');
    const show = expectPage(
      await client.visit(`/conversations/${row.id}?message=${row.match!.message_id}`),
      'Conversations/Show',
    );
    expect(show.props.focus_message_id).toBe(reply.id);
    expect(row.id).toBe(shipped.conversation.id);
  });
});
