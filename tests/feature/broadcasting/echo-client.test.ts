/**
 * protocols.md §8 group J, the items that concern the app (J48, J49, J51, J52, J53): the real
 * laravel-echo + pusher-js in signed-in jsdom browsers, authorized by the app's own
 * /broadcasting/auth, against the realtime server running in the app's process.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../factories/users';
import { createMember, createTeam } from '../../factories/teams';
import { notify } from '../../../server/domain/notifications/notify';
import { profilePhotoUrl } from '../../../server/presenters/user-presenter';
import { connectedBrowsers, sleep, startStack, waitFor, type RealtimeStack, type SignedInBrowser } from './support';

let stack: RealtimeStack;
const browsers = connectedBrowsers(() => stack);

beforeAll(async () => {
  stack = await startStack();
});
afterEach(() => browsers.closeAll());
afterAll(() => stack.close());

/* eslint-disable @typescript-eslint/no-explicit-any -- Echo channels from the jsdom realm */
function subscribed(channel: any): Promise<void> {
  return new Promise((resolve, reject) => {
    channel.subscribed(() => resolve());
    channel.error((error: unknown) => reject(new Error(`subscription failed: ${JSON.stringify(error)}`)));
  });
}

describe('private channels (J48)', () => {
  it('subscribes the user to their own channel through /broadcasting/auth with the meta tag’s CSRF token', async () => {
    const user = await createUser(stack.app.services);
    const browser = await browsers.open(user);
    await subscribed(browser.echo.private(`App.Models.User.${user.id}`));
    const channels = await stack.realtime.channels('100001');
    expect(channels.map((channel) => channel.name)).toContain(`private-App.Models.User.${user.id}`);
  });

  it('gives Echo’s error() callback status 403 for another user’s channel, and never subscribes', async () => {
    const user = await createUser(stack.app.services);
    const other = await createUser(stack.app.services);
    const browser = await browsers.open(user);
    const error = await new Promise<any>((resolve) =>
      browser.echo.private(`App.Models.User.${other.id}`).error(resolve),
    );
    expect(error).toMatchObject({ type: 'AuthError', status: 403 });
    expect((await stack.realtime.channel('100001', `private-App.Models.User.${other.id}`)).occupied).toBe(false);
  });
});

describe('presence channels (J49)', () => {
  it('lists the team’s members online with name and photo, and tells the others who joins and leaves', async () => {
    const owner = await createUser(stack.app.services, { name: 'Ayu Owner' });
    const team = await createTeam(stack.app.services, owner);
    const member = await createMember(stack.app.services, team, 'editor', { name: 'Budi Member' });

    const ownerBrowser = await browsers.open(owner);
    const here: any[][] = [];
    const joined: any[] = [];
    const left: any[] = [];
    ownerBrowser.echo
      .join(`teams.${team.id}`)
      .here((members: any[]) => here.push(members))
      .joining((info: any) => joined.push(info))
      .leaving((info: any) => left.push(info));
    await waitFor(() => here.length > 0, 5000, 'here()');
    expect(here[0]).toEqual([{ id: owner.id, name: 'Ayu Owner', profile_photo_url: profilePhotoUrl(owner) }]);

    const memberBrowser = await browsers.open(member);
    const memberHere: any[][] = [];
    memberBrowser.echo.join(`teams.${team.id}`).here((members: any[]) => memberHere.push(members));
    await waitFor(() => memberHere.length > 0, 5000, 'the member’s here()');
    expect(memberHere[0].map((info) => info.name).sort()).toEqual(['Ayu Owner', 'Budi Member']);
    await waitFor(() => joined.length > 0, 5000, 'joining()');
    expect(joined).toEqual([{ id: member.id, name: 'Budi Member', profile_photo_url: profilePhotoUrl(member) }]);

    const members = await stack.realtime.presenceMembers('100001', `presence-teams.${team.id}`);
    expect(members.map((entry) => entry.id).sort()).toEqual([String(owner.id), String(member.id)].sort());

    memberBrowser.echo.leave(`teams.${team.id}`);
    await waitFor(() => left.length > 0, 5000, 'leaving()');
    expect(left[0]).toMatchObject({ id: member.id, name: 'Budi Member' });
  });

  it('keeps outsiders off a team’s presence channel', async () => {
    const team = await createTeam(stack.app.services, await createUser(stack.app.services));
    const browser = await browsers.open(await createUser(stack.app.services));
    const error = await new Promise<any>((resolve) => browser.echo.join(`teams.${team.id}`).error(resolve));
    expect(error).toMatchObject({ type: 'AuthError', status: 403 });
  });
});

