import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { onPlan } from '../../helpers/billing';
import { createOwnedTeam } from '../../factories/teams';
import { createPublishedBot } from '../../factories/bots';
import { createChannel } from '../../factories/channels';
import { createApiToken } from '../../factories/api-tokens';
import { bots, knowledgeSources, teamInvitations } from '../../../server/db/schema/index';

/**
 * A plan's limits hold where things are created: a bot, a channel (and its type), a knowledge
 * source (count, characters, file size), an invitation beyond the limit is refused with a 422
 * naming it and pointing at the upgrade; API tokens of a plan without the API get a 403.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ env: { QUEUE_RETRY_DELAY_SECONDS: '0' } });
});
afterAll(() => app.close());

async function freeTeam() {
  const { owner, team } = await createOwnedTeam(app.services, { current: true });
  await onPlan(app, team.id, 'free');
  const client = await signedIn(app.app, owner);
  return { owner, team, client };
}

describe('plan limits', () => {
  it('refuses a second bot on Free, and only one of two created at once gets the place', async () => {
    const { team, client } = await freeTeam();
    const [first, second] = await Promise.all([
      client.send('post', '/bots', { name: 'Satu', avatar_color: 'indigo', knowledge_ids: [] }),
      client.send('post', '/bots', { name: 'Dua', avatar_color: 'indigo', knowledge_ids: [] }),
    ]);
    expect([first.status, second.status]).toEqual([303, 303]);
    expect(await app.services.db.select().from(bots).where(eq(bots.teamId, team.id))).toHaveLength(1);
    await client.send('post', '/bots', { name: 'Tiga', avatar_color: 'indigo', knowledge_ids: [] });
    const page = expectPage(await client.visit('/bots/create'), 'Bots/Create');
    expect(page.props.errors).toEqual({
      name: 'Your Free plan includes 1 bot. Upgrade your plan on the Billing page to add more.',
    });

    // Moving up to Starter makes room for a second one at once.
    await onPlan(app, team.id, 'starter');
    expect(
      (await client.send('post', '/bots', { name: 'Tiga', avatar_color: 'indigo', knowledge_ids: [] })).headers
        .location,
    ).toMatch(/^\/bots\/\d+$/);
  });

  it('refuses a channel type the plan leaves out, and a channel beyond the count', async () => {
    const { team, client } = await freeTeam();
    const { bot } = await createPublishedBot(app.services, team.id);
    await client.send('post', '/channels', { type: 'telegram', name: 'Bot', bot_id: bot.id, bot_token: '123456:ABC' });
    expect(expectPage(await client.visit('/channels/create'), 'Channels/Create').props.errors).toEqual({
      type: 'Your Free plan does not include Telegram channels (it includes web chat). Upgrade your plan on the Billing page to add more.',
    });
    await createChannel(app.services, team.id, { type: 'web', botId: bot.id });
    await client.send('post', '/channels', {
      type: 'web',
      name: 'Second site',
      bot_id: bot.id,
      allowed_domains: 'shop.example.com',
    });
    expect(expectPage(await client.visit('/channels/create'), 'Channels/Create').props.errors).toEqual({
      type: 'Your Free plan includes 1 channel. Upgrade your plan on the Billing page to add more.',
    });
  });

  it('refuses an eleventh knowledge source, a file over the plan size, and knowledge past its characters', async () => {
    const { team, client } = await freeTeam();
    const created = await client.send('post', '/knowledges', { name: 'FAQ', language: 'indonesian' });
    const knowledgeId = Number((created.headers.location as string).split('/')[2]);
    // A file over Free's 5 MB (the server allows more).
    const big = await client.agent
      .post(`/knowledges/${knowledgeId}/sources`)
      .set({
        'X-Requested-With': 'XMLHttpRequest',
        'X-XSRF-TOKEN': client.token,
        'X-Inertia': 'true',
        'X-Inertia-Version': 'test-asset-version',
      })
      .field('type', 'file')
      .attach('file', Buffer.alloc(6 * 1024 * 1024, 'a'), 'big.txt');
    expect(big.status).toBe(303);
    expect(expectPage(await client.visit(`/knowledges/${knowledgeId}/edit`), 'Knowledges/Form').props.errors).toEqual({
      file: 'The file must not be greater than 5 MB on the Free plan.',
    });
    for (let index = 0; index < 10; index++) {
      const res = await client.send('post', `/knowledges/${knowledgeId}/sources`, {
        type: 'text',
        title: `Note ${index}`,
        text: `Catatan nomor ${index}.`,
      });
      expect(res.status).toBe(303);
    }
    await client.send('post', `/knowledges/${knowledgeId}/sources`, {
      type: 'text',
      title: 'Eleventh',
      text: 'Satu lagi.',
    });
    expect(expectPage(await client.visit(`/knowledges/${knowledgeId}/edit`), 'Knowledges/Form').props.errors).toEqual({
      type: 'Your Free plan includes 10 knowledge sources. Upgrade your plan on the Billing page to add more.',
    });
    expect(
      await app.services.db.select().from(knowledgeSources).where(eq(knowledgeSources.teamId, team.id)),
    ).toHaveLength(10);

    // Characters: a source read past the plan's 400,000 characters fails with the reason; the rest stay.
    await onPlan(app, team.id, 'starter');
    await app.services.jobs.drain();
    await app.services.db
      .update(knowledgeSources)
      .set({ chars: 1_999_700 })
      .where(eq(knowledgeSources.title, 'Note 0'));
    await client.send('post', `/knowledges/${knowledgeId}/sources`, {
      type: 'text',
      title: 'Long',
      text: 'Kopi susu gula aren. '.repeat(20),
    });
    await app.services.jobs.drain();
    const [long] = await app.services.db.select().from(knowledgeSources).where(eq(knowledgeSources.title, 'Long'));
    expect(long.status).toBe('error');
    expect(long.error).toMatch(
      /^This source has 4\d\d characters of text\. The Starter plan holds 2,000,000 characters of knowledge and \d+ are left\./,
    );
    // At the limit, no source is taken at all.
    await app.services.db
      .update(knowledgeSources)
      .set({ chars: 2_000_000 })
      .where(eq(knowledgeSources.title, 'Note 0'));
    await client.send('post', `/knowledges/${knowledgeId}/sources`, { type: 'text', title: 'More', text: 'Lagi.' });
    expect(
      expectPage(await client.visit(`/knowledges/${knowledgeId}/edit`), 'Knowledges/Form').props.errors,
    ).toMatchObject({
      type: expect.stringMatching(/^The team's knowledge holds 2,00\d,\d+ characters, all the Starter plan allows\./),
    });
  });

  it('counts pending invitations as members', async () => {
    const { team, client } = await freeTeam();
    await client.send('post', `/teams/${team.id}/members`, { email: 'sari@example.com', role: 'editor' });
    const page = expectPage(await client.visit(`/teams/${team.id}`), 'Teams/Show');
    expect(page.props.errors).toEqual({
      addTeamMember: { email: 'Your Free plan includes 1 member. Upgrade your plan on the Billing page to add more.' },
    });
    await onPlan(app, team.id, 'starter');
    await client.send('post', `/teams/${team.id}/members`, { email: 'sari@example.com', role: 'editor' });
    await client.send('post', `/teams/${team.id}/members`, { email: 'budi@example.com', role: 'editor' });
    expect(
      (await app.services.db.select().from(teamInvitations).where(eq(teamInvitations.teamId, team.id))).map(
        (row) => row.email,
      ),
    ).toEqual(['sari@example.com']);
  });

  it('answers API tokens of a plan without the API with a 403 naming the plan', async () => {
    const { owner, team } = await freeTeam();
    const { plainText } = await createApiToken(app.services, owner, { teamId: team.id, abilities: ['read'] });
    const refused = await request(app.app).get('/api/user').set('Authorization', `Bearer ${plainText}`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      "The Free plan does not include API access. Upgrade the team's plan on the Billing page.",
    );
    await onPlan(app, team.id, 'growth');
    expect((await request(app.app).get('/api/user').set('Authorization', `Bearer ${plainText}`)).status).toBe(200);
  });
});
