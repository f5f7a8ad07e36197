import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { ago, historyConversation, settle } from '../../helpers/reports';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { createChannel } from '../../factories/channels';
import { createPublishedBot } from '../../factories/bots';
import { teamUser } from '../../../server/db/schema/index';
import type { UserRow } from '../../../server/db/repositories/user-repository';
import type { PersonFigures } from '../../../server/reports/people';
import { and, eq } from 'drizzle-orm';

/**
 * The Reports page's "By person": what each member who answers conversations did in the window
 * (taken, replies, first response, resolved, rating), from the raw rows, with the bot and channel
 * filters; everyone who answers is listed, a member who left with figures in the window is marked,
 * viewers are not; an agent sees their own row only; the CSV export has the same rows.
 */
let app: TestApp;
let owner: UserRow;
let ayu: UserRow;
let budi: UserRow;
let citra: UserRow;
let channels: { web: number; whatsapp: number };

beforeAll(async () => {
  app = await createTestApp();
  const { services } = app;
  const created = await createOwnedTeam(services, { current: true, owner: { name: 'Dewi Santoso' } });
  owner = created.owner;
  const team = created.team;
  ayu = await createMember(services, team, 'agent', { current: true, name: 'Ayu Lestari' });
  budi = await createMember(services, team, 'agent', { current: true, name: 'Budi Hartono' });
  citra = await createMember(services, team, 'agent', { current: true, name: 'Citra Wijaya' });
  await createMember(services, team, 'viewer', { current: true, name: 'Vina Viewer' });
  const { bot } = await createPublishedBot(services, team.id);
  const web = await createChannel(services, team.id, { type: 'web', botId: bot.id });
  const whatsapp = await createChannel(services, team.id, { type: 'whatsapp', botId: bot.id });
  channels = { web: web.id, whatsapp: whatsapp.id };

  // Ayu: two handed over to her (a first reply two minutes after each handoff), both resolved and rated 5 and 3.
  await historyConversation(services, web, {
    at: ago(2),
    handoff: 'user_request',
    assigneeId: ayu.id,
    resolvedBy: 'human',
    csat: 5,
  });
  await historyConversation(services, whatsapp, {
    at: ago(3),
    handoff: 'offline',
    assigneeId: ayu.id,
    resolvedBy: 'human',
    csat: 3,
  });
  // Budi: one, still open; and one 40 days ago, outside the last 30 days.
  await historyConversation(services, web, { at: ago(1), handoff: 'user_request', assigneeId: budi.id });
  await historyConversation(services, web, { at: ago(40), handoff: 'user_request', assigneeId: budi.id });
  // Citra answered one, then left the team.
  await historyConversation(services, web, { at: ago(4), handoff: 'user_request', assigneeId: citra.id });
  await services.db.delete(teamUser).where(and(eq(teamUser.teamId, team.id), eq(teamUser.userId, citra.id)));
  await settle(services);
});
afterAll(() => app.close());

async function peopleFor(user: UserRow, query = '') {
  const page = expectPage(await (await signedIn(app.app, user)).visit(`/reports${query}`), 'Reports/Index');
  return page.props.people as PersonFigures[];
}

const zero = { median: null, p90: null, count: 0 };

describe('the report by person', () => {
  it('lists what each person who answers did in the window, the busiest first', async () => {
    const people = await peopleFor(owner);
    expect(people).toEqual([
      {
        id: ayu.id,
        name: 'Ayu Lestari',
        former: false,
        taken: 2,
        replies: 2,
        conversations_replied: 2,
        first_response: { median: 120, p90: 120, count: 2 },
        resolved: 2,
        csat_average: 4,
        csat_count: 2,
      },
      {
        id: budi.id,
        name: 'Budi Hartono',
        former: false,
        taken: 1,
        replies: 1,
        conversations_replied: 1,
        first_response: { median: 120, p90: 120, count: 1 },
        resolved: 0,
        csat_average: null,
        csat_count: 0,
      },
      expect.objectContaining({ id: citra.id, name: 'Citra Wijaya', former: true, taken: 1, replies: 1 }),
      {
        id: owner.id,
        name: 'Dewi Santoso',
        former: false,
        taken: 0,
        replies: 0,
        conversations_replied: 0,
        first_response: zero,
        resolved: 0,
        csat_average: null,
        csat_count: 0,
      },
    ]);
    // Viewers do not answer conversations.
    expect(people.map((person) => person.name)).not.toContain('Vina Viewer');
  });

  it('follows the channel filter and the window', async () => {
    const onWhatsApp = await peopleFor(owner, `?channel=${channels.whatsapp}`);
    expect(onWhatsApp.find((person) => person.id === ayu.id)).toMatchObject({ taken: 1, replies: 1, csat_count: 1 });
    expect(onWhatsApp.find((person) => person.id === budi.id)).toMatchObject({ taken: 0, replies: 0 });
    // A custom range around Budi's old conversation (a day either side, whatever the team's zone) has it.
    const day = (daysAgo: number) => ago(daysAgo).toISOString().slice(0, 10);
    const then = await peopleFor(owner, `?range=custom&from=${day(41)}&to=${day(39)}`);
    expect(then.find((person) => person.id === budi.id)).toMatchObject({ taken: 1, replies: 1 });
    expect(then.find((person) => person.id === ayu.id)).toMatchObject({ taken: 0, replies: 0 });
  });

  it('shows an agent their own row only', async () => {
    const people = await peopleFor(budi);
    expect(people.map((person) => person.id)).toEqual([budi.id]);
  });

  it('exports the same rows as CSV', async () => {
    const res = await (await signedIn(app.app, owner)).agent.get('/reports/export/people');
    expect(res.status).toBe(200);
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'person,former_member,taken,replies,conversations_replied,first_response_median_s,first_response_p90_s,resolved,csat_average,csat_count',
    );
    expect(lines[1]).toBe('Ayu Lestari,false,2,2,2,120,120,2,4,2');
    expect(lines).toHaveLength(5);
  });
});
