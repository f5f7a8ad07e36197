import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { browser, createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { authUser, expectRedirect } from '../../helpers/teams';
import { createUser } from '../../factories/users';
import { teams } from '../../../server/db/schema/index';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('create a team', () => {
  it('shows Teams/Create to a verified user', async () => {
    const user = await createUser(app.services, { name: 'Ayu Lestari' });
    const client = await signedIn(app.app, user);
    const page = expectPage(await client.visit('/teams/create'), 'Teams/Create');
    expect(authUser(page).name).toBe('Ayu Lestari');
  });

  it('creates a team owned by the user, makes it current and goes to the dashboard', async () => {
    const user = await createUser(app.services, { name: 'Budi Santoso' });
    const client = await signedIn(app.app, user);
    const res = await client.send(
      'post',
      '/teams',
      { name: '  Acme  ' },
      { Referer: '/teams/create', 'X-Inertia-Error-Bag': 'createTeam' },
    );
    expectRedirect(res, '/dashboard');

    const [team] = await app.services.db.select().from(teams).where(eq(teams.name, 'Acme'));
    expect(team).toMatchObject({ userId: user.id, personalTeam: false });
    const dashboard = expectPage(await client.visit('/dashboard'), 'Dashboard');
    const auth = authUser(dashboard);
    expect(auth.current_team).toMatchObject({ id: team.id, name: 'Acme', personal_team: false, role: 'owner' });
    // Sorted by name: "Acme" before "Budi's Team".
    expect(auth.all_teams.map((t) => t.name)).toEqual(['Acme', "Budi's Team"]);
  });

  it('answers an empty or too long name in the createTeam bag and creates nothing', async () => {
    const user = await createUser(app.services);
    const client = await signedIn(app.app, user);
    for (const [name, message] of [
      ['', 'The name field is required.'],
      ['   ', 'The name field is required.'],
      [undefined, 'The name field is required.'],
      ['x'.repeat(256), 'The name field must not be greater than 255 characters.'],
    ] as const) {
      const res = await client.send(
        'post',
        '/teams',
        { name },
        { Referer: '/teams/create', 'X-Inertia-Error-Bag': 'createTeam' },
      );
      expectRedirect(res, '/teams/create');
      const page = expectPage(await client.visit('/teams/create'), 'Teams/Create');
      expect(page.props.errors).toEqual({ createTeam: { name: message } });
    }
    expect(await app.services.db.select().from(teams).where(eq(teams.userId, user.id))).toHaveLength(1);
  });

  it('sends guests to the login page and unverified users to the verification notice', async () => {
    const guest = await browser(app.app);
    expectRedirect(await guest.visit('/teams/create'), '/login', 302);
    const unverified = await signedIn(app.app, await createUser(app.services, { verified: false }));
    expectRedirect(await unverified.visit('/teams/create'), '/email/verify', 302);
    const res = await unverified.send('post', '/teams', { name: 'Sneaky' });
    expect(res.headers.location).toBe('/email/verify');
    expect(await app.services.db.select().from(teams).where(eq(teams.name, 'Sneaky'))).toEqual([]);
  });
});
