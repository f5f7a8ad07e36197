import { expect } from 'vitest';
import type { Response } from 'supertest';
import type { browser } from './app';
import { expectPage } from './app';
import type { Page } from '../../server/http/inertia/page';
import type { AuthUser } from '../../server/presenters/user-presenter';
import type { TeamShowProps } from '../../server/presenters/team-presenter';
import { teamMembershipRepository } from '../../server/db/repositories/team-membership-repository';
import { userRepository } from '../../server/db/repositories/user-repository';
import type { Services } from '../../server/services';

type Client = Awaited<ReturnType<typeof browser>>;

export const authUser = (page: Page) => (page.props.auth as { user: AuthUser }).user;

/** Teams/Show of the team, as its member sees it. */
export async function teamPage(client: Client, teamId: number): Promise<TeamShowProps & { page: Page }> {
  const page = expectPage(await client.visit(`/teams/${teamId}`), 'Teams/Show');
  return { ...(page.props as unknown as TeamShowProps), page };
}

/** The user's role in the team as stored (`owner`, a member role, or undefined). */
export async function roleIn(
  services: Pick<Services, 'db'>,
  teamId: number,
  userId: number,
): Promise<string | undefined> {
  const owner = await teamMembershipRepository(services.db, userId).find(teamId);
  return owner?.role;
}

export async function currentTeamId(services: Pick<Services, 'db'>, userId: number): Promise<number | null> {
  return (await userRepository(services.db).find(userId))!.currentTeamId;
}

/** A form submission coming from the team page (validation errors go back there). */
export function fromTeamPage(client: Client, teamId: number) {
  const referer = { Referer: `/teams/${teamId}` };
  return {
    post: (url: string, body: Record<string, unknown>, bag?: string) =>
      client.send('post', url, body, { ...referer, ...(bag ? { 'X-Inertia-Error-Bag': bag } : {}) }),
    put: (url: string, body: Record<string, unknown>, bag?: string) =>
      client.send('put', url, body, { ...referer, ...(bag ? { 'X-Inertia-Error-Bag': bag } : {}) }),
    delete: (url: string, body: Record<string, unknown> = {}, bag?: string) =>
      client.send('delete', url, body, { ...referer, ...(bag ? { 'X-Inertia-Error-Bag': bag } : {}) }),
  };
}

export function expectRedirect(res: Response, location: string, status = 303): void {
  expect(res.status, res.text.slice(0, 200)).toBe(status);
  expect(res.headers.location).toBe(location);
}
