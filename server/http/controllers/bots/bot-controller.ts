import { channelRepository } from '../../../db/repositories/channel-repository';
import type { Request, Response } from 'express';
import { botRepository } from '../../../db/repositories/bot-repository';
import { knowledgeRepository } from '../../../db/repositories/knowledge-repository';
import { createBot } from '../../../domain/bots/actions/create-bot';
import { updateBot } from '../../../domain/bots/actions/update-bot';
import { deleteBot } from '../../../domain/bots/actions/delete-bot';
import { publishBot } from '../../../domain/bots/actions/publish-bot';
import { restoreVersion } from '../../../domain/bots/actions/restore-version';
import { chatWithBot, configOf } from '../../../domain/bots/actions/chat';
import { setFeedback } from '../../../domain/bots/actions/feedback';
import { latestReplay, replayQuestionCounts, startReplay } from '../../../domain/bots/actions/replay';
import { providerFor, teamProviderOf } from '../../../domain/bots/answer';
import { providerCredentialRepository } from '../../../db/repositories/provider-credential-repository';
import { botPolicy, type BotActor } from '../../../domain/bots/bot-policy';
import { avatarColors, botStatuses } from '../../../domain/bots/schemas';
import { botLanguages, groundingModes, weekdays, defaultBotConfig } from '../../../bot-engine/bot-config';
import { authorize } from '../../../domain/teams/team-access';
import { NotFoundError } from '../../../support/errors';
import { botRepliesThisMonth } from '../../../domain/bots/bot-replies';
import { presentBotSummary, presentReplay, presentTurn, presentVersion } from '../../../presenters/bot-presenter';
import { routeId } from '../../route-params';
import { pageMeta, pageNumber } from '../../pagination';
import { teamActor } from '../../team-actor';
import { teamContactFields } from '../../../domain/contacts/fields';
import { botCreditsThisPeriod, limitOf } from '../../../domain/billing/plan-usage';

const perPage = 12;

function can(actor: BotActor) {
  return {
    create: botPolicy.create(actor),
    update: botPolicy.update(actor),
    delete: botPolicy.delete(actor),
  };
}

/**
 * Bots/Index: the team's bots with their status, knowledge, replies this month and AI credits this
 * billing period; search and status filter; where the team stands against its plan's bots.
 */
export async function index(req: Request) {
  const actor = await teamActor(req);
  authorize(botPolicy.view(actor));
  const search = typeof req.query.search === 'string' ? req.query.search.trim().slice(0, 100) : '';
  const status = (botStatuses as readonly string[]).includes(String(req.query.status))
    ? (req.query.status as (typeof botStatuses)[number])
    : undefined;
  const page = pageNumber(req.query.page);
  const { items, total } = await botRepository(req.services.db, actor.teamId).page({
    search,
    status,
    page,
    perPage,
  });
  // The channels each bot answers on, by type (the list shows "Web chat, WhatsApp").
  const [channelsByBot, credits, replies, limit] = await Promise.all([
    channelRepository(req.services.db, actor.teamId).countByBot(),
    botCreditsThisPeriod(req.services, actor.teamId),
    botRepliesThisMonth(req.services.db, actor.teamId),
    limitOf(req.services, actor.teamId, 'bots'),
  ]);
  await req.inertia.render('Bots/Index', {
    bots: {
      data: items.map((bot) =>
        presentBotSummary(bot, {
          creditsThisPeriod: credits.get(bot.id) ?? 0,
          repliesThisMonth: replies.get(bot.id) ?? 0,
        }),
      ),
      meta: pageMeta(page, perPage, total),
    },
    channels: Object.fromEntries(items.map((bot) => [bot.id, channelsByBot.get(bot.id) ?? []])),
    filters: { search, status: status ?? '' },
    statuses: [...botStatuses],
    limit,
    can: can(actor),
  });
}

async function formOptions(req: Request, teamId: number) {
  const knowledges = await knowledgeRepository(req.services.db, teamId).page({ page: 1, perPage: 200 });
  return {
    knowledges: knowledges.items.map((k) => ({
      id: k.id,
      name: k.name,
      sources_count: k.sourceCount,
      chunks_count: k.chunkCount,
    })),
    options: {
      languages: [...botLanguages],
      grounding: [...groundingModes],
      avatar_colors: [...avatarColors],
      statuses: [...botStatuses],
      weekdays: [...weekdays],
    },
    ai: { default_model: providerFor(req.services.config, defaultBotConfig('')).label },
    providers: (await providerCredentialRepository(req.services.db, teamId).all()).map((provider) => ({
      id: provider.id,
      name: provider.name,
      models: provider.models,
    })),
  };
}

export async function create(req: Request) {
  const actor = await teamActor(req);
  authorize(botPolicy.create(actor));
  await req.inertia.render('Bots/Create', {
    defaults: defaultBotConfig(''),
    ...(await formOptions(req, actor.teamId)),
    can: can(actor),
  });
}

export async function store(req: Request, res: Response) {
  const bot = await createBot(req.services, await teamActor(req), req.body);
  req.inertia
    .flash('banner', `${bot.name} was created as a draft. Try it, then publish it.`)
    .flash('bannerStyle', 'success');
  res.redirect(303, req.services.route('bots.show', bot.id));
}

