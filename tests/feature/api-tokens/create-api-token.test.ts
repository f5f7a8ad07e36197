import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { createThroughPage, storedToken, tokensPage } from '../../helpers/api-tokens';
import { createUser } from '../../factories/users';
import { addMember } from '../../factories/teams';
import { teamRepository } from '../../../server/db/repositories/team-repository';
import { userRepository } from '../../../server/db/repositories/user-repository';
import { sha256 } from '../../../server/support/crypto';
import { tokenPattern } from '../../../server/domain/api-tokens/token-format';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const day = 24 * 60 * 60 * 1000;

describe('create an API token', () => {
  it('stores the valid abilities and the hash, and shows the plain token once (scenario 54)', async () => {
    const user = await createUser(app.services);
    const client = await signedIn(app.app, user);
    const { res, page, plainText } = await createThroughPage(client, {
      name: 'CI',
      permissions: ['read', 'update', 'bogus'],
    });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/user/api-tokens');

    expect(plainText).toMatch(tokenPattern);
    expect(plainText).toHaveLength(52);
    expect(plainText).not.toContain('|');
    expect(page!.flash).toEqual({ token: plainText });

    const [listed] = page!.props.tokens;
    expect(listed).toMatchObject({ name: 'CI', abilities: ['read', 'update'], last_used_at: null, expires_at: null });
    const row = await storedToken(app.services, listed.id);
    expect(row.abilities).toEqual(['read', 'update']);
    expect(row.token).toBe(sha256(plainText!));
    expect(row.userId).toBe(user.id);

    // Shown once: the next visit has no flash, and nothing on the page holds the token.
    const again = await tokensPage(client);
    expect(again.flash).toBeUndefined();
    expect(JSON.stringify(again)).not.toContain(plainText);
  });

  it('requires a name, at most 255 characters, in the default bag (scenario 55)', async () => {
    const user = await createUser(app.services);
    const client = await signedIn(app.app, user);
    for (const [name, message] of [
      ['', 'The name field is required.'],
      ['   ', 'The name field is required.'],
      ['x'.repeat(256), 'The name field must not be greater than 255 characters.'],
    ]) {
      const res = await client.send(
        'post',
        '/user/api-tokens',
        { name, permissions: ['read'] },
        { Referer: '/user/api-tokens' },
      );
      expect(res.status).toBe(303);
      const page = await tokensPage(client);
      expect(page.props.errors).toEqual({ name: message });
      expect(page.flash).toBeUndefined();
    }
    expect((await tokensPage(client)).props.tokens).toEqual([]);
    const { plainText } = await createThroughPage(client, { name: 'x'.repeat(255), permissions: [] });
    expect(plainText).toMatch(tokenPattern);
  });

  it('keeps only defined abilities, in their defined order, and none when none are sent', async () => {
    const user = await createUser(app.services);
    const client = await signedIn(app.app, user);
    await createThroughPage(client, {
      name: 'All',
      permissions: ['delete', 'read', 'create', 'update', 'read', '*', 7],
    });
    await createThroughPage(client, { name: 'None' });
    const tokens = (await tokensPage(client)).props.tokens;
    expect(tokens.map((t) => [t.name, t.abilities])).toEqual([
      ['All', ['create', 'read', 'update', 'delete']],
      ['None', []],
    ]);

    const res = await client.send(
      'post',
      '/user/api-tokens',
      { name: 'Odd', permissions: 'read' },
      { Referer: '/user/api-tokens' },
    );
    expect(res.status).toBe(303);
    expect((await tokensPage(client)).props.errors).toEqual({ permissions: 'The permissions field must be an array.' });
  });

  it('sets the expiry from the choice: never, 30, 60, 90 days or a year', async () => {
    const user = await createUser(app.services);
    const client = await signedIn(app.app, user);
    const before = Date.now();
    for (const expiration of ['never', '30', '60', '90', '365']) {
      await createThroughPage(client, { name: `expires ${expiration}`, permissions: ['read'], expiration });
    }
    await createThroughPage(client, { name: 'expires default', permissions: ['read'] });
    const byName = Object.fromEntries((await tokensPage(client)).props.tokens.map((t) => [t.name, t.expires_at]));
    expect(byName['expires never']).toBeNull();
    expect(byName['expires default']).toBeNull();
    for (const days of [30, 60, 90, 365]) {
      const at = Date.parse(byName[`expires ${days}`]!);
      expect(at).toBeGreaterThanOrEqual(before + days * day);
      expect(at).toBeLessThanOrEqual(Date.now() + days * day);
    }

    await client.send('post', '/user/api-tokens', { name: 'weird', expiration: '7' }, { Referer: '/user/api-tokens' });
    expect((await tokensPage(client)).props.errors).toEqual({ expiration: 'The selected expiration is invalid.' });
  });

  it('belongs to the team that is current when it is made', async () => {
    const owner = await createUser(app.services);
    const user = await createUser(app.services);
    const team = await teamRepository(app.services.db).create({ userId: owner.id, name: 'Acme', personalTeam: false });
    await addMember(app.services, team, user, 'editor');
    const client = await signedIn(app.app, user);

    await createThroughPage(client, { name: 'personal', permissions: ['read'] });
    await userRepository(app.services.db).update(user.id, { currentTeamId: team.id });
    await createThroughPage(client, { name: 'acme', permissions: ['read'] });

    const personal = (await teamRepository(app.services.db).personalTeamOf(user.id))!;
    const tokens = (await tokensPage(client)).props.tokens;
    const teamOf = async (name: string) =>
      (await storedToken(app.services, tokens.find((t) => t.name === name)!.id)).teamId;
    expect(await teamOf('personal')).toBe(personal.id);
    expect(await teamOf('acme')).toBe(team.id);
    expect(tokens.map((t) => [t.name, t.team_name])).toEqual([
      ['acme', 'Acme'],
      ['personal', personal.name],
    ]);
  });

  it('is refused, with nothing stored, where the role may not create tokens', async () => {
    const owner = await createUser(app.services);
    const viewer = await createUser(app.services);
    const team = await teamRepository(app.services.db).create({
      userId: owner.id,
      name: 'Read Only',
      personalTeam: false,
    });
    await addMember(app.services, team, viewer, 'viewer');
    await userRepository(app.services.db).update(viewer.id, { currentTeamId: team.id });
    const client = await signedIn(app.app, viewer);
    expect((await tokensPage(client)).props.permissions).toEqual({ canCreateApiTokens: false });

    const res = await client.send(
      'post',
      '/user/api-tokens',
      { name: 'nope', permissions: ['read'] },
      { Referer: '/user/api-tokens' },
    );
    const page = expectPage(res, 'Error', 403);
    expect(page.props.message).toBe('Your role in this team does not allow creating API tokens.');
    expect((await tokensPage(client)).props.tokens).toEqual([]);
  });

  it('is for signed-in, verified users only', async () => {
    const guest = await browser(app.app);
    const refused = await guest.send('post', '/user/api-tokens', { name: 'x' });
    expect(refused.status).toBe(302);
    expect(refused.headers.location).toBe('/login');
    const unverified = await createUser(app.services, { verified: false });
    const client = await signedIn(app.app, unverified);
    const res = await client.send('post', '/user/api-tokens', { name: 'x' });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/email/verify');
  });
});
