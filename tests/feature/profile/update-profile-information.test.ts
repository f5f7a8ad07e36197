import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { existsSync, readdirSync } from 'node:fs';
import {
  errorsOf,
  expectNoSecrets,
  jpeg,
  photoFile,
  storedUser,
  submitProfileInformation,
} from '../../helpers/profile';
import { createUser } from '../../factories/users';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const bag = 'updateProfileInformation';

describe('update profile information', () => {
  it('saves the name, goes back with the status and shows the new name everywhere', async () => {
    const user = await createUser(app.services, { name: 'Ayu Lestari' });
    const client = await signedIn(app.app, user);
    const res = await submitProfileInformation(client, { name: 'Ayu Pratiwi', email: user.email });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/user/profile');

    const page = expectPage(await client.visit('/user/profile'), 'Profile/Show');
    expect(page.flash).toEqual({ status: 'profile-information-updated' });
    expect(page.props.errors).toEqual({});
    expect((page.props.auth as { user: { name: string } }).user.name).toBe('Ayu Pratiwi');
    const row = await storedUser(app.services, user.id);
    expect(row.name).toBe('Ayu Pratiwi');
    expect(row.emailVerifiedAt).not.toBeNull();
    expectNoSecrets(page, row);
  });

  it('answers an empty name in the updateProfileInformation bag and changes nothing', async () => {
    const user = await createUser(app.services, { name: 'Budi Santoso' });
    const client = await signedIn(app.app, user);
    await submitProfileInformation(client, { name: '', email: user.email });
    const page = expectPage(await client.visit('/user/profile'), 'Profile/Show');
    expect(errorsOf(page, bag)).toEqual({ name: 'The name field is required.' });
    expect(page.flash).toBeUndefined();
    expect((await storedUser(app.services, user.id)).name).toBe('Budi Santoso');
  });

  it('reports every invalid field at once, first message each', async () => {
    const user = await createUser(app.services);
    const client = await signedIn(app.app, user);
    await submitProfileInformation(client, { name: 'x'.repeat(256), email: 'not-an-address' });
    const page = expectPage(await client.visit('/user/profile'), 'Profile/Show');
    expect(errorsOf(page, bag)).toEqual({
      name: 'The name field must not be greater than 255 characters.',
      email: 'The email field must be a valid email address.',
    });
  });

  it("refuses another account's address in any letter case", async () => {
    const other = await createUser(app.services, { email: 'taken.profile@example.com' });
    const user = await createUser(app.services);
    const client = await signedIn(app.app, user);
    await submitProfileInformation(client, { name: 'Someone', email: 'Taken.Profile@Example.COM' });
    const page = expectPage(await client.visit('/user/profile'), 'Profile/Show');
    expect(errorsOf(page, bag)).toEqual({ email: 'The email has already been taken.' });
    expect((await storedUser(app.services, user.id)).email).toBe(user.email);
    expect((await storedUser(app.services, other.id)).email).toBe('taken.profile@example.com');
  });

  it('gives one of two accounts taking the same new address at the same moment the field error, never a 500', async () => {
    // Both updates pass the "is the address free?" check before either writes (the photos are
    // processed in between, which widens the window); the unique key decides.
    const photo = await jpeg(256, 256);
    const folder = photoFile(app.services.config, 'profile-photos');
    const storedPhotos = () => (existsSync(folder) ? readdirSync(folder).length : 0);
    for (let round = 0; round < 3; round++) {
      const photosBefore = storedPhotos();
      const email = `race${round}-${Date.now()}@example.com`;
      const people = await Promise.all([createUser(app.services), createUser(app.services)]);
      const clients = await Promise.all(people.map((person) => signedIn(app.app, person)));
      const responses = await Promise.all(
        clients.map((client, index) => submitProfileInformation(client, { name: people[index].name, email }, photo)),
      );
      expect(responses.map((res) => res.status)).toEqual([303, 303]);

      const pages = await Promise.all(
        clients.map(async (client) => expectPage(await client.visit('/user/profile'), 'Profile/Show')),
      );
      const errors = pages.map((page) => errorsOf(page, bag));
      expect(errors.filter((bagErrors) => bagErrors === undefined)).toHaveLength(1);
      expect(errors.find((bagErrors) => bagErrors !== undefined)).toEqual({
        email: 'The email has already been taken.',
      });
      expect(pages.map((page) => page.flash?.status ?? null).sort()).toEqual(
        [null, 'profile-information-updated'].sort(),
      );
      const rows = await Promise.all(people.map((person) => storedUser(app.services, person.id)));
      expect(rows.map((row) => row.email).filter((stored) => stored === email)).toHaveLength(1);
      // The refused request's photo was not kept: only the winner's file was added.
      expect(rows.filter((row) => row.profilePhotoPath !== null)).toHaveLength(1);
      expect(storedPhotos()).toBe(photosBefore + 1);
    }
  });

  it('a new address is stored lower-cased, unverified, and gets a verification mail; the profile still loads', async () => {
    const user = await createUser(app.services, { name: 'Citra Dewi' });
    const client = await signedIn(app.app, user);
    expect((await client.visit('/dashboard')).status).toBe(200);

    await submitProfileInformation(client, { name: 'Citra Dewi', email: 'Citra.New@Example.com' });
    const row = await storedUser(app.services, user.id);
    expect(row.email).toBe('citra.new@example.com');
    expect(row.emailVerifiedAt).toBeNull();

    const mails = app.mailbox.to('citra.new@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Verify Email Address');
    expect(app.mailbox.to(user.email)).toHaveLength(0);

    const dashboard = await client.visit('/dashboard');
    expect(dashboard.status).toBe(302);
    expect(dashboard.headers.location).toBe('/email/verify');
    const page = expectPage(await client.visit('/user/profile'), 'Profile/Show');
    expect((page.props.auth as { user: { email: string; email_verified_at: string | null } }).user).toMatchObject({
      email: 'citra.new@example.com',
      email_verified_at: null,
    });
  });

  it('saves a new address when its verification mail cannot be sent, logs the failure, and the notice sends another', async () => {
    const user = await createUser(app.services, { name: 'Eka Putri' });
    const client = await signedIn(app.app, user);
    const res = await app.mailbox.failing(() =>
      submitProfileInformation(client, { name: 'Eka Putri', email: 'eka.mail-down@example.com' }),
    );
    expect(res.status).toBe(303);
    const page = expectPage(await client.visit('/user/profile'), 'Profile/Show');
    expect(page.flash).toEqual({ status: 'profile-information-updated' });
    const row = await storedUser(app.services, user.id);
    expect(row).toMatchObject({ email: 'eka.mail-down@example.com', emailVerifiedAt: null });
    expect(app.mailbox.to('eka.mail-down@example.com')).toHaveLength(0);
    const logged = app.logs().filter((line) => line.msg === 'mail not sent' && line.userId === user.id);
    expect(logged).toMatchObject([{ mail: 'verify-email' }]);
    expect(JSON.stringify(logged)).not.toMatch(/verify\/|signature/);

    await client.send('post', '/email/verification-notification', {}, { Referer: '/email/verify' });
    expect(app.mailbox.to('eka.mail-down@example.com')).toHaveLength(1);
  });

  it('keeps the address verified and sends nothing when only its letter case changes', async () => {
    const user = await createUser(app.services, { email: 'dewi.case@example.com' });
    const client = await signedIn(app.app, user);
    await submitProfileInformation(client, { name: 'Dewi', email: 'DEWI.Case@example.com' });
    const row = await storedUser(app.services, user.id);
    expect(row.email).toBe('dewi.case@example.com');
    expect(row.emailVerifiedAt).not.toBeNull();
    expect(app.mailbox.to('dewi.case@example.com')).toHaveLength(0);
  });

  it('accepts a JSON PUT and answers 200, as Fortify does for API clients', async () => {
    const user = await createUser(app.services);
    const client = await signedIn(app.app, user);
    const res = await client.agent
      .put('/user/profile-information')
      .set({ Accept: 'application/json', 'X-XSRF-TOKEN': client.token })
      .send({ name: 'Eko Json', email: user.email });
    expect(res.status).toBe(200);
    expect((await storedUser(app.services, user.id)).name).toBe('Eko Json');

    const invalid = await client.agent
      .put('/user/profile-information')
      .set({ Accept: 'application/json', 'X-XSRF-TOKEN': client.token })
      .send({ name: '', email: user.email });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual({ name: ['The name field is required.'] });
  });

  it('is only for signed-in users', async () => {
    const user = await createUser(app.services, { name: 'Fajar' });
    const client = await signedIn(app.app, user);
    await client.send('post', '/logout');
    const res = await submitProfileInformation(client, { name: 'Intruder', email: user.email });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/login');
    expect((await storedUser(app.services, user.id)).name).toBe('Fajar');
  });
});
