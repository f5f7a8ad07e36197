import supertest from 'supertest';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Express } from 'express';
import type { Services } from '../../server/services';
import { personalAccessTokens, sessions, teamUser } from '../../server/db/schema/index';
import { teamRepository, type TeamRow } from '../../server/db/repositories/team-repository';
import type { UserRow } from '../../server/db/repositories/user-repository';
import type { Role } from '../../server/domain/teams/roles';
import type { ApiTokensPageProps } from '../../server/presenters/api-token-presenter';
import type { Page } from '../../server/http/inertia/page';
import { createUser } from '../factories/users';
import { addMember, createTeam } from '../factories/teams';
import { expectPage, type browser } from './app';

type Client = Awaited<ReturnType<typeof browser>>;

/** A bearer request to the API, as an API client sends it (no cookies). */
export function api(app: Express, path: string, token?: string, method: 'get' | 'post' | 'put' | 'delete' = 'get') {
  const request = supertest(app)[method](path).set('Accept', 'application/json');
  return token === undefined ? request : request.set('Authorization', `Bearer ${token}`);
}

/** API/Index as the browser sees it. */
export async function tokensPage(client: Client): Promise<Page & { props: ApiTokensPageProps }> {
  return expectPage(await client.visit('/user/api-tokens'), 'API/Index') as Page & { props: ApiTokensPageProps };
}

/** What ApiTokenManager's create form sends, then the page the browser lands on (with the flash). */
export async function createThroughPage(client: Client, body: Record<string, unknown>) {
  const res = await client.send('post', '/user/api-tokens', body, { Referer: '/user/api-tokens' });
  const page = res.status === 303 ? await tokensPage(client) : undefined;
  return { res, page, plainText: page?.flash?.token as string | undefined };
}

/** The stored row, hash included (tests only: nothing else reads the hash column). */
export async function storedToken(services: Pick<Services, 'db'>, id: number) {
  const [row] = await services.db.select().from(personalAccessTokens).where(eq(personalAccessTokens.id, id));
  return row;
}

export async function allSessionIds(services: Pick<Services, 'db'>): Promise<string[]> {
  return (await services.db.select({ id: sessions.id }).from(sessions)).map((row) => row.id);
}

export async function leaveTeam(services: Pick<Services, 'db'>, team: TeamRow, user: UserRow) {
  await services.db.delete(teamUser).where(and(eq(teamUser.teamId, team.id), eq(teamUser.userId, user.id)));
}

/**
 * A user whose current team is a team where they hold `role`: their personal team for the owner,
 * otherwise another user's team they were added to.
 */
export async function userWithRole(
  services: Pick<Services, 'db'>,
  role: Role,
): Promise<{ user: UserRow; team: TeamRow }> {
  const user = await createUser(services);
  const teams = teamRepository(services.db);
  if (role === 'owner') return { user, team: (await teams.personalTeamOf(user.id))! };
  const team = await createTeam(services, await createUser(services));
  return { user: await addMember(services, team, user, role, { current: true }), team };
}

/** A 401 exactly as the API answers it. */
export function expectUnauthenticated(res: supertest.Response) {
  expect(res.status, res.text).toBe(401);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  expect(res.body).toEqual({ message: 'Unauthenticated.' });
}
