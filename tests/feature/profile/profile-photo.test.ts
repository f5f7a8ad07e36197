import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import {
  errorsOf,
  gif,
  jpeg,
  largePng,
  photoExists,
  photoFile,
  png,
  storedUser,
  submitProfileInformation,
} from '../../helpers/profile';
import { createUser } from '../../factories/users';
import { authUser } from '../../helpers/teams';
import type { Page } from '../../../server/http/inertia/page';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const bag = 'updateProfileInformation';
const photoUrl = (page: Page) => authUser(page).profile_photo_url;
const hasPhoto = (page: Page) => authUser(page).has_profile_photo;

async function userWithClient(name = 'Gita Maharani') {
  const user = await createUser(app.services, { name });
  return { user, client: await signedIn(app.app, user) };
}

describe('profile photo', () => {
  it('stores a small JPEG on the public disk and serves it under /storage/profile-photos/', async () => {
    const { user, client } = await userWithClient();
    const res = await submitProfileInformation(client, { name: user.name, email: user.email }, await jpeg(64, 48));
    expect(res.status).toBe(303);

    const row = await storedUser(app.services, user.id);
    expect(row.profilePhotoPath).toMatch(/^profile-photos\/[A-Za-z0-9_-]{40}\.jpg$/);
    expect(photoExists(app.services.config, row.profilePhotoPath)).toBe(true);

    const page = expectPage(await client.visit('/user/profile'), 'Profile/Show');
    expect(page.flash).toEqual({ status: 'profile-information-updated' });
    expect(photoUrl(page)).toBe(`/storage/${row.profilePhotoPath}`);
    expect(hasPhoto(page)).toBe(true);

    const served = await client.agent.get(photoUrl(page));
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(served.body as Buffer).metadata()).width).toBe(64);
  });

  it('shrinks a large photo to fit 512 × 512, keeping its proportions, and keeps PNG as PNG', async () => {
    const { user, client } = await userWithClient();
    await submitProfileInformation(client, { name: user.name, email: user.email }, await png(1600, 1200));
    const row = await storedUser(app.services, user.id);
    expect(row.profilePhotoPath).toMatch(/\.png$/);
    const metadata = await sharp(photoFile(app.services.config, row.profilePhotoPath!)).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', 512, 384]);
  });

  it('refuses a photo over 1024 kilobytes', async () => {
    const { user, client } = await userWithClient();
    const photo = await largePng();
    expect(photo.buffer.length).toBeGreaterThan(1024 * 1024);
    await submitProfileInformation(client, { name: user.name, email: user.email }, photo);
    const page = expectPage(await client.visit('/user/profile'), 'Profile/Show');
    expect(errorsOf(page, bag)).toEqual({ photo: 'The photo field must not be greater than 1024 kilobytes.' });
    expect((await storedUser(app.services, user.id)).profilePhotoPath).toBeNull();
  });

  it('refuses a GIF, and judges the type by the bytes rather than the file name', async () => {
    const { user, client } = await userWithClient();
    const message = { photo: 'The photo field must be a file of type: jpg, jpeg, png.' };

    await submitProfileInformation(client, { name: user.name, email: user.email }, gif());
    expect(errorsOf(expectPage(await client.visit('/user/profile'), 'Profile/Show'), bag)).toEqual(message);

    const disguised = { ...gif(), filename: 'me.jpg', contentType: 'image/jpeg' };
    await submitProfileInformation(client, { name: user.name, email: user.email }, disguised);
    expect(errorsOf(expectPage(await client.visit('/user/profile'), 'Profile/Show'), bag)).toEqual(message);

    const text = { buffer: Buffer.from('<?php echo "hello"; ?>'), filename: 'me.png', contentType: 'image/png' };
    await submitProfileInformation(client, { name: user.name, email: user.email }, text);
    expect(errorsOf(expectPage(await client.visit('/user/profile'), 'Profile/Show'), bag)).toEqual(message);

    // A real PNG sent under another name is a PNG.
    const renamed = { ...(await png(32, 32)), filename: 'me.gif', contentType: 'image/gif' };
    await submitProfileInformation(client, { name: user.name, email: user.email }, renamed);
    expect((await storedUser(app.services, user.id)).profilePhotoPath).toMatch(/\.png$/);
  });

  it('reports the photo together with the other fields and stores nothing', async () => {
    const { user, client } = await userWithClient();
    await submitProfileInformation(client, { name: '', email: user.email }, gif());
    const page = expectPage(await client.visit('/user/profile'), 'Profile/Show');
    expect(errorsOf(page, bag)).toEqual({
      name: 'The name field is required.',
      photo: 'The photo field must be a file of type: jpg, jpeg, png.',
    });
    const folder = join(app.services.config.dataDir, 'app', 'public', 'profile-photos');
    const files = () => (existsSync(folder) ? readdirSync(folder).length : 0);
    const before = files();
    await submitProfileInformation(client, { name: '', email: user.email }, await jpeg());
    expect(files()).toBe(before);
    expect((await storedUser(app.services, user.id)).profilePhotoPath).toBeNull();
  });

  it('replaces the old file when a new photo is uploaded', async () => {
    const { user, client } = await userWithClient();
    await submitProfileInformation(client, { name: user.name, email: user.email }, await jpeg());
    const first = (await storedUser(app.services, user.id)).profilePhotoPath!;
    await submitProfileInformation(client, { name: user.name, email: user.email }, await png());
    const second = (await storedUser(app.services, user.id)).profilePhotoPath!;
    expect(second).not.toBe(first);
    expect(photoExists(app.services.config, first)).toBe(false);
    expect(photoExists(app.services.config, second)).toBe(true);
  });

  it('removes the photo: file deleted, path cleared, the generated avatar is back', async () => {
    const { user, client } = await userWithClient('Hadi Wijaya');
    await submitProfileInformation(client, { name: user.name, email: user.email }, await jpeg());
    const path = (await storedUser(app.services, user.id)).profilePhotoPath!;

    const res = await client.send('delete', '/user/profile-photo', {}, { Referer: '/user/profile' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/user/profile');
    expect((await storedUser(app.services, user.id)).profilePhotoPath).toBeNull();
    expect(photoExists(app.services.config, path)).toBe(false);

    const page = expectPage(await client.visit('/user/profile'), 'Profile/Show');
    expect(page.flash).toEqual({ status: 'profile-photo-deleted' });
    expect(photoUrl(page)).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(hasPhoto(page)).toBe(false);
    expect(Buffer.from(photoUrl(page).split(',')[1], 'base64').toString()).toContain('>HW</text>');
    expect((await client.agent.get(`/storage/${path}`)).status).toBe(404);
  });

  it('answers a removal without a photo with the same status', async () => {
    const { client } = await userWithClient();
    const res = await client.send('delete', '/user/profile-photo', {}, { Referer: '/user/profile' });
    expect(res.status).toBe(303);
    expect(expectPage(await client.visit('/user/profile'), 'Profile/Show').flash).toEqual({
      status: 'profile-photo-deleted',
    });
  });
});
