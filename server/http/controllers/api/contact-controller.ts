import type { Request, Response } from 'express';
import { contactRepository } from '../../../db/repositories/contact-repository';
import type { FieldCondition } from '../../../db/repositories/attribute-condition';
import { presentApiContact } from '../../../presenters/api-conversation-presenter';
import { contactPolicy, updateContact } from '../../../domain/contacts/contacts';
import { parseSegment, teamContactFields } from '../../../domain/contacts/fields';
import { identifyContact } from '../../../domain/contacts/identify';
import { apiContactQuerySchema } from '../../../domain/conversations/schemas';
import { validate } from '../../../domain/shared/validation';
import { authorize } from '../../../domain/teams/team-access';
import { NotFoundError, ValidationError } from '../../../support/errors';
import { pageMeta } from '../../pagination';
import { routeId } from '../../route-params';
import { teamActor } from '../../team-actor';

/**
 * `GET /api/contacts`: the token team's contacts, oldest first (a page never shifts while new ones
 * arrive), searched, narrowed to a list or yes/no field's value or a date field's month, or found by the team's own id for
 * the person (`external_id`: the user id its site signs into the widget, a webhook's user id).
 */
export async function index(req: Request, res: Response) {
  const actor = await teamActor(req);
  authorize(contactPolicy.view(actor));
  const query = validate(apiContactQuerySchema, req.query);
  let attribute: FieldCondition | undefined;
  if (query.segment) {
    const parsed = parseSegment(await teamContactFields(req.services.db, actor.teamId), query.segment);
    if ('problem' in parsed) throw new ValidationError({ segment: parsed.problem });
    attribute = parsed.segment.condition;
  }
  const { items, total } = await contactRepository(req.services.db, actor.teamId).page({
    search: query.search || undefined,
    attribute,
    externalId: query.external_id,
    page: query.page,
    perPage: query.per_page,
    order: 'oldest',
  });
  res.json({ data: items.map(presentApiContact), meta: pageMeta(query.page, query.per_page, total) });
}

/** `GET /api/contacts/{contact}`. */
export async function show(req: Request, res: Response) {
  const actor = await teamActor(req);
  const row = await contactRepository(req.services.db, actor.teamId).listed(routeId(req, 'contact'));
  if (!row) throw new NotFoundError();
  authorize(contactPolicy.view(actor));
  res.json(presentApiContact(row));
}

/**
 * `POST /api/contacts`: a customer as the team's own system knows them, by its id for the person,
 * their phone or e-mail: the contact those name, updated (200), or a new one (201). Kawan then
 * knows them wherever they write first.
 */
export async function store(req: Request, res: Response) {
  const actor = await teamActor(req);
  const { contact, created } = await identifyContact(req.services, actor, req.body);
  res.status(created ? 201 : 200).json(presentApiContact(contact));
}

/**
 * `PATCH /api/contacts/{contact}`: a contact's details and field values from the team's own system
 * (points after a purchase, a tier), checked as the contact page checks them.
 */
export async function update(req: Request, res: Response) {
  const actor = await teamActor(req);
  res.json(presentApiContact(await updateContact(req.services, actor, routeId(req, 'contact'), req.body)));
}

/** `GET /api/contact-fields`: the team's contact fields, as `attributes` names them. */
export async function fields(req: Request, res: Response) {
  const actor = await teamActor(req);
  authorize(contactPolicy.view(actor));
  const data = (await teamContactFields(req.services.db, actor.teamId)).map(
    ({ key, label, type, options, bot_readable }) => ({ key, label, type, options, bot_readable }),
  );
  res.json({ data });
}
