import { randomBytes } from 'node:crypto';
import type { Services } from '../../../services';
import { botRepository, type BotTurnRow } from '../../../db/repositories/bot-repository';
import { botConfigSchema, type BotConfig } from '../../../bot-engine/bot-config';
import { replyLanguage, type TurnResult } from '../../../bot-engine/turn';
import { smallTalk } from '../../../bot-engine/small-talk';
import { validate } from '../../shared/validation';
import { NotFoundError, ValidationError } from '../../../support/errors';
import type { CustomerFact } from '../../../bot-engine/customer';
import { factsOf } from '../../contacts/customer-facts';
import { teamContactFields } from '../../contacts/fields';
import { parseFieldValue } from '../../contacts/field-values';
import { ProviderError } from '../../../bot-engine/providers/provider';
import { authorize } from '../../teams/team-access';
import { botPolicy, type BotActor } from '../bot-policy';
import { chatSchema } from '../schemas';
import { replyDelta } from '../events';
import { answerTurn, turnRecord, upstreamError } from '../answer';
import { plannedModel, refusedTurn, reserveReply, settleReply } from '../../../billing/reply-metering';

/** A stored configuration, read with the defaults of anything it lacks. */
export function configOf(snapshot: Record<string, unknown>, name: string): BotConfig {
  return botConfigSchema.parse({ ...snapshot, name });
}

/**
 * The test chat on Bots/Show: one turn of the bot's draft (what the editor just saved), streamed
 * piece by piece to the asking user's private channel, then answered whole with its trace. The
 * thread keeps the conversation's history; the turn is recorded (source `test`), its citations
 * are not counted as hits.
 */
export async function chatWithBot(
  services: Pick<
    Services,
    'db' | 'config' | 'embedders' | 'knowledgeHits' | 'broadcaster' | 'encrypter' | 'mailer' | 'route' | 'logger'
  >,
  actor: BotActor,
  botId: number,
  input: unknown,
): Promise<{ turn: BotTurnRow; result: TurnResult; thread: string }> {
  const bots = botRepository(services.db, actor.teamId);
  const bot = await bots.find(botId);
  if (!bot) throw new NotFoundError();
  authorize(botPolicy.view(actor));
  const data = validate(chatSchema, input);
  const customer = data.customer ? await testCustomer(services, actor.teamId, data.customer) : undefined;
  const thread = data.thread ?? randomBytes(12).toString('base64url');
  const config = configOf(bot.draft, bot.name);
  const previous = await bots.thread(botId, thread);
  const history = previous.flatMap((turn) => [
    { role: 'user' as const, content: turn.question },
    { role: 'assistant' as const, content: turn.reply, kind: turn.kind as TurnResult['kind'] },
  ]);
  const request = randomBytes(6).toString('hex');
  // Deltas leave in order: each waits for the one before it.
  let sending = Promise.resolve();
  let result: TurnResult;
  // The test chat's replies are AI replies too (the model is asked all the same): metered alike.
  const usageKey = `test:${actor.teamId}:${request}`;
  const reservation = await reserveReply(services, {
    teamId: actor.teamId,
    key: usageKey,
    botId,
    contactId: null,
    model: plannedModel(services.config, config),
    source: 'test',
  });
  try {
    // Small talk needs no model: answered over the plan too.
    if (!reservation.ok && !smallTalk(data.message))
      result = refusedTurn(config, reservation, await replyLanguage(config.language, data.message, history));
    else
      result = await answerTurn(
        services,
        { teamId: actor.teamId, config, history, message: data.message, countHits: false, customer },
        (event) => {
          if (event.type === 'status') return;
          sending = sending.then(() =>
            replyDelta(services, actor.userId, { bot_id: botId, thread, request, type: event.type, text: event.text }),
          );
        },
      );
  } catch (error) {
    await settleReply(services, usageKey, null);
    // The model server failed (its answer is safe to show; it never holds the key): a bad gateway.
    if (error instanceof ProviderError) throw upstreamError(error);
    throw error;
  }
  if (reservation.ok) await settleReply(services, usageKey, result, reservation);
  await sending;
  const turn = await bots.recordTurn(
    turnRecord(
      result,
      { botId, version: null, source: 'test', userId: actor.userId, threadKey: thread, question: data.message },
      { request },
    ),
  );
  return { turn, result, thread };
}

/**
 * The customer a test chat speaks as: the values typed for the team's fields bots may tell, each
 * read in its field's type as a contact's are (a bad one a 422 under `customer.<key>`); other keys
 * and empty values are none.
 */
async function testCustomer(
  services: Pick<Services, 'db'>,
  teamId: number,
  values: Record<string, string>,
): Promise<CustomerFact[]> {
  const fields = (await teamContactFields(services.db, teamId)).filter((field) => field.bot_readable);
  const attributes: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const given = values[field.key];
    if (given === undefined || given.trim() === '') continue;
    const parsed = parseFieldValue(field, given);
    if (parsed.ok) attributes[field.key] = parsed.value;
    else errors[`customer.${field.key}`] = parsed.message;
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return factsOf(fields, attributes);
}
