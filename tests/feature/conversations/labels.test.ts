import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { expectRedirect } from '../../helpers/teams';
import { createChannel, createConversation } from '../../factories/channels';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { conversationLabels, conversations } from '../../../server/db/schema/index';
import { labelLimits } from '../../../server/domain/conversations/labels';

/**
 * Conversation labels (Conversations/Labels, conversations.labels.update): whoever answers
 * conversations keeps the team's labels and puts them on conversations; the inbox lists them and
 * filters by one, and the change reaches open pages live; a deleted label comes off every
 * conversation; viewers read; another team's labels are a 404 or an invalid choice.
 */
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const page = '/conversations/labels';
const bagged = (bag: string, referer = page) => ({ Referer: referer, 'X-Inertia-Error-Bag': bag });

type Label = { id: number; name: string; color: string; description: string; conversations: number };

async function newTeam() {
  const { owner, team } = await createOwnedTeam(app.services, { current: true });
  const owned = await signedIn(app.app, owner);
  const rows = () => app.services.db.select().from(conversationLabels).where(eq(conversationLabels.teamId, team.id));
  const channel = await createChannel(app.services, team.id, { type: 'web' });
  const labels = async () => expectPage(await owned.visit(page), 'Conversations/Labels').props.labels as Label[];
  return { owner, team, owned, rows, channel, labels };
}

const labelIdsOf = async (id: number) =>
  (await app.services.db.select({ ids: conversations.labelIds }).from(conversations).where(eq(conversations.id, id)))[0]
    .ids;

