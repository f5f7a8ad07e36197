import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Response } from 'supertest';
import { expect } from 'vitest';
import { testVersion, type browser } from './app';
import type { Page } from '../../server/http/inertia/page';
import { userRepository, type UserRow } from '../../server/db/repositories/user-repository';
import type { Config } from '../../server/config/env';
import type { Services } from '../../server/services';

type Client = Awaited<ReturnType<typeof browser>>;

export interface Upload {
  buffer: Buffer;
  filename: string;
  contentType: string;
}

/**
 * What UpdateProfileInformationForm sends: a multipart POST with `_method=put`, the Inertia
 * headers and the form's error bag, coming from the profile page.
 */
export async function submitProfileInformation(
  client: Client,
  fields: Record<string, string>,
  photo?: Upload,
): Promise<Response> {
  let request = client.agent
    .post('/user/profile-information')
    .set({
      'X-Requested-With': 'XMLHttpRequest',
      'X-XSRF-TOKEN': client.token,
      'X-Inertia': 'true',
      'X-Inertia-Version': testVersion,
      'X-Inertia-Error-Bag': 'updateProfileInformation',
      Referer: '/user/profile',
    })
    .field('_method', 'put');
  for (const [name, value] of Object.entries(fields)) request = request.field(name, value);
  if (photo)
    request = request.attach('photo', photo.buffer, { filename: photo.filename, contentType: photo.contentType });
  return request;
}

export const jpeg = async (width = 64, height = 64): Promise<Upload> => ({
  buffer: await sharp({ create: { width, height, channels: 3, background: '#4f46e5' } })
    .jpeg()
    .toBuffer(),
  filename: 'me.jpg',
  contentType: 'image/jpeg',
});

export const png = async (width = 64, height = 64): Promise<Upload> => ({
  buffer: await sharp({ create: { width, height, channels: 4, background: '#10b981' } })
    .png()
    .toBuffer(),
  filename: 'me.png',
  contentType: 'image/png',
});

/** A real PNG of about 2 MB: random pixels do not compress. */
export async function largePng(): Promise<Upload> {
  const width = 900;
  const height = 800;
  const buffer = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return { buffer, filename: 'large.png', contentType: 'image/png' };
}

/** A 1×1 GIF. */
export const gif = (): Upload => ({
  buffer: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
  filename: 'me.gif',
  contentType: 'image/gif',
});

export const photoFile = (config: Pick<Config, 'dataDir'>, path: string) => join(config.dataDir, 'app', 'public', path);

export const photoExists = (config: Pick<Config, 'dataDir'>, path: string | null) =>
  path !== null && existsSync(photoFile(config, path));

/** Nothing the page may never see: the password hash, the remember-me token, two-factor secrets. */
export function expectNoSecrets(page: Page, user: UserRow): void {
  const json = JSON.stringify(page);
  expect(json).not.toContain(user.password);
  expect(json).not.toMatch(/\$argon2/);
  for (const secret of [user.rememberToken, user.twoFactorSecret, user.twoFactorRecoveryCodes]) {
    if (secret) expect(json).not.toContain(secret);
  }
  expect(json).not.toMatch(
    /"(remember_token|rememberToken|two_factor_secret|twoFactorSecret|two_factor_recovery_codes)"/,
  );
}

/** The error bag named `bag` of a page, or the default one. */
export const errorsOf = (page: Page, bag?: string) =>
  (bag ? (page.props.errors as Record<string, Record<string, string>>)[bag] : page.props.errors) as
    Record<string, string> | undefined;

/** The user's row as stored now. */
export async function storedUser(services: Pick<Services, 'db'>, id: number): Promise<UserRow> {
  const user = await userRepository(services.db).find(id);
  if (!user) throw new Error(`No user ${id}`);
  return user;
}

/** The remember-me cookie (`remember_web=…`) a response sets; not one that clears it. */
export const rememberCookieOf = (res: { headers: Record<string, unknown> }) =>
  ([] as string[])
    .concat((res.headers['set-cookie'] as string[]) ?? [])
    .find((cookie) => cookie.startsWith('remember_web=') && !cookie.startsWith('remember_web=;'))
    ?.split(';')[0];
