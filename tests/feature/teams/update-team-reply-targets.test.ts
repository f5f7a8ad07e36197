import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { expectRedirect, fromTeamPage, teamPage } from '../../helpers/teams';
import { createUser } from '../../factories/users';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { createChannel, createConversation } from '../../factories/channels';
import { teams } from '../../../server/db/schema/index';
import { queueForPerson } from '../../../server/domain/conversations/queue';

/**
 * The team's reply targets (teams.reply-targets.update): owners and admins set how soon, in
 * minutes, a customer handed to a person should have the first reply and each next one, or none;
 * the inbox and the thread show each wait against its own; bad values are refused per field in the
 * updateTeamReplyTargets bag and change nothing.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const targetsOf = async (teamId: number) =>
  (
    await app.services.db
      .select({ first: teams.firstReplyTargetMinutes, next: teams.nextReplyTargetMinutes })
      .from(teams)
      .where(eq(teams.id, teamId))
  )[0];

describe('reply targets', () => {
  it('are none at first, set by an owner, shown on the team page and in the inbox, and cleared', async () => {
    const { owner, team } = await createOwnedTeam(app.services, { current: true });
    const client = await signedIn(app.app, owner);
    expect((await teamPage(client, team.id)).team).toMatchObject({
      first_reply_target_minutes: null,
      next_reply_target_minutes: null,
    });

    expectRedirect(
      await fromTeamPage(client, team.id).put(
        `/teams/${team.id}/reply-targets`,
        { first_reply_minutes: '15', next_reply_minutes: 30 },
        'updateTeamReplyTargets',
      ),
      `/teams/${team.id}`,
    );
    expect(await targetsOf(team.id)).toEqual({ first: 15, next: 30 });
    expect((await teamPage(client, team.id)).team).toMatchObject({
      first_reply_target_minutes: 15,
      next_reply_target_minutes: 30,
    });

    // The inbox and the thread have them, and say which reply a customer waits for.
    const channel = await createChannel(app.services, team.id, { type: 'web' });
    const { conversation } = await createConversation(app.services, channel, { text: 'Mau bicara dengan admin' });
    await queueForPerson(app.services, conversation, 'user_request');
    const inbox = expectPage(await client.visit('/conversations'), 'Conversations/Index');
    expect(inbox.props.reply_targets).toEqual({ first: 15, next: 30 });
    expect((inbox.props.conversations as { data: unknown[] }).data).toEqual([
      expect.objectContaining({ id: conversation.id, waiting_for: 'first' }),
    ]);
    const thread = expectPage(await client.visit(`/conversations/${conversation.id}`), 'Conversations/Show');
    expect(thread.props.reply_targets).toEqual({ first: 15, next: 30 });
    expect(thread.props.conversation).toMatchObject({ waiting_for: 'first' });

    expectRedirect(
      await fromTeamPage(client, team.id).put(`/teams/${team.id}/reply-targets`, {
        first_reply_minutes: '',
        next_reply_minutes: 45,
      }),
      `/teams/${team.id}`,
    );
    expect(await targetsOf(team.id)).toEqual({ first: null, next: 45 });
    const after = expectPage(await client.visit('/conversations'), 'Conversations/Index');
    expect(after.props.reply_targets).toEqual({ first: null, next: 45 });
  });

  it('refuses what is not a whole number of minutes up to a day, per field, and keeps the targets', async () => {
    const { team } = await createOwnedTeam(app.services);
    const admin = await signedIn(app.app, await createMember(app.services, team, 'admin'));
    expectRedirect(
      await fromTeamPage(admin, team.id).put(`/teams/${team.id}/reply-targets`, {
        first_reply_minutes: 10,
        next_reply_minutes: 20,
      }),
      `/teams/${team.id}`,
    );
    for (const [first, next] of [
      [0, 20],
      [10, 1441],
      ['soon', 2.5],
      [-5, true],
    ]) {
      await fromTeamPage(admin, team.id).put(
        `/teams/${team.id}/reply-targets`,
        { first_reply_minutes: first, next_reply_minutes: next },
        'updateTeamReplyTargets',
      );
      const { page } = await teamPage(admin, team.id);
      const errors = (page.props.errors as { updateTeamReplyTargets: Record<string, string> }).updateTeamReplyTargets;
      const firstBad = first !== 10;
      expect(errors.first_reply_minutes).toBe(
        firstBad ? 'The first reply target must be a whole number of minutes between 1 and 1440.' : undefined,
      );
      expect(errors.next_reply_minutes).toBe(
        next === 20 ? undefined : 'The next reply target must be a whole number of minutes between 1 and 1440.',
      );
    }
    expect(await targetsOf(team.id)).toEqual({ first: 10, next: 20 });
  });

  it('refuses editors, agents and viewers with a 403 and strangers with a 404', async () => {
    const { team } = await createOwnedTeam(app.services);
    const body = { first_reply_minutes: 5, next_reply_minutes: 5 };
    for (const role of ['editor', 'agent', 'viewer'] as const) {
      const client = await signedIn(app.app, await createMember(app.services, team, role));
      expect((await fromTeamPage(client, team.id).put(`/teams/${team.id}/reply-targets`, body)).status).toBe(403);
    }
    const stranger = await signedIn(app.app, await createUser(app.services));
    expect((await stranger.send('put', `/teams/${team.id}/reply-targets`, body)).status).toBe(404);
    expect(await targetsOf(team.id)).toEqual({ first: null, next: null });
  });
});
