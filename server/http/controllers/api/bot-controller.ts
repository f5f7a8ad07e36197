import type { Request, Response } from 'express';
import { botRepository } from '../../../db/repositories/bot-repository';
import { botPolicy } from '../../../domain/bots/bot-policy';
import { authorize } from '../../../domain/teams/team-access';
import { NotFoundError } from '../../../support/errors';
import { presentBotSummary } from '../../../presenters/bot-presenter';
import { botCreditsThisPeriod } from '../../../domain/billing/plan-usage';
import { routeId } from '../../route-params';
import { teamActor } from '../../team-actor';

/** `GET /api/bots`: the token team's bots. */
export async function index(req: Request, res: Response) {
  const actor = await teamActor(req);
  authorize(botPolicy.view(actor));
  const { items } = await botRepository(req.services.db, actor.teamId).page({ page: 1, perPage: 500 });
  const credits = await botCreditsThisPeriod(req.services, actor.teamId);
  res.json({ data: items.map((bot) => presentBotSummary(bot, { creditsThisPeriod: credits.get(bot.id) ?? 0 })) });
}

/** `GET /api/bots/{bot}`. */
export async function show(req: Request, res: Response) {
  const actor = await teamActor(req);
  authorize(botPolicy.view(actor));
  const bots = botRepository(req.services.db, actor.teamId);
  const botId = routeId(req, 'bot');
  const { items } = await bots.page({ page: 1, perPage: 1, id: botId });
  if (!items[0]) throw new NotFoundError();
  const credits = await botCreditsThisPeriod(req.services, actor.teamId);
  res.json(presentBotSummary(items[0], { creditsThisPeriod: credits.get(botId) ?? 0 }));
}
