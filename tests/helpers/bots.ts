import { expect } from 'vitest';
import type { TestApp } from './app';
import { knowledgeClient } from './knowledge';
import { createOwnedTeam } from '../factories/teams';

/** A team owner with a ready knowledge base of café answers, signed in, and a bot linked to it. */
export async function cafeBot(app: TestApp, options: { grounding?: 'strict' | 'balanced' } = {}) {
  const { owner, team } = await createOwnedTeam(app.services, { current: true });
  const client = await knowledgeClient(app, owner);
  const knowledge = await client.send('post', '/knowledges', { name: 'FAQ', language: 'indonesian' });
  const knowledgeId = Number((knowledge.headers.location as string).split('/')[2]);
  await client.send('post', `/knowledges/${knowledgeId}/sources`, {
    type: 'qa',
    question: 'Apakah bisa bayar pakai QRIS?',
    alternatives: 'bisa bayar pake qris ga?\nterima e-wallet?',
    answer: 'Bisa. Kami menerima QRIS, GoPay, OVO, kartu debit/kredit dan tunai.',
  });
  await client.send('post', `/knowledges/${knowledgeId}/sources`, {
    type: 'text',
    title: 'Jam buka',
    text: '# Jam buka\n\nOutlet Kemang buka setiap hari pukul 07.00 sampai 22.00.\n\n# Parkir\n\nParkir motor gratis, parkir mobil Rp 5.000 per jam.',
  });
  await client.work();
  const created = await client.send('post', '/bots', {
    name: 'Asisten Kopi',
    description: 'Menjawab pelanggan',
    avatar_color: 'emerald',
    knowledge_ids: [knowledgeId],
  });
  expect(created.status).toBe(303);
  const botId = Number((created.headers.location as string).split('/')[2]);
  if (options.grounding) {
    const edit = (await client.visit(`/bots/${botId}/edit`)).body.props as { config: Record<string, unknown> };
    await client.send('put', `/bots/${botId}`, {
      name: 'Asisten Kopi',
      avatar_color: 'emerald',
      config: { ...edit.config, grounding: options.grounding },
    });
  }
  const chat = async (message: string, thread?: string) => {
    const res = await client.agent
      .post(`/bots/${botId}/chat`)
      .set({ 'X-XSRF-TOKEN': client.token, 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' })
      .send({ message, ...(thread ? { thread } : {}) });
    return res;
  };
  return { owner, team, client, knowledgeId, botId, chat };
}
