import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { expectRedirect } from '../../helpers/teams';
import { createChannel, createConversation } from '../../factories/channels';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { savedReplies } from '../../../server/db/schema/index';
import { savedReplyLimits } from '../../../server/domain/conversations/saved-replies';

/**
 * A team's saved replies (Conversations/SavedReplies): whoever answers conversations adds, changes
 * and deletes them, and finds them in a conversation's props for the reply box; viewers do not;
 * another team's are a 404; bad input is a message per field and changes nothing.
 */
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const page = '/conversations/saved-replies';
const bagged = (bag: string) => ({ Referer: page, 'X-Inertia-Error-Bag': bag });

async function newTeam() {
  const { owner, team } = await createOwnedTeam(app.services, { current: true });
  const owned = await signedIn(app.app, owner);
  const rows = () => app.services.db.select().from(savedReplies).where(eq(savedReplies.teamId, team.id));
  return { owner, team, owned, rows };
}

describe('saved replies', () => {
  it('are added, listed by shortcut, changed and deleted, and reach a conversation’s reply box', async () => {
    const { owner, team, owned, rows } = await newTeam();
    const empty = expectPage(await owned.visit(page), 'Conversations/SavedReplies');
    expect(empty.props).toMatchObject({ replies: [], limits: savedReplyLimits });

    // A leading "/" and capitals are how people type it: stored as the shortcut alone.
    const text = 'Outlet Kemang buka setiap hari pukul 07.00–22.00.\nOutlet Tebet 08.00–23.00.';
    expectRedirect(await owned.send('post', page, { shortcut: '/Jam-Buka', text }, bagged('createSavedReply')), page);
    expectRedirect(await owned.send('post', page, { shortcut: 'alamat', text: 'Jl. Kemang Raya 12' }), page);
    const listed = expectPage(await owned.visit(page), 'Conversations/SavedReplies').props.replies as Array<{
      id: number;
      shortcut: string;
      text: string;
    }>;
    expect(listed.map((reply) => [reply.shortcut, reply.text])).toEqual([
      ['alamat', 'Jl. Kemang Raya 12'],
      ['jam-buka', text],
    ]);
    expect((await rows()).find((row) => row.shortcut === 'alamat')?.createdBy).toBe(owner.id);

    const channel = await createChannel(app.services, team.id, { type: 'web' });
    const { conversation } = await createConversation(app.services, channel, { text: 'Jam buka kapan?' });
    const show = expectPage(await owned.visit(`/conversations/${conversation.id}`), 'Conversations/Show');
    expect(show.props.saved_replies).toEqual(listed);

    const [alamat, jamBuka] = listed;
    expectRedirect(
      await owned.send('put', `${page}/${alamat.id}`, { shortcut: 'alamat-kemang', text: 'Jl. Kemang Raya 12B' }),
      page,
    );
    expect((await rows()).find((row) => row.id === alamat.id)).toMatchObject({
      shortcut: 'alamat-kemang',
      text: 'Jl. Kemang Raya 12B',
    });
    expectRedirect(await owned.send('delete', `${page}/${jamBuka.id}`), page);
    expect((await rows()).map((row) => row.shortcut)).toEqual(['alamat-kemang']);
  });

  it('answer bad input with a message per field and change nothing', async () => {
    const { owned, rows } = await newTeam();
    expectRedirect(await owned.send('post', page, { shortcut: 'promo', text: 'Diskon 10% hari ini' }), page);
    const [promo] = await rows();
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{}, { shortcut: 'The shortcut field is required.', text: 'The text field is required.' }],
      [
        { shortcut: 'jam buka', text: 'x' },
        {
          shortcut:
            'The shortcut may only contain letters, digits, dashes and underscores, and must start with a letter or digit.',
        },
      ],
      [
        { shortcut: 'x'.repeat(33), text: 'x' },
        { shortcut: 'The shortcut field must not be greater than 32 characters.' },
      ],
      [
        { shortcut: 'ok', text: 'x'.repeat(4097) },
        { text: 'The text field must not be greater than 4096 characters.' },
      ],
      [{ shortcut: 'PROMO', text: 'again' }, { shortcut: 'The shortcut has already been taken.' }],
      [
        { shortcut: 'sapa', text: 'Halo {{contact.nama}}, saya {{ agent.first_name }} dari {{team}} {{team}}.' },
        {
          text: '{{contact.nama}}, {{team}} are not variables. Use {{contact.name}}, {{contact.first_name}}, {{contact.phone}}, {{contact.email}}, {{agent.name}}, {{agent.first_name}}, {{conversation.number}}.',
        },
      ],
      [{ shortcut: ['a'], text: { b: 1 } }, { shortcut: expect.any(String), text: expect.any(String) } as never],
    ];
    for (const [body, errors] of cases) {
      expectRedirect(await owned.send('post', page, body, bagged('createSavedReply')), page);
      expect(expectPage(await owned.visit(page), 'Conversations/SavedReplies').props.errors).toEqual({
        createSavedReply: errors,
      });
    }
    expect(await rows()).toEqual([promo]);
    // Variables, spaced or not and with a fallback, are kept as written (filled in the reply box).
    const greeting =
      'Halo Kak {{ contact.first_name | Kakak }}, saya {{agent.first_name}}. Pesanan #{{conversation.number}}.';
    expectRedirect(await owned.send('post', page, { shortcut: 'sapa', text: greeting }), page);
    expect((await rows()).find((row) => row.shortcut === 'sapa')?.text).toBe(greeting);
    await owned.send('delete', `${page}/${(await rows()).find((row) => row.shortcut === 'sapa')!.id}`);

    // A change to a taken shortcut, and to nothing at all.
    expectRedirect(await owned.send('post', page, { shortcut: 'ongkir', text: 'Ongkir Rp 10.000' }), page);
    const ongkir = (await rows()).find((row) => row.shortcut === 'ongkir')!;
    expectRedirect(
      await owned.send('put', `${page}/${ongkir.id}`, { shortcut: 'promo', text: 'x' }, bagged('updateSavedReply')),
      page,
    );
    expect(expectPage(await owned.visit(page), 'Conversations/SavedReplies').props.errors).toEqual({
      updateSavedReply: { shortcut: 'The shortcut has already been taken.' },
    });
    expect((await rows()).find((row) => row.id === ongkir.id)).toEqual(ongkir);
  });

  it(`keep at most ${savedReplyLimits.perTeam} a team`, async () => {
    const { team, owned, rows } = await newTeam();
    await app.services.db.insert(savedReplies).values(
      Array.from({ length: savedReplyLimits.perTeam }, (_, index) => ({
        teamId: team.id,
        shortcut: `r${index}`,
        text: `Reply ${index}`,
      })),
    );
    expectRedirect(
      await owned.send('post', page, { shortcut: 'one-more', text: 'x' }, bagged('createSavedReply')),
      page,
    );
    expect(expectPage(await owned.visit(page), 'Conversations/SavedReplies').props.errors).toEqual({
      createSavedReply: { shortcut: 'A team can keep up to 200 saved replies. Delete one you no longer use.' },
    });
    expect(await rows()).toHaveLength(savedReplyLimits.perTeam);
  });

  it('are kept by agents too; viewers neither see nor change them', async () => {
    const { team, owned, rows } = await newTeam();
    expectRedirect(await owned.send('post', page, { shortcut: 'salam', text: 'Halo Kak!' }), page);
    const [salam] = await rows();

    const agent = await signedIn(app.app, await createMember(app.services, team, 'agent', { current: true }));
    expectPage(await agent.visit(page), 'Conversations/SavedReplies');
    expectRedirect(
      await agent.send('put', `${page}/${salam.id}`, { shortcut: 'salam', text: 'Halo Kak, selamat datang!' }),
      page,
    );
    expect((await rows())[0].text).toBe('Halo Kak, selamat datang!');

    const viewer = await signedIn(app.app, await createMember(app.services, team, 'viewer', { current: true }));
    expect((await viewer.visit(page)).status).toBe(403);
    expect((await viewer.send('post', page, { shortcut: 'x', text: 'y' })).status).toBe(403);
    expect((await viewer.send('delete', `${page}/${salam.id}`)).status).toBe(403);
    expect(await rows()).toHaveLength(1);
    const channel = await createChannel(app.services, team.id, { type: 'web' });
    const { conversation } = await createConversation(app.services, channel);
    const show = expectPage(await viewer.visit(`/conversations/${conversation.id}`), 'Conversations/Show');
    expect(show.props.saved_replies).toEqual([]);
  });

  it('of another team are a 404, unchanged', async () => {
    const mine = await newTeam();
    const theirs = await newTeam();
    expectRedirect(await theirs.owned.send('post', page, { shortcut: 'rahasia', text: 'Kode promo: KAWAN' }), page);
    const [row] = await theirs.rows();
    expect((await mine.owned.send('put', `${page}/${row.id}`, { shortcut: 'mine', text: 'x' })).status).toBe(404);
    expect((await mine.owned.send('delete', `${page}/${row.id}`)).status).toBe(404);
    expect(await theirs.rows()).toEqual([row]);
    const listed = expectPage(await mine.owned.visit(page), 'Conversations/SavedReplies').props.replies;
    expect(listed).toEqual([]);
  });
});
