import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, signedIn, type TestApp } from '../../helpers/app';
import { expectRedirect, fromTeamPage, teamPage } from '../../helpers/teams';
import { createUser } from '../../factories/users';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { createChannel, createConversation } from '../../factories/channels';
import { conversations, teams } from '../../../server/db/schema/index';
import { processDirtyDays, storedFigures } from '../../../server/reports/rollup';

/** The time zone the team's reports count days in: owners and admins set it; reports follow. */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const zoneOf = async (teamId: number) =>
  (await app.services.db.select({ timezone: teams.timezone }).from(teams).where(eq(teams.id, teamId)))[0].timezone;

describe('the team time zone', () => {
  it('starts as Asia/Jakarta, is shown on the team page, and an owner changes it; the reports are recomputed', async () => {
    const { owner, team } = await createOwnedTeam(app.services);
    const channel = await createChannel(app.services, team.id, { type: 'web' });
    const { conversation } = await createConversation(app.services, channel);
    // 02:00 in Jakarta on the 24th is still the 23rd in New York.
    await app.services.db
      .update(conversations)
      .set({ createdAt: new Date('2026-11-23T19:00:00Z') })
      .where(eq(conversations.id, conversation.id));
    while ((await processDirtyDays(app.services)) > 0);
    const client = await signedIn(app.app, owner);
    const { team: shown } = await teamPage(client, team.id);
    expect(shown.timezone).toBe('Asia/Jakarta');

    const res = await fromTeamPage(client, team.id).put(
      `/teams/${team.id}/timezone`,
      { timezone: 'America/New_York' },
      'updateTeamTimezone',
    );
    expectRedirect(res, `/teams/${team.id}`);
    expect(await zoneOf(team.id)).toBe('America/New_York');
    await app.services.jobs.drain();
    const days = (await storedFigures(app.services.db, team.id, { from: '2026-01-01', to: '2026-12-31' }))
      .filter((row) => row.figures.conversations > 0)
      .map((row) => row.day);
    expect(days).toEqual(['2026-11-23']);
  });

  it('lets an admin change it, and refuses an unknown zone in the updateTeamTimezone bag', async () => {
    const { team } = await createOwnedTeam(app.services);
    const admin = await signedIn(app.app, await createMember(app.services, team, 'admin'));
    expectRedirect(
      await fromTeamPage(admin, team.id).put(`/teams/${team.id}/timezone`, { timezone: 'Asia/Makassar' }),
      `/teams/${team.id}`,
    );
    expect(await zoneOf(team.id)).toBe('Asia/Makassar');
    for (const timezone of ['Mars/Olympus', '', 'x'.repeat(65)]) {
      await fromTeamPage(admin, team.id).put(`/teams/${team.id}/timezone`, { timezone }, 'updateTeamTimezone');
      const { page } = await teamPage(admin, team.id);
      expect(page.props.errors).toEqual({
        updateTeamTimezone: {
          timezone:
            timezone === ''
              ? 'The time zone field is required.'
              : 'The time zone must be a known time zone, such as Asia/Jakarta.',
        },
      });
    }
    expect(await zoneOf(team.id)).toBe('Asia/Makassar');
  });

  it('refuses editors, agents and viewers with a 403 and strangers with a 404', async () => {
    const { team } = await createOwnedTeam(app.services);
    for (const role of ['editor', 'agent', 'viewer'] as const) {
      const client = await signedIn(app.app, await createMember(app.services, team, role));
      expect((await fromTeamPage(client, team.id).put(`/teams/${team.id}/timezone`, { timezone: 'UTC' })).status).toBe(
        403,
      );
    }
    const stranger = await signedIn(app.app, await createUser(app.services));
    expect((await stranger.send('put', `/teams/${team.id}/timezone`, { timezone: 'UTC' })).status).toBe(404);
    expect(await zoneOf(team.id)).toBe('Asia/Jakarta');
  });
});