async function loadBot(req: Request) {
  const actor = await teamActor(req);
  authorize(botPolicy.view(actor));
  const bots = botRepository(req.services.db, actor.teamId);
  const bot = await bots.find(routeId(req, 'bot'));
  if (!bot) throw new NotFoundError();
  return { actor, bots, bot };
}

/** Bots/Show: the bot at a glance, its versions, and the test chat. */
export async function show(req: Request) {
  const { actor, bots, bot } = await loadBot(req);
  const config = configOf(bot.draft, bot.name);
  const [versions, questions, turns, knowledges, replay, credits, replayCounts, fields] = await Promise.all([
    bots.versions(bot.id),
    bots.testQuestions(bot.id),
    bots.recentTurns(bot.id, 10),
    knowledgeRepository(req.services.db, actor.teamId).findMany(config.knowledgeIds),
    latestReplay(req.services, actor.teamId, bot.id),
    botCreditsThisPeriod(req.services, actor.teamId),
    replayQuestionCounts(req.services, actor.teamId, bot.id),
    teamContactFields(req.services.db, actor.teamId),
  ]);
  await req.inertia.render('Bots/Show', {
    bot: presentBotSummary(bot, { creditsThisPeriod: credits.get(bot.id) ?? 0 }),
    config,
    knowledges: knowledges.map((k) => ({ id: k.id, name: k.name })),
    versions: versions.map(presentVersion),
    test_questions: questions.map((q) => q.question),
    recent_turns: turns.map(presentTurn),
    replay: replay ? presentReplay(replay) : null,
    replay_questions: replayCounts,
    // The fields the test chat may speak as a customer with (those the team lets bots tell).
    customer_fields: fields
      .filter((field) => field.bot_readable)
      .map(({ key, label, type, options }) => ({ key, label, type, options })),
    ai: {
      provider: providerFor(
        req.services.config,
        config,
        await teamProviderOf(req.services, actor.teamId, config).catch(() => undefined),
      ).label,
    },
    can: can(actor),
  });
}

export async function edit(req: Request) {
  const { actor, bots, bot } = await loadBot(req);
  const [versions, questions, credits] = await Promise.all([
    bots.versions(bot.id),
    bots.testQuestions(bot.id),
    botCreditsThisPeriod(req.services, actor.teamId),
  ]);
  await req.inertia.render('Bots/Edit', {
    bot: presentBotSummary(bot, { creditsThisPeriod: credits.get(bot.id) ?? 0 }),
    config: configOf(bot.draft, bot.name),
    test_questions: questions.map((q) => q.question),
    versions: versions.map(presentVersion),
    ...(await formOptions(req, actor.teamId)),
    can: can(actor),
  });
}

export async function update(req: Request, res: Response) {
  const botId = routeId(req, 'bot');
  await updateBot(req.services, await teamActor(req), botId, (req.body ?? {}) as Record<string, unknown>);
  req.inertia.flash('banner', 'Saved to the draft. Publish it when it is ready.').flash('bannerStyle', 'success');
  res.redirect(303, req.services.route('bots.edit', botId));
}

export async function destroy(req: Request, res: Response) {
  await deleteBot(req.services, await teamActor(req), routeId(req, 'bot'));
  res.redirect(303, req.services.route('bots.index'));
}

export async function publish(req: Request, res: Response) {
  const botId = routeId(req, 'bot');
  const version = await publishBot(req.services, await teamActor(req), botId, req.body);
  req.inertia.flash('banner', `Version ${version.version} is live.`).flash('bannerStyle', 'success');
  res.redirect(303, req.services.route('bots.show', botId));
}

export async function restore(req: Request, res: Response) {
  const botId = routeId(req, 'bot');
  const restored = await restoreVersion(req.services, await teamActor(req), botId, routeId(req, 'version'));
  req.inertia
    .flash('banner', `Version ${restored.restoredVersion} was restored to the draft.`)
    .flash('bannerStyle', 'success');
  res.redirect(303, req.services.route('bots.edit', botId));
}

/** The test chat: the whole turn as JSON (its pieces were streamed over the user's channel). */
export async function chat(req: Request, res: Response) {
  const { turn, thread } = await chatWithBot(req.services, await teamActor(req), routeId(req, 'bot'), req.body);
  res.json({ thread, turn: presentTurn(turn) });
}

/** Replay: the saved test questions and recent customer questions answered by the draft and the published version (a job; progress live). */
export async function replay(req: Request, res: Response) {
  const botId = routeId(req, 'bot');
  const { questions } = await startReplay(req.services, await teamActor(req), botId);
  req.inertia
    .flash('banner', `Replaying ${questions} question${questions === 1 ? '' : 's'}…`)
    .flash('bannerStyle', 'success');
  res.redirect(303, req.services.route('bots.show', botId));
}

export async function feedback(req: Request, res: Response) {
  const turn = await setFeedback(
    req.services,
    await teamActor(req),
    routeId(req, 'bot'),
    routeId(req, 'turn'),
    req.body,
  );
  res.json({ turn: presentTurn(turn) });
}
