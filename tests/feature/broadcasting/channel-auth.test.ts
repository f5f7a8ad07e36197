import { createHmac } from 'node:crypto';
import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, createTestApp, signedIn, type TestApp } from '../../helpers/app';
import { createUser } from '../../factories/users';
import { createMember, createTeam } from '../../factories/teams';
import { createApiToken } from '../../factories/api-tokens';
import { profilePhotoUrl } from '../../../server/presenters/user-presenter';
import { csrfMetaOf } from './support';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const key = 'test-app-key';
const secret = 'test-app-secret-0123456789';
const socketId = '1234.5678';
const hmac = (subject: string) => createHmac('sha256', secret).update(subject).digest('hex');

type Client = Awaited<ReturnType<typeof signedIn>>;

/** What pusher-js sends: a form body and X-CSRF-TOKEN from the meta tag, nothing else. */
async function echoPost(client: Client, path: string, form: Record<string, string>) {
  const csrf = csrfMetaOf(await client.load('/dashboard'));
  return client.agent.post(path).type('form').set('X-CSRF-TOKEN', csrf).send(form);
}

const authorize = (client: Client, channel: string, socket = socketId) =>
  echoPost(client, '/broadcasting/auth', { socket_id: socket, channel_name: channel });

function expectForbidden(res: supertest.Response) {
  expect(res.status, res.text).toBe(403);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  expect(res.body).toEqual({ message: 'This action is unauthorized.' });
}

describe('POST /broadcasting/auth: private channels', () => {
  it('signs the user’s own App.Models.User channel over socket_id:channel (J48)', async () => {
    const user = await createUser(app.services);
    const channel = `private-App.Models.User.${user.id}`;
    const res = await authorize(await signedIn(app.app, user), channel);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ auth: `${key}:${hmac(`${socketId}:${channel}`)}` });
  });

  it('refuses another user’s channel with 403', async () => {
    const user = await createUser(app.services);
    const other = await createUser(app.services);
    expectForbidden(await authorize(await signedIn(app.app, user), `private-App.Models.User.${other.id}`));
  });

  it('signs a team’s private channel for its owner and its members, and refuses outsiders', async () => {
    const owner = await createUser(app.services);
    const team = await createTeam(app.services, owner);
    const member = await createMember(app.services, team, 'viewer');
    const outsider = await createUser(app.services);
    const channel = `private-teams.${team.id}`;
    for (const user of [owner, member]) {
      const res = await authorize(await signedIn(app.app, user), channel);
      expect(res.status, res.text).toBe(200);
      expect(res.body.auth).toBe(`${key}:${hmac(`${socketId}:${channel}`)}`);
    }
    expectForbidden(await authorize(await signedIn(app.app, outsider), channel));
    expectForbidden(await authorize(await signedIn(app.app, owner), 'private-teams.999999'));
    expectForbidden(await authorize(await signedIn(app.app, owner), 'private-teams.abc'));
  });

  it('refuses unknown, public and encrypted channels and a missing channel name', async () => {
    const user = await createUser(app.services);
    const client = await signedIn(app.app, user);
    expectForbidden(await authorize(client, 'private-orders.1'));
    expectForbidden(await authorize(client, `App.Models.User.${user.id}`));
    expectForbidden(await authorize(client, `private-encrypted-App.Models.User.${user.id}`));
    expectForbidden(await authorize(client, `private-App.Models.User.${user.id}.extra`));
    expectForbidden(await echoPost(client, '/broadcasting/auth', { socket_id: socketId }));
  });

  it('answers 422 for a socket id the realtime server would never issue', async () => {
    const user = await createUser(app.services);
    const res = await authorize(await signedIn(app.app, user), `private-App.Models.User.${user.id}`, 'abc');
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: 'The socket id is invalid.' });
  });
});

