import type { Services } from '../../services';
import type { Config } from '../../config/env';
import type { BotConfig } from '../../bot-engine/bot-config';
import type { ChatProvider } from '../../bot-engine/providers/provider';
import { OpenAiCompatibleProvider } from '../../bot-engine/providers/openai-compatible';
import { EXTRACTIVE_MODEL, ExtractiveProvider } from '../../bot-engine/providers/extractive';
import { runTurn, type HistoryMessage, type TurnEvent, type TurnResult } from '../../bot-engine/turn';
import { knowledgeRepository } from '../../db/repositories/knowledge-repository';
import { retrieve } from '../../knowledge/retrieve';

type AnswerServices = Pick<Services, 'db' | 'config' | 'embedders' | 'knowledgeHits'>;

const extractive = new ExtractiveProvider();
const remote = new Map<string, OpenAiCompatibleProvider>();

/** Who writes a bot's replies: the platform's model server, or the extractive provider without one. */
export function providerFor(config: Config, bot: BotConfig): { provider: ChatProvider; model: string; label: string } {
  const { ai } = config;
  const model = bot.model.name || ai.chatModel;
  if (ai.baseUrl && model) {
    const key = `${ai.baseUrl}\n${ai.fallbackModel ?? ''}`;
    let provider = remote.get(key);
    if (!provider) {
      provider = new OpenAiCompatibleProvider({
        baseUrl: ai.baseUrl,
        apiKey: ai.apiKey,
        fallbackModel: ai.fallbackModel,
        timeoutMs: ai.timeoutSeconds * 1000,
      });
      remote.set(key, provider);
    }
    return { provider, model, label: `${model} (${new URL(ai.baseUrl).host})` };
  }
  return {
    provider: extractive,
    model: EXTRACTIVE_MODEL,
    label: 'Extractive (offline): replies quote the best passages of the knowledge; no language model writes them',
  };
}

/**
 * One turn of a bot of the team: retrieval over the bot's knowledge bases (only the team's own),
 * the provider the configuration resolves to, the engine's turn. `countHits` adds the cited chunks
 * to their hit counts (answers to people and API callers; not the test chat).
 */
export async function answerTurn(
  services: AnswerServices,
  input: { teamId: number; config: BotConfig; history: HistoryMessage[]; message: string; countHits: boolean; now?: Date },
  onEvent?: (event: TurnEvent) => void,
): Promise<TurnResult> {
  const { provider, model } = providerFor(services.config, input.config);
  const knowledges = knowledgeRepository(services.db, input.teamId);
  const result = await runTurn(
    { config: input.config, history: input.history, message: input.message, now: input.now },
    {
      provider,
      model,
      retrieve: async (query, knowledgeIds, topK) => {
        const linked = await knowledges.findMany(knowledgeIds);
        const found = await retrieve(
          services.db,
          (k) => services.embedders.for({ provider: k.embeddingProvider, model: k.embeddingModel }),
          { teamId: input.teamId, knowledges: linked, query, limit: topK },
        );
        return found.chunks;
      },
    },
    onEvent,
  );
  if (input.countHits) {
    const cited = result.citations.map((citation) => ({ id: citation.chunkId, sourceId: citation.sourceId }));
    services.knowledgeHits.record(cited);
  }
  return result;
}
