import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { authUser, currentTeamId, expectRedirect } from '../../helpers/teams';
import { createUser } from '../../factories/users';
import { addMember, createMember, createTeam } from '../../factories/teams';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('switch the current team', () => {
  it('switches to a team the user owns or belongs to and goes to the dashboard', async () => {
    const user = await createUser(app.services, { name: 'Indah Permata' });
    const own = await createTeam(app.services, user, { name: 'Own Team' });
    const other = await createTeam(app.services, await createUser(app.services), { name: 'Joined Team' });
    await createMember(app.services, other, 'viewer', { email: 'ignored@example.com' });
    await addMember(app.services, other, user, 'agent');
    const client = await signedIn(app.app, user);

    for (const team of [own, other]) {
      expectRedirect(await client.send('put', '/current-team', { team_id: team.id }), '/dashboard');
      const page = expectPage(await client.visit('/dashboard'), 'Dashboard');
      expect(authUser(page).current_team?.id).toBe(team.id);
    }
    const page = expectPage(await client.visit('/dashboard'), 'Dashboard');
    expect(authUser(page).current_team).toMatchObject({ name: 'Joined Team', role: 'agent' });
    // A number sent as a string, as a form would.
    expectRedirect(await client.send('put', '/current-team', { team_id: String(own.id) }), '/dashboard');
    expect(await currentTeamId(app.services, user.id)).toBe(own.id);
  });

  it('refuses another team, an unknown one and nonsense with the same 403, and the current team stays', async () => {
    const user = await createUser(app.services);
    const before = await currentTeamId(app.services, user.id);
    const foreign = await createTeam(app.services, await createUser(app.services));
    const client = await signedIn(app.app, user);
    for (const teamId of [
      foreign.id,
      999999,
      '99999999999999',
      -1,
      0,
      'abc',
      null,
      undefined,
      { id: 1 },
      [foreign.id],
    ]) {
      const res = await client.send('put', '/current-team', { team_id: teamId });
      expect(res.status, JSON.stringify(teamId)).toBe(403);
    }
    expect(await currentTeamId(app.services, user.id)).toBe(before);
  });
});
