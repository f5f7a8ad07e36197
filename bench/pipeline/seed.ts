/**
 * The pipeline benchmark's tenant, made through the actions a user's clicks call (as the demo seed
 * does, without the demo's history): an owner and their team, the demo café FAQ as a knowledge
 * base (its Q&A pairs and "Tentang Kami" text, ingested by the real jobs), a bot linked to it and
 * published, and the Telegram channel of the bot whose key, token and secret the parent chose.
 */
import { randomBytes } from 'node:crypto';
import type { Services } from '../../server/services';
import { createAccount } from '../../server/domain/auth/personal-team';
import { hashPassword } from '../../server/support/passwords';
import { teamRepository } from '../../server/db/repositories/team-repository';
import { createKnowledge } from '../../server/domain/knowledges/actions/create-knowledge';
import { addSource } from '../../server/domain/knowledges/actions/add-source';
import { demoKnowledges } from '../../server/db/seed-data/knowledge/index';
import { createBot } from '../../server/domain/bots/actions/create-bot';
import { publishBot } from '../../server/domain/bots/actions/publish-bot';
import { channelRepository, type ChannelRow } from '../../server/db/repositories/channel-repository';
import type { BenchChannel } from './protocol';

export async function seedPipelineTenant(services: Services, bench: BenchChannel): Promise<ChannelRow> {
  const owner = await createAccount(
    services.db,
    {
      name: 'Bench Owner',
      email: 'bench-owner@kawan.test',
      password: await hashPassword(randomBytes(16).toString('hex')),
      emailVerifiedAt: new Date(),
    },
    'Warung Kopi Bench',
  );
  const team = (await teamRepository(services.db).personalTeamOf(owner.id))!;
  const actor = { userId: owner.id, teamId: team.id, role: 'owner' as const };
  const faq = demoKnowledges[0];
  const knowledge = await createKnowledge(services, actor, {
    name: faq.name,
    description: faq.description,
    language: faq.language,
  });
  for (const source of faq.sources) {
    if (source.type === 'qa') {
      await addSource(services, actor, knowledge.id, {
        type: 'qa',
        question: source.question,
        alternatives: source.alternatives,
        answer: source.answer,
      });
    } else if (source.type === 'text') {
      await addSource(services, actor, knowledge.id, { type: 'text', title: source.title, text: source.text });
    }
  }
  await services.jobs.drain();
  const bot = await createBot(services, actor, {
    name: 'Asisten Warung Kopi',
    description: 'Menjawab pelanggan',
    avatar_color: 'emerald',
    knowledge_ids: [knowledge.id],
  });
  await publishBot(services, actor, bot.id, { note: 'bench' });
  return channelRepository(services.db, team.id).create({
    type: 'telegram',
    botId: bot.id,
    name: 'Telegram @kawan_bench_bot',
    status: 'active',
    publicKey: bench.publicKey,
    displayIdentifier: '@kawan_bench_bot',
    settings: { botUsername: 'kawan_bench_bot' },
    secrets: services.encrypter.encrypt(
      JSON.stringify({ botToken: bench.botToken, webhookSecret: bench.webhookSecret }),
    ),
    createdBy: owner.id,
  });
}
