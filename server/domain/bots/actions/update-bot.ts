import type { Services } from '../../../services';
import { botRepository, type BotRow } from '../../../db/repositories/bot-repository';
import { knowledgeRepository } from '../../../db/repositories/knowledge-repository';
import { providerCredentialRepository } from '../../../db/repositories/provider-credential-repository';
import { botConfigSchema } from '../../../bot-engine/bot-config';
import { validate } from '../../shared/validation';
import { NotFoundError, ValidationError } from '../../../support/errors';
import { authorize } from '../../teams/team-access';
import { botPolicy, type BotActor } from '../bot-policy';
import { botDetailsSchema } from '../schemas';
import { botChanged } from '../events';

/**
 * Saves the edit form: name, description, colour, status and the monthly AI credit cap on the bot
 * (the cap takes effect at once, published or not), everything else into the draft configuration
 * (published versions are untouched until the next publish), and the saved test questions. Linked
 * knowledge bases must be the team's own.
 */
export async function updateBot(
  services: Pick<Services, 'db' | 'broadcaster'>,
  actor: BotActor,
  botId: number,
  input: Record<string, unknown>,
): Promise<BotRow> {
  const bots = botRepository(services.db, actor.teamId);
  const bot = await bots.find(botId);
  if (!bot) throw new NotFoundError();
  authorize(botPolicy.update(actor));
  const details = validate(botDetailsSchema, input);
  const config = validateConfig({ ...(input.config as Record<string, unknown> | undefined), name: details.name });
  const owned = await knowledgeRepository(services.db, actor.teamId).findMany(config.knowledgeIds);
  if (owned.length !== config.knowledgeIds.length) {
    throw new ValidationError({ 'config.knowledgeIds': 'The selected knowledge base is invalid.' });
  }
  if (
    config.model.providerId &&
    !(await providerCredentialRepository(services.db, actor.teamId).find(config.model.providerId))
  ) {
    throw new ValidationError({ 'config.model.providerId': 'The selected provider is invalid.' });
  }
  const draftChanged = JSON.stringify(config) !== JSON.stringify(bot.draft);
  const updated = await services.db.transaction(async (tx) => {
    const repository = botRepository(tx, actor.teamId);
    const row = await repository.update(
      botId,
      {
        name: details.name,
        description: details.description,
        avatarColor: details.avatar_color,
        ...(details.status ? { status: details.status } : {}),
        ...(details.monthly_credit_cap !== undefined ? { monthlyCreditCap: details.monthly_credit_cap } : {}),
        draft: config as unknown as Record<string, unknown>,
      },
      { draftChanged },
    );
    if (!row) throw new NotFoundError();
    await repository.replaceTestQuestions(botId, details.test_questions);
    return row;
  });
  await botChanged(services, actor.teamId, botId, 'updated');
  return updated;
}

/** The configuration's errors under `config.` (`config.model.temperature`), as the form names its fields. */
function validateConfig(input: unknown) {
  try {
    return validate(botConfigSchema, input);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    throw new ValidationError(
      Object.fromEntries(Object.entries(error.errors).map(([field, message]) => [`config.${field}`, message])),
    );
  }
}