describe('POST /broadcasting/auth: presence channels', () => {
  it('returns channel_data with user_id and user_info, signed over socket_id:channel:channel_data (J49)', async () => {
    const owner = await createUser(app.services, { name: 'Ayu Lestari' });
    const team = await createTeam(app.services, owner);
    const channel = `presence-teams.${team.id}`;
    const res = await authorize(await signedIn(app.app, owner), channel);
    expect(res.status, res.text).toBe(200);
    expect(typeof res.body.channel_data).toBe('string');
    expect(JSON.parse(res.body.channel_data)).toEqual({
      user_id: owner.id,
      user_info: { id: owner.id, name: 'Ayu Lestari', profile_photo_url: profilePhotoUrl(owner) },
    });
    expect(res.body.auth).toBe(`${key}:${hmac(`${socketId}:${channel}:${res.body.channel_data}`)}`);
  });

  it('refuses a presence channel of a team the user does not belong to', async () => {
    const team = await createTeam(app.services, await createUser(app.services));
    const outsider = await createUser(app.services);
    expectForbidden(await authorize(await signedIn(app.app, outsider), `presence-teams.${team.id}`));
  });
});

describe('POST /broadcasting/user-auth', () => {
  it('signs user_data (string id) over socket_id::user::user_data', async () => {
    const user = await createUser(app.services, { name: 'Budi Santoso' });
    const res = await echoPost(await signedIn(app.app, user), '/broadcasting/user-auth', { socket_id: socketId });
    expect(res.status, res.text).toBe(200);
    expect(JSON.parse(res.body.user_data)).toEqual({
      id: String(user.id),
      user_info: { name: 'Budi Santoso', profile_photo_url: profilePhotoUrl(user) },
    });
    expect(res.body.auth).toBe(`${key}:${hmac(`${socketId}::user::${res.body.user_data}`)}`);
  });
});

describe('who may ask', () => {
  it('answers 403 to guests on both endpoints (as Laravel does)', async () => {
    const guest = await browser(app.app);
    const csrf = csrfMetaOf(await guest.load('/login'));
    for (const [path, form] of [
      ['/broadcasting/auth', { socket_id: socketId, channel_name: 'private-App.Models.User.1' }],
      ['/broadcasting/user-auth', { socket_id: socketId }],
    ] as const) {
      const res = await guest.agent.post(path).type('form').set('X-CSRF-TOKEN', csrf).send(form);
      expectForbidden(res);
    }
  });

  it('needs the session’s CSRF token (419 without it), which Echo sends as X-CSRF-TOKEN', async () => {
    const user = await createUser(app.services);
    const client = await signedIn(app.app, user);
    const form = { socket_id: socketId, channel_name: `private-App.Models.User.${user.id}` };
    expect((await client.agent.post('/broadcasting/auth').type('form').send(form)).status).toBe(419);
    expect(
      (await client.agent.post('/broadcasting/auth').type('form').set('X-CSRF-TOKEN', 'forged').send(form)).status,
    ).toBe(419);
    expect((await authorize(client, form.channel_name)).status).toBe(200);
  });

  it('accepts a personal access token (Authorization: Bearer) for the token’s own channels', async () => {
    const owner = await createUser(app.services);
    const team = await createTeam(app.services, owner, { current: true });
    const otherTeam = await createTeam(app.services, owner);
    const { plainText } = await createApiToken(app.services, owner, { teamId: team.id, abilities: ['read'] });
    // An API client has no session: it gets a CSRF token like any client, then sends the bearer.
    const client = await browser(app.app);
    const csrf = csrfMetaOf(await client.load('/login'));
    const post = (channel: string, token = plainText) =>
      client.agent
        .post('/broadcasting/auth')
        .type('form')
        .set('X-CSRF-TOKEN', csrf)
        .set('Authorization', `Bearer ${token}`)
        .send({ socket_id: socketId, channel_name: channel });

    const own = await post(`private-App.Models.User.${owner.id}`);
    expect(own.status, own.text).toBe(200);
    expect(own.body.auth).toBe(`${key}:${hmac(`${socketId}:private-App.Models.User.${owner.id}`)}`);
    expect((await post(`presence-teams.${team.id}`)).status).toBe(200);
    // The token belongs to one team: the owner's other team is not reachable with it.
    expectForbidden(await post(`private-teams.${otherTeam.id}`));
    expectForbidden(await post(`private-App.Models.User.${owner.id}`, 'not-a-token'));

    const { plainText: writeOnly } = await createApiToken(app.services, owner, {
      teamId: team.id,
      abilities: ['create'],
    });
    expectForbidden(await post(`private-App.Models.User.${owner.id}`, writeOnly));
  });
});