describe('notifications (J51)', () => {
  it('delivers a stored notification to Echo’s .notification() with id and type', async () => {
    const user = await createUser(stack.app.services);
    const browser = await browsers.open(user);
    const received: any[] = [];
    const channel = browser.echo.private(`App.Models.User.${user.id}`).notification((n: any) => received.push(n));
    await subscribed(channel);
    const row = await notify(stack.app.services, user.id, 'team-invitation', {
      message: 'Join Acme',
      url: '/dashboard',
    });
    await waitFor(() => received.length > 0, 5000, 'the notification');
    expect(received).toEqual([{ message: 'Join Acme', url: '/dashboard', id: row.id, type: 'team-invitation' }]);
  });

  it('delivers it only after the transaction that stored it commits, and never after a rollback', async () => {
    const user = await createUser(stack.app.services);
    const browser = await browsers.open(user);
    const received: any[] = [];
    await subscribed(browser.echo.private(`App.Models.User.${user.id}`).notification((n: any) => received.push(n)));
    const { db, broadcaster } = stack.app.services;
    await db
      .transaction(async (tx) => {
        await notify({ db: tx, broadcaster }, user.id, 'test', { message: 'rolled back' });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await db.transaction(async (tx) => {
      await notify({ db: tx, broadcaster }, user.id, 'test', { message: 'committed' });
      await sleep(100);
      expect(received).toEqual([]);
    });
    await waitFor(() => received.length > 0, 5000, 'the committed notification');
    await sleep(100);
    expect(received.map((n) => n.message)).toEqual(['committed']);
  });
});

describe('event names (J52)', () => {
  it('delivers App\\Events\\X to listen("X") and a custom name only to listen(".custom.name")', async () => {
    const user = await createUser(stack.app.services);
    const browser = await browsers.open(user);
    const got: string[] = [];
    const channel = browser.echo
      .private(`App.Models.User.${user.id}`)
      .listen('OrderShipped', (data: any) => got.push(`class:${data.n}`))
      .listen('.order.shipped', (data: any) => got.push(`custom:${data.n}`))
      .listen('order.shipped', (data: any) => got.push(`namespaced:${data.n}`));
    await subscribed(channel);
    const channels = [`private-App.Models.User.${user.id}`];
    await stack.app.services.broadcaster.broadcast({ channels, event: 'App\\Events\\OrderShipped', data: { n: 1 } });
    await stack.app.services.broadcaster.broadcast({ channels, event: 'order.shipped', data: { n: 2 } });
    await waitFor(() => got.length >= 2, 5000, 'both events');
    await sleep(100);
    expect(got.sort()).toEqual(['class:1', 'custom:2']);
  });
});

describe('toOthers through X-Socket-Id (J53)', () => {
  it('leaves out the tab whose socket id came with the request and tells the user’s other tabs', async () => {
    const user = await createUser(stack.app.services);
    const [row] = [await notify(stack.app.services, user.id, 'test', { message: 'Read me' })];
    const asking = await browsers.open(user);
    const other = await browsers.open(user);
    const heard = { asking: [] as any[], other: [] as any[] };
    await subscribed(
      asking.echo.private(`App.Models.User.${user.id}`).listen('NotificationsRead', (e: any) => heard.asking.push(e)),
    );
    await subscribed(
      other.echo.private(`App.Models.User.${user.id}`).listen('NotificationsRead', (e: any) => heard.other.push(e)),
    );

    // The asking tab's XHR, as Inertia sends it with the app's http.onRequest hook (X-Socket-ID).
    const res = await fetchIn(asking, 'PUT', `/user/notifications/${row.id}`, {
      'X-Socket-ID': asking.echo.socketId(),
    });
    expect(res.status).toBe(200);
    await waitFor(() => heard.other.length > 0, 5000, 'the other tab’s event');
    await sleep(150);
    expect(heard.other).toEqual([{ ids: [row.id], unread_count: 0 }]);
    expect(heard.asking).toEqual([]);
  });
});

/** A same-origin XHR from the jsdom window (its cookies), asking for JSON, with the XSRF cookie echoed. */
function fetchIn(
  browser: SignedInBrowser,
  method: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new browser.window.XMLHttpRequest();
    xhr.open(method, path);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-CSRF-TOKEN', browser.csrfToken);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.onload = () => resolve({ status: xhr.status, body: xhr.responseText });
    xhr.onerror = () => reject(new Error('XHR failed'));
    xhr.send();
  });
}
/* eslint-enable @typescript-eslint/no-explicit-any */
