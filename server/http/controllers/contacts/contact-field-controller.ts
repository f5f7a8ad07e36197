import type { Request, Response } from 'express';
import { contactFieldRepository } from '../../../db/repositories/contact-field-repository';
import { contactFieldTypes } from '../../../db/schema/contact-fields';
import {
  contactFieldPolicy,
  deleteContactField,
  presentContactField,
  saveContactField,
} from '../../../domain/contacts/fields';
import { contactFieldLimits, contactFieldTypeLabels } from '../../../domain/contacts/field-values';
import { authorize } from '../../../domain/teams/team-access';
import { routeId } from '../../route-params';
import { teamActor } from '../../team-actor';

/** Contacts/Fields: the team's own contact fields and how many contacts have a value of each. */
export async function index(req: Request) {
  const actor = await teamActor(req);
  authorize(contactFieldPolicy.manage(actor));
  const repo = contactFieldRepository(req.services.db, actor.teamId);
  const usage = await repo.usage();
  await req.inertia.render('Contacts/Fields', {
    fields: (await repo.all()).map((row) => ({ ...presentContactField(row), contacts: usage.get(row.key) ?? 0 })),
    types: contactFieldTypes.map((type) => ({ value: type, label: contactFieldTypeLabels[type] })),
    limits: contactFieldLimits,
  });
}

const back = (req: Request, res: Response) => res.redirect(303, req.services.route('contacts.fields.index'));

export async function store(req: Request, res: Response) {
  await saveContactField(req.services, await teamActor(req), req.body);
  back(req, res);
}

export async function update(req: Request, res: Response) {
  await saveContactField(req.services, await teamActor(req), req.body, routeId(req, 'contactField'));
  back(req, res);
}

export async function destroy(req: Request, res: Response) {
  await deleteContactField(req.services, await teamActor(req), routeId(req, 'contactField'));
  back(req, res);
}
