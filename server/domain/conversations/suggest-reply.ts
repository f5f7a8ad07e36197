/**
 * A drafted reply for an agent (a copilot): the conversation's bot answers the customer's latest
 * messages from its knowledge, as it would have, and the agent gets the words and their sources to
 * edit and send, or not. Nothing is stored in the thread and nothing reaches the customer; the
 * model's call is metered as the bot's replies are (source `copilot`).
 */
import type { Services } from '../../services';
import { botRepository } from '../../db/repositories/bot-repository';
import { conversationRepository } from '../../db/repositories/conversation-repository';
import { historyOf, spokenToCustomer } from '../../channels/pipeline';
import { answerTurn, upstreamError } from '../bots/answer';
import { configOf } from '../bots/actions/chat';
import { plannedModel, refusedTurn, reserveReply, settleReply } from '../../billing/reply-metering';
import { replyLanguage, type TurnResult } from '../../bot-engine/turn';
import { citationMarkers, withoutMarkers, type Citation } from '../../bot-engine/citations';
import { ProviderError } from '../../bot-engine/providers/provider';
import { ValidationError } from '../../support/errors';
import { authorize, type TeamActor } from '../teams/team-access';
import { conversationContext, conversationPolicy } from './conversation-actions';
import { randomBytes } from 'node:crypto';
import { customerFacts } from '../contacts/customer-facts';

type SuggestServices = Pick<
  Services,
  'db' | 'config' | 'embedders' | 'knowledgeHits' | 'encrypter' | 'broadcaster' | 'mailer' | 'route' | 'logger'
>;

/** How many of the latest messages the draft reads: the customer's question and what came before. */
const readLimit = 40;

export interface SuggestedReply {
  /** The draft, without citation markers (the agent's own reply carries none); empty when the bot has none. */
  text: string;
  /** answer, curated, fallback (nothing in the knowledge), smalltalk, handoff… */
  kind: TurnResult['kind'];
  /** The knowledge the draft comes from, each source once (its knowledge base's page). */
  sources: { title: string; url: string | null }[];
  /** What the draft answers: the customer's messages since the last reply they saw. */
  question: string;
}

/**
 * Drafts a reply to the customer's latest messages in the conversation, by its bot (the published
 * version; the draft of a bot never published). A 422 when no bot answers there or the customer has
 * not written; the model server's failure is a 502 with what it said.
 */
export async function suggestReply(
  services: SuggestServices,
  actor: TeamActor,
  conversationId: number,
): Promise<SuggestedReply> {
  const { conversation, channel } = await conversationContext(services, actor, conversationId);
  authorize(conversationPolicy.reply(actor));
  const botId = conversation.botId ?? channel.botId;
  const bots = botRepository(services.db, actor.teamId);
  const bot = botId === null ? undefined : await bots.find(botId);
  if (!bot) {
    throw new ValidationError({
      suggestion: 'No bot answers on this channel: give it one to draft replies from its knowledge.',
    });
  }
  const version = bot.publishedVersion === null ? undefined : await bots.versionNumber(bot.id, bot.publishedVersion);
  const config = configOf(version?.config ?? bot.draft, bot.name);

  const rows = await conversationRepository(services.db, actor.teamId).messages(conversation.id, { limit: readLimit });
  const lastSpoken = rows.findLastIndex(spokenToCustomer);
  const asked = rows.slice(lastSpoken + 1).filter((row) => row.sender === 'contact' && row.text.trim() !== '');
  const latest =
    asked.length > 0 ? asked : rows.filter((row) => row.sender === 'contact' && row.text.trim() !== '').slice(-1);
  if (latest.length === 0)
    throw new ValidationError({ suggestion: 'The customer has not written anything to answer yet.' });
  const question = latest.map((row) => row.text).join('\n');
  const firstAsked = rows.indexOf(latest[0]);
  const history = historyOf(rows.slice(0, firstAsked));

  const usageKey = `copilot:${conversation.id}:${randomBytes(6).toString('hex')}`;
  const reservation = await reserveReply(services, {
    teamId: actor.teamId,
    key: usageKey,
    botId: bot.id,
    // An agent's draft is not the customer's: it does not count against their own daily cap.
    contactId: null,
    model: plannedModel(services.config, config),
    source: 'copilot',
  });
  let result: TurnResult;
  try {
    result = reservation.ok
      ? await answerTurn(services, {
          teamId: actor.teamId,
          config,
          history,
          message: question,
          countHits: false,
          // What the bot would tell the customer about themselves, it drafts too.
          customer: await draftFacts(services, channel, conversation),
        })
      : refusedTurn(config, reservation, await replyLanguage(config.language, question, history));
  } catch (error) {
    await settleReply(services, usageKey, null);
    if (error instanceof ProviderError) throw upstreamError(error);
    throw error;
  }
  if (reservation.ok) await settleReply(services, usageKey, result, reservation);
  const citations = result.citations as Citation[];
  // The answer alone: a handoff's "a person will reply" is the bot's words to the customer, not the agent's.
  const drafted = result.kind === 'fallback' || result.kind === 'handoff' ? '' : result.reply;
  return {
    text: withoutMarkers(drafted, citationMarkers(citations)).trim(),
    kind: result.kind,
    sources: uniqueSources(citations, (knowledgeId) => services.route('knowledges.edit', knowledgeId)),
    question,
  };
}

/** Each cited source once, linked to its knowledge base's page when the passage named it. */
function uniqueSources(citations: Citation[], knowledgeUrl: (id: number) => string): SuggestedReply['sources'] {
  const seen = new Map<number, SuggestedReply['sources'][number]>();
  for (const citation of citations) {
    if (seen.has(citation.sourceId)) continue;
    const url = citation.knowledgeId === undefined ? null : knowledgeUrl(citation.knowledgeId);
    seen.set(citation.sourceId, { title: citation.sourceTitle, url });
  }
  return [...seen.values()];
}

/** The customer's details the bot may tell them (customer-facts.ts), for a draft as for its own reply. */
async function draftFacts(
  services: SuggestServices,
  channel: Parameters<typeof customerFacts>[1],
  conversation: Parameters<typeof customerFacts>[2] & { contactId: number },
) {
  const contact = await conversationRepository(services.db, channel.teamId).contact(conversation.contactId);
  return contact ? customerFacts(services, channel, conversation, contact) : [];
}
