import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, or } from 'drizzle-orm';
import { createTestApp, expectPage, signedIn, type browser, type TestApp } from '../../helpers/app';
import { jpeg, photoExists, submitProfileInformation } from '../../helpers/profile';
import { createUser } from '../../factories/users';
import { userRepository } from '../../../server/db/repositories/user-repository';
import { teamRepository } from '../../../server/db/repositories/team-repository';
import { sessions, teams, teamUser } from '../../../server/db/schema/index';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const users = () => userRepository(app.services.db);
type Client = Awaited<ReturnType<typeof browser>>;
const deleteAccount = (client: Client, password: unknown) =>
  client.send('delete', '/user', { password }, { Referer: '/user/profile' });

describe('delete account', () => {
  it('refuses a wrong or missing password with "The password is incorrect." and keeps the account', async () => {
    const user = await createUser(app.services);
    const client = await signedIn(app.app, user);
    for (const password of ['wrong-password', '']) {
      const res = await deleteAccount(client, password);
      expect(res.status).toBe(303);
      const page = expectPage(await client.visit('/user/profile'), 'Profile/Show');
      expect(page.props.errors).toEqual({ password: 'The password is incorrect.' });
    }
    expect(await users().find(user.id)).toBeDefined();
  });

  it('deletes the user, the teams they own, their photo and sessions, then reloads the welcome page signed out', async () => {
    const owner = await createUser(app.services, { name: 'Indah Permata' });
    const member = await createUser(app.services, { name: 'Joko Susilo' });
    const host = await createUser(app.services, { name: 'Kartika Sari' });
    const db = app.services.db;

    // Indah owns "Acme" with Joko as a member whose current team it is; Indah is a member of Kartika's team.
    const acme = await teamRepository(db).create({ userId: owner.id, name: 'Acme', personalTeam: false });
    await db.insert(teamUser).values({ teamId: acme.id, userId: member.id, role: 'editor' });
    await users().update(member.id, { currentTeamId: acme.id });
    const hostTeam = (await teamRepository(db).personalTeamOf(host.id))!;
    await db.insert(teamUser).values({ teamId: hostTeam.id, userId: owner.id, role: 'admin' });

    const client = await signedIn(app.app, owner);
    await submitProfileInformation(client, { name: owner.name, email: owner.email }, await jpeg());
    const photo = (await users().find(owner.id))!.profilePhotoPath;
    expect(photoExists(app.services.config, photo)).toBe(true);
    const elsewhere = await signedIn(app.app, owner);

    const res = await deleteAccount(client, 'password');
    expect(res.status).toBe(409);
    expect(res.headers['x-inertia-location']).toBe('/');

    expect(await users().find(owner.id)).toBeUndefined();
    expect(await db.select().from(teams).where(eq(teams.userId, owner.id))).toEqual([]);
    expect(
      await db
        .select()
        .from(teamUser)
        .where(or(eq(teamUser.teamId, acme.id), eq(teamUser.userId, owner.id))),
    ).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, owner.id))).toEqual([]);
    expect(photoExists(app.services.config, photo)).toBe(false);

    // Kartika's team stays; Joko falls back to his personal team.
    expect(await teamRepository(db).personalTeamOf(host.id)).toBeDefined();
    expect((await users().find(member.id))!.currentTeamId).toBeNull();
    const memberPage = expectPage(await (await signedIn(app.app, member)).visit('/dashboard'), 'Dashboard');
    const memberTeams = (memberPage.props.auth as { user: { current_team: { name: string }; all_teams: unknown[] } })
      .user;
    expect(memberTeams.current_team.name).toBe("Joko's Team");
    expect(memberTeams.all_teams).toHaveLength(1);

    // Both browsers are signed out; the credentials no longer work.
    const welcome = expectPage(await client.visit('/'), 'Welcome');
    expect((welcome.props.auth as { user: unknown }).user).toBeNull();
    expect((await client.visit('/dashboard')).headers.location).toBe('/login');
    expect((await elsewhere.visit('/dashboard')).headers.location).toBe('/login');
    await client.send('post', '/login', { email: owner.email, password: 'password' }, { Referer: '/login' });
    const login = expectPage(await client.visit('/login'), 'Auth/Login');
    expect(login.props.errors).toEqual({ email: 'These credentials do not match our records.' });
  });

  it('redirects a plain (non-Inertia) request to the welcome page', async () => {
    const user = await createUser(app.services);
    const client = await signedIn(app.app, user);
    const res = await client.agent
      .delete('/user')
      .set({ 'X-XSRF-TOKEN': client.token })
      .type('form')
      .send({ password: 'password' });
    // A redirect after DELETE is a 303, so that the browser follows it with a GET.
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/');
    expect(await users().find(user.id)).toBeUndefined();
  });
});
