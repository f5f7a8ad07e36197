import type { Services } from '../../server/services';
import { userRepository, type UserRow } from '../../server/db/repositories/user-repository';
import { enableTwoFactor } from '../../server/domain/two-factor/actions/enable-two-factor';
import type { browser } from './app';

type Client = Awaited<ReturnType<typeof browser>>;

export async function freshUser(services: Pick<Services, 'db'>, id: number): Promise<UserRow> {
  return (await userRepository(services.db).find(id))!;
}

/** The decrypted secret and recovery codes, as stored. */
export async function storedTwoFactor(services: Pick<Services, 'db' | 'encrypter'>, id: number) {
  const user = await freshUser(services, id);
  return {
    user,
    secret: user.twoFactorSecret ? services.encrypter.decrypt(user.twoFactorSecret) : null,
    recoveryCodes: user.twoFactorRecoveryCodes
      ? (JSON.parse(services.encrypter.decrypt(user.twoFactorRecoveryCodes)) as string[])
      : [],
  };
}

/** A user with two-factor authentication enabled and (by default) confirmed, as after the profile flow. */
export async function withTwoFactor(
  services: Pick<Services, 'db' | 'encrypter' | 'logger'>,
  user: UserRow,
  options: { confirmed?: boolean } = {},
) {
  await enableTwoFactor(services, user);
  if (options.confirmed ?? true)
    await userRepository(services.db).update(user.id, { twoFactorConfirmedAt: new Date() });
  return storedTwoFactor(services, user.id);
}

/** An XHR asking for JSON, as axios/fetch on the profile page sends it. */
export function json(client: Client, method: 'get' | 'post' | 'delete', url: string, body?: Record<string, unknown>) {
  const request = client.agent[method](url).set({
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
    'X-XSRF-TOKEN': client.token,
  });
  return body === undefined ? request : request.send(body);
}

/** Confirms the password in this session (POST /user/confirm-password as the modal does it). */
export async function confirmPassword(client: Client, password = 'password'): Promise<void> {
  const res = await json(client, 'post', '/user/confirm-password', { password });
  if (res.status !== 201) throw new Error(`Password confirmation failed: ${res.status} ${res.text}`);
}
