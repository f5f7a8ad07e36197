import type { Request, Response } from 'express';
import { conversationRepository } from '../../../db/repositories/conversation-repository';
import { labelRepository } from '../../../db/repositories/label-repository';
import { conversationPolicy } from '../../../domain/conversations/conversation-actions';
import { apiConversationQuerySchema, apiMessageQuerySchema } from '../../../domain/conversations/schemas';
import { validate } from '../../../domain/shared/validation';
import { authorize } from '../../../domain/teams/team-access';
import { NotFoundError } from '../../../support/errors';
import { presentApiConversation, presentApiMessage } from '../../../presenters/api-conversation-presenter';
import { pageMeta } from '../../pagination';
import { routeId } from '../../route-params';
import { teamActor } from '../../team-actor';

/**
 * `GET /api/conversations`: the token team's conversations, oldest first (a page never shifts
 * while new conversations arrive), filtered as the inbox filters, and `updated_since` for
 * exporting only what changed since the last run.
 */
export async function index(req: Request, res: Response) {
  const actor = await teamActor(req);
  authorize(conversationPolicy.view(actor));
  const query = validate(apiConversationQuerySchema, req.query);
  const { items, total } = await conversationRepository(req.services.db, actor.teamId).page(
    {
      state: query.state,
      channelId: query.channel,
      botId: query.bot,
      assignee: query.assignee === 'me' ? actor.userId : query.assignee,
      labelId: query.label,
      priority: query.priority,
      mentionedUserId: query.mentioned === 'me' ? actor.userId : query.mentioned,
      search: query.search || undefined,
      updatedSince: query.updated_since,
    },
    { page: query.page, perPage: query.per_page, order: 'oldest' },
  );
  const labels = new Map(
    (await labelRepository(req.services.db, actor.teamId).all()).map((label) => [label.id, label] as const),
  );
  res.json({
    data: items.map((row) => presentApiConversation(row, labels)),
    meta: pageMeta(query.page, query.per_page, total),
  });
}

/** `GET /api/conversations/{conversation}/messages`: the thread oldest first, with AI metadata. */
export async function messages(req: Request, res: Response) {
  const actor = await teamActor(req);
  authorize(conversationPolicy.view(actor));
  const repo = conversationRepository(req.services.db, actor.teamId);
  const conversation = await repo.find(routeId(req, 'conversation'));
  if (!conversation) throw new NotFoundError();
  const query = validate(apiMessageQuerySchema, req.query);
  const { items, total } = await repo.messagePage(conversation.id, { page: query.page, perPage: query.per_page });
  res.json({ data: items.map(presentApiMessage), meta: pageMeta(query.page, query.per_page, total) });
}
