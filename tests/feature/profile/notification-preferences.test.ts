import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { errorsOf, storedUser } from '../../helpers/profile';
import { createUser } from '../../factories/users';
import { mailCategories } from '../../../server/domain/notifications/mail-preferences';

/**
 * The profile's Notifications section: what the person is e-mailed about when the bell goes unread
 * (`user-notification-preferences.update`, errors in `updateNotificationPreferences`).
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ env: { NOTIFICATION_MAIL_DELAY_MINUTES: '10' } });
});
afterAll(() => app.close());

const bag = 'updateNotificationPreferences';
type Client = Awaited<ReturnType<typeof signedIn>>;
const save = (client: Client, body: unknown) =>
  client.send('put', '/user/notification-preferences', body as Record<string, unknown>, {
    Referer: '/user/profile',
    'X-Inertia-Error-Bag': bag,
  });

describe('notification preferences', () => {
  it('shows every kind with the person’s choice (their own conversations and mentions by default) and the delay', async () => {
    const user = await createUser(app.services);
    const page = expectPage(await (await signedIn(app.app, user)).visit('/user/profile'), 'Profile/Show');
    expect(page.props.mailNotifications).toEqual({
      options: mailCategories.map(({ key, label, description }) => ({ key, label, description })),
      chosen: ['assigned', 'replies', 'mentioned'],
      delayMinutes: 10,
    });
    expect(mailCategories.map((category) => category.key)).toEqual(['assigned', 'replies', 'mentioned', 'waiting']);
  });

  it('saves the kinds chosen, once each and in the list’s order, and turns them all off', async () => {
    const user = await createUser(app.services);
    const client = await signedIn(app.app, user);
    const res = await save(client, { mail: ['waiting', 'assigned', 'waiting'] });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/user/profile');
    expect((await storedUser(app.services, user.id)).mailNotifications).toEqual(['assigned', 'waiting']);
    const page = expectPage(await client.visit('/user/profile'), 'Profile/Show');
    expect(page.flash).toMatchObject({ status: 'notification-preferences-updated' });
    expect((page.props.mailNotifications as { chosen: string[] }).chosen).toEqual(['assigned', 'waiting']);

    await save(client, { mail: [] });
    expect((await storedUser(app.services, user.id)).mailNotifications).toEqual([]);
  });

  it('refuses what is not one of the kinds in its error bag, and keeps the choice', async () => {
    const user = await createUser(app.services);
    const client = await signedIn(app.app, user);
    const cases: [unknown, Record<string, string>][] = [
      [{ mail: ['billing'] }, { 'mail.0': 'Choose from the listed notifications.' }],
      [{ mail: 'assigned' }, { mail: 'Choose from the listed notifications.' }],
      [{}, { mail: 'Choose from the listed notifications.' }],
      [{ mail: [{ key: 'assigned' }] }, { 'mail.0': 'Choose from the listed notifications.' }],
    ];
    for (const [body, errors] of cases) {
      expect((await save(client, body)).status).toBe(303);
      expect(errorsOf(expectPage(await client.visit('/user/profile'), 'Profile/Show'), bag)).toEqual(errors);
    }
    expect((await storedUser(app.services, user.id)).mailNotifications).toEqual(['assigned', 'replies', 'mentioned']);
    // A JSON client gets a 422 with the field's message.
    const json = await client.agent
      .put('/user/notification-preferences')
      .set({ Accept: 'application/json', 'X-XSRF-TOKEN': client.token })
      .send({ mail: ['nope'] });
    expect(json.status).toBe(422);
    expect(json.body.errors).toEqual({ 'mail.0': ['Choose from the listed notifications.'] });
  });
});
