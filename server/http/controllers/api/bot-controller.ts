import type { Request, Response } from 'express';
import { botRepository } from '../../../db/repositories/bot-repository';
import { botPolicy } from '../../../domain/bots/bot-policy';
import { authorize } from '../../../domain/teams/team-access';
import { NotFoundError } from '../../../support/errors';
import { presentBotSummary } from '../../../presenters/bot-presenter';
import { botCreditsThisPeriod } from '../../../domain/billing/plan-usage';
import { botRepliesThisMonth } from '../../../domain/bots/bot-replies';
import { routeId } from '../../route-params';
import { teamActor } from '../../team-actor';

/** A team's bots' credits this billing period and replies this month, by bot. */
async function usageOf(req: Request, teamId: number) {
  const [credits, replies] = await Promise.all([
    botCreditsThisPeriod(req.services, teamId),
    botRepliesThisMonth(req.services.db, teamId),
  ]);
  return (botId: number) => ({
    creditsThisPeriod: credits.get(botId) ?? 0,
    repliesThisMonth: replies.get(botId) ?? 0,
  });
}

/** `GET /api/bots`: the token team's bots. */
export async function index(req: Request, res: Response) {
  const actor = await teamActor(req);
  authorize(botPolicy.view(actor));
  const { items } = await botRepository(req.services.db, actor.teamId).page({ page: 1, perPage: 500 });
  const usage = await usageOf(req, actor.teamId);
  res.json({ data: items.map((bot) => presentBotSummary(bot, usage(bot.id))) });
}

/** `GET /api/bots/{bot}`. */
export async function show(req: Request, res: Response) {
  const actor = await teamActor(req);
  authorize(botPolicy.view(actor));
  const bots = botRepository(req.services.db, actor.teamId);
  const botId = routeId(req, 'bot');
  const { items } = await bots.page({ page: 1, perPage: 1, id: botId });
  if (!items[0]) throw new NotFoundError();
  const usage = await usageOf(req, actor.teamId);
  res.json(presentBotSummary(items[0], usage(botId)));
}