describe('labels', () => {
  it('are added, put on conversations, filtered by, changed, and come off every conversation when deleted', async () => {
    const { owner, team, owned, rows, channel, labels } = await newTeam();
    const empty = expectPage(await owned.visit(page), 'Conversations/Labels');
    expect(empty.props).toMatchObject({ labels: [], limits: labelLimits });
    expect(empty.props.colors).toContain('amber');

    expectRedirect(await owned.send('post', page, { name: '  Keluhan   pelanggan ', color: 'red' }), page);
    expectRedirect(
      await owned.send('post', page, { name: 'VIP', color: 'amber', description: 'Pelanggan tetap' }),
      page,
    );
    const [keluhan, vip] = await labels();
    expect([keluhan, vip]).toMatchObject([
      { name: 'Keluhan pelanggan', color: 'red', description: '', conversations: 0 },
      { name: 'VIP', color: 'amber', description: 'Pelanggan tetap', conversations: 0 },
    ]);
    expect((await rows()).every((row) => row.createdBy === owner.id)).toBe(true);

    const { conversation: one } = await createConversation(app.services, channel, { text: 'Pesanan saya rusak' });
    const { conversation: two } = await createConversation(app.services, channel, { text: 'Halo' });
    const before = app.broadcasts.length;
    expectRedirect(
      await owned.send('put', `/conversations/${one.id}/labels`, { label_ids: [vip.id, keluhan.id, vip.id] }),
      `/conversations/${one.id}`,
    );
    expect(await labelIdsOf(one.id)).toEqual([vip.id, keluhan.id]);
    const changed = app.broadcasts
      .slice(before)
      .find((broadcast) => broadcast.event === 'App\\Events\\ConversationChanged');
    expect(changed?.channels).toEqual([`private-teams.${team.id}`]);
    expect(changed?.data).toMatchObject({
      action: 'labels',
      conversation: { id: one.id, label_ids: [vip.id, keluhan.id] },
    });
    expectRedirect(
      await owned.send('put', `/conversations/${two.id}/labels`, { label_ids: [vip.id] }),
      `/conversations/${two.id}`,
    );

    // The inbox lists them on each conversation, has the team's labels, and filters by one.
    const inbox = expectPage(await owned.visit('/conversations'), 'Conversations/Index');
    expect((inbox.props.labels as Label[]).map((label) => label.name)).toEqual(['Keluhan pelanggan', 'VIP']);
    const listed = (inbox.props.conversations as { data: Array<{ id: number; label_ids: number[] }> }).data;
    expect(listed.find((row) => row.id === one.id)?.label_ids).toEqual([vip.id, keluhan.id]);
    const filtered = expectPage(await owned.visit(`/conversations?label=${keluhan.id}`), 'Conversations/Index');
    expect((filtered.props.conversations as { data: Array<{ id: number }> }).data.map((row) => row.id)).toEqual([
      one.id,
    ]);
    expect(filtered.props.filters).toMatchObject({ label: keluhan.id });
    const show = expectPage(await owned.visit(`/conversations/${one.id}`), 'Conversations/Show');
    expect((show.props.labels as Label[]).map((label) => label.id)).toEqual([keluhan.id, vip.id]);
    expect((show.props.conversation as { label_ids: number[] }).label_ids).toEqual([vip.id, keluhan.id]);
    expect((await labels()).map((label) => [label.name, label.conversations])).toEqual([
      ['Keluhan pelanggan', 1],
      ['VIP', 2],
    ]);

    // Taking one off: the whole set is sent.
    expectRedirect(
      await owned.send('put', `/conversations/${one.id}/labels`, { label_ids: [keluhan.id] }),
      `/conversations/${one.id}`,
    );
    expect(await labelIdsOf(one.id)).toEqual([keluhan.id]);

    expectRedirect(await owned.send('put', `${page}/${vip.id}`, { name: 'Pelanggan VIP', color: 'violet' }), page);
    expect((await rows()).find((row) => row.id === vip.id)).toMatchObject({ name: 'Pelanggan VIP', color: 'violet' });

    const deleting = app.broadcasts.length;
    expectRedirect(await owned.send('delete', `${page}/${keluhan.id}`), page);
    expect((await rows()).map((row) => row.name)).toEqual(['Pelanggan VIP']);
    expect(await labelIdsOf(one.id)).toEqual([]);
    expect(await labelIdsOf(two.id)).toEqual([vip.id]);
    const live = app.broadcasts
      .slice(deleting)
      .filter((broadcast) => broadcast.event === 'App\\Events\\ConversationChanged')
      .map((broadcast) => (broadcast.data as { conversation: { id: number } }).conversation.id);
    expect(live).toEqual([one.id]);
  });

  it('answer bad input with a message per field and change nothing', async () => {
    const { owned, rows, channel, labels } = await newTeam();
    expectRedirect(await owned.send('post', page, { name: 'Promo' }), page);
    const [promo] = await rows();
    expect(promo.color).toBe('gray');
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{}, { name: 'The name field is required.' }],
      [{ name: 'x'.repeat(41) }, { name: 'The name field must not be greater than 40 characters.' }],
      [{ name: 'a, b' }, { name: 'The name may not contain commas or angle brackets.' }],
      [{ name: 'Baru', color: 'orange' }, { color: 'The selected colour is invalid.' }],
      [
        { name: 'Baru', description: 'x'.repeat(201) },
        { description: 'The description field must not be greater than 200 characters.' },
      ],
      [{ name: 'PROMO' }, { name: 'The name has already been taken.' }],
    ];
    for (const [body, errors] of cases) {
      expectRedirect(await owned.send('post', page, body, bagged('createLabel')), page);
      expect(expectPage(await owned.visit(page), 'Conversations/Labels').props.errors).toEqual({ createLabel: errors });
    }
    expect(await rows()).toEqual([promo]);

    const { conversation } = await createConversation(app.services, channel);
    const at = `/conversations/${conversation.id}`;
    const wrong: Array<[unknown, string]> = [
      [[999_999], 'The selected label is invalid.'],
      ['promo', 'The labels field must be a list.'],
      [
        Array.from({ length: labelLimits.perConversation + 1 }, () => promo.id + 0).map((id, i) => id + i),
        `A conversation may have up to ${labelLimits.perConversation} labels.`,
      ],
    ];
    for (const [labelIds, message] of wrong) {
      expectRedirect(await owned.send('put', `${at}/labels`, { label_ids: labelIds }, bagged('labels', at)), at);
      expect(expectPage(await owned.visit(at), 'Conversations/Show').props.errors).toEqual({
        labels: { label_ids: message },
      });
    }
    expect(await labelIdsOf(conversation.id)).toEqual([]);
    expect(await labels()).toHaveLength(1);
  });

  it(`keep at most ${labelLimits.perTeam} a team`, async () => {
    const { team, owned, rows } = await newTeam();
    await app.services.db
      .insert(conversationLabels)
      .values(Array.from({ length: labelLimits.perTeam }, (_, index) => ({ teamId: team.id, name: `L${index}` })));
    expectRedirect(await owned.send('post', page, { name: 'One more' }, bagged('createLabel')), page);
    expect(expectPage(await owned.visit(page), 'Conversations/Labels').props.errors).toEqual({
      createLabel: { name: 'A team can keep up to 100 labels. Delete one you no longer use.' },
    });
    expect(await rows()).toHaveLength(labelLimits.perTeam);
  });

  it('are kept and put on by agents too; viewers see them but change nothing', async () => {
    const { team, owned, rows, channel } = await newTeam();
    expectRedirect(await owned.send('post', page, { name: 'Reservasi', color: 'sky' }), page);
    const [reservasi] = await rows();
    const { conversation } = await createConversation(app.services, channel);

    const agent = await signedIn(app.app, await createMember(app.services, team, 'agent', { current: true }));
    expectPage(await agent.visit(page), 'Conversations/Labels');
    expectRedirect(
      await agent.send('put', `/conversations/${conversation.id}/labels`, { label_ids: [reservasi.id] }),
      `/conversations/${conversation.id}`,
    );
    expect(await labelIdsOf(conversation.id)).toEqual([reservasi.id]);

    const viewer = await signedIn(app.app, await createMember(app.services, team, 'viewer', { current: true }));
    expect((await viewer.visit(page)).status).toBe(403);
    expect((await viewer.send('post', page, { name: 'x' })).status).toBe(403);
    expect((await viewer.send('delete', `${page}/${reservasi.id}`)).status).toBe(403);
    expect((await viewer.send('put', `/conversations/${conversation.id}/labels`, { label_ids: [] })).status).toBe(403);
    expect(await labelIdsOf(conversation.id)).toEqual([reservasi.id]);
    // Viewers still see them in the inbox.
    const inbox = expectPage(await viewer.visit('/conversations'), 'Conversations/Index');
    expect((inbox.props.labels as Label[]).map((label) => label.name)).toEqual(['Reservasi']);
  });

  it('of another team are a 404, and cannot be put on a conversation', async () => {
    const mine = await newTeam();
    const theirs = await newTeam();
    expectRedirect(await theirs.owned.send('post', page, { name: 'Rahasia' }), page);
    const [row] = await theirs.rows();
    expect((await mine.owned.send('put', `${page}/${row.id}`, { name: 'Mine' })).status).toBe(404);
    expect((await mine.owned.send('delete', `${page}/${row.id}`)).status).toBe(404);
    expect(await theirs.rows()).toEqual([row]);
    expect(await mine.labels()).toEqual([]);

    const { conversation } = await createConversation(app.services, mine.channel);
    const at = `/conversations/${conversation.id}`;
    expectRedirect(await mine.owned.send('put', `${at}/labels`, { label_ids: [row.id] }, bagged('labels', at)), at);
    expect(await labelIdsOf(conversation.id)).toEqual([]);
    // And their conversation is a 404 for me.
    const { conversation: theirsConversation } = await createConversation(app.services, theirs.channel);
    expect(
      (await mine.owned.send('put', `/conversations/${theirsConversation.id}/labels`, { label_ids: [] })).status,
    ).toBe(404);
  });
});
