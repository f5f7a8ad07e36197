import { expect } from 'vitest';
import type { DatabaseHandle } from '../../../server/db/client';
import type { signedIn } from '../../helpers/app';

type Client = Awaited<ReturnType<typeof signedIn>>;

/**
 * Through the owner's signed-in client, as the pages do it: a knowledge base with one text source
 * (waited for until the workers have read it) and a bot on it, published as version 1.
 */
export async function publishedBotOn(
  client: Client,
  database: DatabaseHandle,
  teamId: number,
  content: { knowledge: string; title: string; text: string; bot: string },
): Promise<{ knowledgeId: number; botId: number }> {
  const knowledge = await client.send('post', '/knowledges', { name: content.knowledge, language: 'indonesian' });
  const knowledgeId = Number((knowledge.headers.location as string).split('/')[2]);
  await client.send('post', `/knowledges/${knowledgeId}/sources`, {
    type: 'text',
    title: content.title,
    text: content.text,
  });
  await expect
    .poll(
      async () =>
        (await database.execute('select status from knowledge_sources where team_id = $1', [teamId])).rows.map(
          (row) => row.status,
        ),
      { timeout: 30_000 },
    )
    .toEqual(['ready']);
  const created = await client.send('post', '/bots', {
    name: content.bot,
    avatar_color: 'indigo',
    knowledge_ids: [knowledgeId],
  });
  const botId = Number((created.headers.location as string).split('/')[2]);
  expect((await client.send('post', `/bots/${botId}/publish`, { note: 'v1' })).status).toBe(303);
  return { knowledgeId, botId };
}
