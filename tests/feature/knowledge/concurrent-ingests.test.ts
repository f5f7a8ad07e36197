import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../helpers/app';
import { onPlan } from '../../helpers/billing';
import { knowledgeClient } from '../../helpers/knowledge';
import { createOwnedTeam } from '../../factories/teams';
import { knowledgeChunks, knowledgeSources } from '../../../server/db/schema/index';
import { runIngest } from '../../../server/jobs/knowledge-jobs';

/**
 * The job workers run several ingests at once (`ingestConcurrency`). Two sources of one team that
 * each fit in what the plan leaves, but not both, are ingested at the same time: the limit is
 * checked again under the team's lock just before each commits, so exactly one is stored and the
 * other fails with the plan's reason, its chunks never kept.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('ingests at the same time', () => {
  it('lets only one of two sources of one team take the last room the plan leaves', async () => {
    const { owner, team } = await createOwnedTeam(app.services, { current: true });
    await onPlan(app, team.id, 'starter');
    const client = await knowledgeClient(app, owner);
    const created = await client.send('post', '/knowledges', { name: 'Menu', language: 'indonesian' });
    const knowledgeId = Number((created.headers.location as string).split('/')[2]);
    await client.send('post', `/knowledges/${knowledgeId}/sources`, {
      type: 'text',
      title: 'Catatan',
      text: 'Buka jam 8.',
    });
    await client.work();
    // The Starter plan holds 2,000,000 characters: 700 are left, and each new source has 420.
    await app.services.db
      .update(knowledgeSources)
      .set({ chars: 2_000_000 - 700 })
      .where(eq(knowledgeSources.teamId, team.id));
    for (const title of ['Kopi', 'Teh']) {
      const res = await client.send('post', `/knowledges/${knowledgeId}/sources`, {
        type: 'text',
        title,
        text: `${title} susu gula aren enak. `.repeat(20).slice(0, 420),
      });
      expect(res.status).toBe(303);
    }
    const queued = await app.services.db
      .select()
      .from(knowledgeSources)
      .where(and(eq(knowledgeSources.teamId, team.id), eq(knowledgeSources.status, 'queued')));
    expect(queued.map((source) => source.title).sort()).toEqual(['Kopi', 'Teh']);

    const outcomes = await Promise.all(
      queued.map((source) => runIngest(app.services, { sourceId: source.id, generation: source.generation })),
    );
    expect([...outcomes].sort()).toEqual(['failed', 'ingested']);

    const sources = await app.services.db.select().from(knowledgeSources).where(eq(knowledgeSources.teamId, team.id));
    const failed = sources.find((source) => source.status === 'error')!;
    expect(failed.error).toMatch(
      /^This source has 420 characters of text\. The Starter plan holds 2,000,000 characters of knowledge and (280|700) are left\./,
    );
    expect(await app.services.db.select().from(knowledgeChunks).where(eq(knowledgeChunks.sourceId, failed.id))).toEqual(
      [],
    );
    const [{ total }] = await app.services.db
      .select({ total: sql<number>`sum(${knowledgeSources.chars})::int` })
      .from(knowledgeSources)
      .where(eq(knowledgeSources.teamId, team.id));
    expect(Number(total)).toBe(2_000_000 - 700 + 420);
  });
});
