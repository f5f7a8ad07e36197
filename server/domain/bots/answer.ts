import type { Services } from '../../services';
import type { Config } from '../../config/env';
import type { BotConfig } from '../../bot-engine/bot-config';
import type { ChatProvider } from '../../bot-engine/providers/provider';
import { OpenAiCompatibleProvider } from '../../bot-engine/providers/openai-compatible';
import { EXTRACTIVE_MODEL, ExtractiveProvider } from '../../bot-engine/providers/extractive';
import { runTurn, type HistoryMessage, type TurnEvent, type TurnResult } from '../../bot-engine/turn';
import type { CustomerFact } from '../../bot-engine/customer';
import { knowledgeRepository } from '../../db/repositories/knowledge-repository';
import { retrieve } from '../../knowledge/retrieve';
import { cachedRead, copied } from '../../cache/cached-reads';
import { providerCredentialRepository } from '../../db/repositories/provider-credential-repository';
import { privateAddressReason } from '../providers/public-address';
import type { NewTurn } from '../../db/repositories/bot-repository';
import { UpstreamError } from '../../support/errors';
import { ProviderError } from '../../bot-engine/providers/provider';

type AnswerServices = Pick<Services, 'db' | 'config' | 'embedders' | 'knowledgeHits' | 'encrypter'>;

/** A team's own model server, its key decrypted for the call. */
export interface TeamProvider {
  id: number;
  name: string;
  baseUrl: string;
  apiKey: string | undefined;
  models: string[];
}

const extractive = new ExtractiveProvider();
const remote = new Map<string, OpenAiCompatibleProvider>();

/** Who writes a bot's replies: the platform's model server, or the extractive provider without one. */
export function providerFor(
  config: Config,
  bot: BotConfig,
  team?: TeamProvider,
): { provider: ChatProvider; model: string; label: string } {
  const { ai } = config;
  if (team) {
    const model = bot.model.name || team.models[0] || '';
    const provider = new OpenAiCompatibleProvider({
      baseUrl: team.baseUrl,
      apiKey: team.apiKey,
      timeoutMs: ai.timeoutSeconds * 1000,
    });
    return { provider, model, label: `${model} (${team.name})` };
  }
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
  input: {
    teamId: number;
    config: BotConfig;
    history: HistoryMessage[];
    message: string;
    countHits: boolean;
    now?: Date;
    /** The customer's own details the bot may tell them (domain/contacts/customer-facts.ts). */
    customer?: readonly CustomerFact[];
  },
  onEvent?: (event: TurnEvent) => void,
): Promise<TurnResult> {
  const { provider, model } = providerFor(
    services.config,
    input.config,
    await teamProviderOf(services, input.teamId, input.config),
  );
  const knowledges = knowledgeRepository(services.db, input.teamId);
  const result = await runTurn(
    { config: input.config, history: input.history, message: input.message, now: input.now, customer: input.customer },
    {
      provider,
      model,
      retrieve: async (query, knowledgeIds, topK) => {
        // Read for every turn: through the hot cache, which a write to a knowledge base clears.
        const linked = await cachedRead(
          services.db,
          `turn-knowledges:${input.teamId}:${knowledgeIds.join(',')}`,
          { groups: ['knowledges'] },
          () => knowledges.findMany(knowledgeIds),
          copied,
        );
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

/** The team's own model server a bot names, or undefined for the platform's (or one since deleted). */
export async function teamProviderOf(
  services: Pick<Services, 'db' | 'encrypter' | 'config'>,
  teamId: number,
  bot: BotConfig,
): Promise<TeamProvider | undefined> {
  if (!bot.model.providerId) return undefined;
  const row = await providerCredentialRepository(services.db, teamId).find(bot.model.providerId);
  if (!row) return undefined;
  // Checked again when used: the host's DNS may have changed since it was saved.
  const blocked = await privateAddressReason(row.baseUrl, services.config.knowledge.allowPrivateUrls);
  if (blocked) throw new ProviderError('network', `The team's model server ${row.name} is not allowed: ${blocked}`);
  return {
    id: row.id,
    name: row.name,
    baseUrl: row.baseUrl,
    apiKey: row.apiKey ? services.encrypter.decrypt(row.apiKey) : undefined,
    models: row.models,
  };
}

/**
 * What the person reads: the reply, then the handoff message when a handoff followed an answer
 * (a handoff before the model already is its message).
 */
export function spokenReply(result: TurnResult): string {
  return result.handoff && result.kind !== 'handoff' ? `${result.reply}\n\n${result.handoff.message}` : result.reply;
}

/** A turn as `bot_turns` keeps it, whoever asked (test chat, API, later channels). */
export function turnRecord(
  result: TurnResult,
  asked: {
    botId: number;
    version: number | null;
    source: NewTurn['source'];
    userId: number | null;
    threadKey: string | null;
    question: string;
  },
  trace: Record<string, unknown> = {},
): NewTurn {
  return {
    ...asked,
    reply: spokenReply(result),
    kind: result.kind,
    citations: result.citations,
    trace: { ...result.trace, handoff: result.handoff, language: result.language, ...trace },
    promptTokens: result.trace.usage.promptTokens,
    completionTokens: result.trace.usage.completionTokens,
    latencyMs: Math.round(result.trace.latencyMs),
  };
}

/** A model server's failure as the 502 a client gets: what the server answered, never its key. */
export function upstreamError(error: ProviderError): UpstreamError {
  return new UpstreamError(`The model could not answer. ${error.message}`);
}
