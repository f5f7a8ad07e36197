import { downloadHeaders } from '../../file-headers';
import type { Request, Response } from 'express';
import { contactRepository, type ContactListRow } from '../../../db/repositories/contact-repository';
import { conversationRepository } from '../../../db/repositories/conversation-repository';
import { contactPolicy, conversationsOf, updateContact } from '../../../domain/contacts/contacts';
import { authorize } from '../../../domain/teams/team-access';
import { presentIdentity } from '../../../presenters/conversation-presenter';
import { NotFoundError } from '../../../support/errors';
import { pageMeta, pageNumber } from '../../pagination';
import { BOM, csvLine } from '../../../reports/csv';
import { routeId } from '../../route-params';
import { teamActor } from '../../team-actor';
import { optional } from '../../inertia/props';
import { mergeContacts } from '../../../domain/contacts/merge';
import { addContactNote, deleteContactNote, notesOf } from '../../../domain/contacts/notes';
import { redirectBack } from '../../redirect-back';
import { startWhatsAppConversation } from '../../../domain/contacts/start-conversation';
import { conversationPolicy } from '../../../domain/conversations/conversation-actions';
import { channelRepository } from '../../../db/repositories/channel-repository';
import { presentTemplate } from '../../../presenters/conversation-presenter';
import { contactImportLimits, importContacts } from '../../../domain/contacts/import';
import { createContact } from '../../../domain/contacts/create';
import { deleteContact, mayDeleteContacts } from '../../../domain/contacts/delete';
import {
  contactFieldPolicy,
  parseSegment,
  segmentText,
  segmentOptions,
  teamContactFields,
  type ContactFieldProps,
} from '../../../domain/contacts/fields';
import { exportedFieldValue } from '../../../domain/contacts/field-values';

const perPage = 25;

/** A contact as the pages list it (resources/js/Pages/Contacts/Partials/types.ts). */
function presentContact(row: ContactListRow) {
  return {
    id: row.id,
    name: row.name,
    phone: row.phoneE164,
    email: row.email,
    channel_types: row.channelTypes,
    conversations: row.conversationCount,
    open_conversations: row.openConversationCount,
    first_seen_at: row.firstSeenAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
  };
}

/** The team's active WhatsApp channels with their approved templates, as the start dialog offers them. */
async function whatsappChannels(req: Request, teamId: number) {
  const channels = channelRepository(req.services.db, teamId);
  const whatsapp = (await channels.all()).filter(
    (channel) => channel.type === 'whatsapp' && channel.status === 'active',
  );
  return Promise.all(
    whatsapp.map(async (channel) => ({
      id: channel.id,
      name: channel.name,
      templates: (await channels.templates(channel.id))
        .filter((template) => template.status.toUpperCase() === 'APPROVED')
        .map(presentTemplate),
    })),
  );
}

/**
 * The list's filters from the query string: the search, and a list or yes/no field's value or a date field's month
 * (`segment=member_tier:Gold`; one the team has no such value for shows everyone).
 */
function contactFilter(req: Request, teamFields: ContactFieldProps[]) {
  const search = typeof req.query.search === 'string' ? req.query.search.trim().slice(0, 100) : '';
  const text = typeof req.query.segment === 'string' ? req.query.segment.slice(0, 200) : '';
  const parsed = text ? parseSegment(teamFields, text) : undefined;
  const segment = parsed && 'segment' in parsed ? parsed.segment : undefined;
  return {
    search,
    segment: segment ? segmentText(segment) : '',
    filter: {
      search: search || undefined,
      attribute: segment?.condition,
    },
  };
}

/**
 * Contacts/Index: the team's contacts, the most recently seen first, searched by name, e-mail or
 * phone, and narrowed to those holding a list or yes/no field's value or a date in a month.
 */
export async function index(req: Request) {
  const actor = await teamActor(req);
  authorize(contactPolicy.view(actor));
  const teamFields = await teamContactFields(req.services.db, actor.teamId);
  const { search, segment, filter } = contactFilter(req, teamFields);
  const page = pageNumber(req.query.page);
  const { items, total } = await contactRepository(req.services.db, actor.teamId).page({ ...filter, page, perPage });
  await req.inertia.render('Contacts/Index', {
    contacts: { data: items.map(presentContact), meta: pageMeta(page, perPage, total) },
    filters: { search, segment },
    segments: segmentOptions(teamFields).map((field) => ({
      key: field.key,
      label: field.label,
      options: field.options.map(({ value, label, typed }) => ({ value, label, typed: typed === true })),
    })),
    can: { edit: contactPolicy.edit(actor), manage_fields: contactFieldPolicy.manage(actor) },
    import_limits: { bytes: contactImportLimits.bytes, rows: contactImportLimits.rows },
  });
}

/** DELETE contacts.destroy: the contact and everything of theirs erased; back to the list. */
export async function destroy(req: Request, res: Response) {
  const { conversations } = await deleteContact(req.services, await teamActor(req), routeId(req, 'contact'));
  req.inertia
    .flash(
      'banner',
      conversations === 0
        ? 'The contact was deleted.'
        : `The contact was deleted, with ${conversations === 1 ? 'their conversation' : `their ${conversations} conversations`}.`,
    )
    .flash('bannerStyle', 'success');
  res.redirect(303, req.services.route('contacts.index'));
}

/** POST contacts.store: a contact added by hand; their page next. */
export async function store(req: Request, res: Response) {
  const id = await createContact(req.services, await teamActor(req), req.body);
  req.inertia.flash('banner', 'Contact added.').flash('bannerStyle', 'success');
  res.redirect(303, req.services.route('contacts.show', id));
}

/** POST contacts.import: a CSV file or Excel workbook of contacts; back to the list with what it did. */
export async function importFile(req: Request, res: Response) {
  const report = await importContacts(req.services, await teamActor(req), req.body);
  req.inertia.flash('contactImport', report);
  res.redirect(303, req.services.route('contacts.index'));
}

const exportBatch = 1000;

/**
 * GET contacts.export: the team's contacts as CSV (the list's search and field filter applied), oldest first,
 * streamed a batch at a time, UTF-8 with a BOM, formulas made inert (reports/csv.ts).
 */
export async function exportCsv(req: Request, res: Response) {
  const actor = await teamActor(req);
  authorize(contactPolicy.view(actor));
  const repo = contactRepository(req.services.db, actor.teamId);
  const teamFields = await teamContactFields(req.services.db, actor.teamId);
  const { filter } = contactFilter(req, teamFields);
  res.status(200).set(downloadHeaders('text/csv', `kawan-contacts-${new Date().toISOString().slice(0, 10)}.csv`));
  res.write(
    BOM +
      csvLine([
        'id',
        'name',
        'phone',
        'email',
        'external_id',
        'channels',
        'conversations',
        'open_conversations',
        'first_seen_at',
        'last_seen_at',
        // The team's own fields, by label: a file exported imports again into the same fields.
        ...teamFields.map((field) => field.label),
      ]),
  );
  for (let afterId = 0; ;) {
    const rows = await repo.batch({ ...filter, afterId, limit: exportBatch });
    for (const row of rows) {
      res.write(
        csvLine([
          row.id,
          row.name,
          row.phoneE164,
          row.email,
          row.externalId,
          row.channelTypes.join(' '),
          row.conversationCount,
          row.openConversationCount,
          row.firstSeenAt.toISOString(),
          row.lastSeenAt.toISOString(),
          ...teamFields.map((field) => exportedFieldValue(field, row.attributes[field.key])),
        ]),
      );
    }
    if (rows.length < exportBatch) break;
    afterId = rows[rows.length - 1].id;
  }
  res.end();
}

/** Contacts/Show: who the contact is on each channel, and their conversations. */
export async function show(req: Request) {
  const actor = await teamActor(req);
  const id = routeId(req, 'contact');
  const row = await contactRepository(req.services.db, actor.teamId).listed(id);
  if (!row) throw new NotFoundError();
  authorize(contactPolicy.view(actor));
  const identities = await conversationRepository(req.services.db, actor.teamId).identities(id);
  const contacts = contactRepository(req.services.db, actor.teamId);
  const search = typeof req.query.merge_search === 'string' ? req.query.merge_search.trim().slice(0, 100) : '';
  await req.inertia.render('Contacts/Show', {
    contact: {
      ...presentContact(row),
      external_id: row.externalId,
      locale: row.locale,
      identities: identities.map(presentIdentity),
      unsubscribed_at: row.unsubscribedAt?.toISOString() ?? null,
      attributes: row.attributes,
    },
    contact_fields: await teamContactFields(req.services.db, actor.teamId),
    conversations: (await conversationsOf(req.services.db, actor.teamId, id)).map((conversation) => ({
      id: conversation.id,
      number: conversation.number,
      state: conversation.state,
      priority: conversation.priority,
      last_message_at: conversation.lastMessageAt.toISOString(),
      last_preview: conversation.lastPreview,
      channel_type: conversation.channelType,
      channel_name: conversation.channelName,
    })),
    // The same e-mail or phone: likely the same person on another channel.
    duplicates: (await contacts.duplicatesOf(row)).map(presentContact),
    // The merge dialog's search, asked for by a partial reload (`?merge_search=`).
    merge_candidates: optional(async () => (search ? (await contacts.others(search, id)).map(presentContact) : [])),
    // Where a teammate may write to them first: the team's active WhatsApp numbers, with their approved templates.
    whatsapp_channels: conversationPolicy.reply(actor) ? await whatsappChannels(req, actor.teamId) : [],
    notes: await notesOf(req.services.db, actor, id),
    can: { edit: contactPolicy.edit(actor), delete: mayDeleteContacts(actor) },
  });
}

/** POST contacts.merge: another contact (`contact_id`) made one with this one, which is kept. */
export async function merge(req: Request, res: Response) {
  const id = routeId(req, 'contact');
  const { mergedLabel, movedConversations } = await mergeContacts(req.services, await teamActor(req), id, req.body);
  const moved = movedConversations === 1 ? '1 conversation' : `${movedConversations} conversations`;
  req.inertia
    .flash('banner', `Merged ${mergedLabel} into this contact (${moved} moved).`)
    .flash('bannerStyle', 'success');
  res.redirect(303, req.services.route('contacts.show', id));
}

/**
 * POST contacts.conversations.store: a conversation started with the contact on WhatsApp by an
 * approved template (bag `startConversation`); the thread opens on it.
 */
export async function startConversation(req: Request, res: Response) {
  const id = await startWhatsAppConversation(req.services, await teamActor(req), routeId(req, 'contact'), req.body);
  res.redirect(303, req.services.route('conversations.show', id));
}

/** PUT contacts.update: the contact's name, phone or e-mail, corrected (bag `updateContact`). */
export async function update(req: Request, res: Response) {
  await updateContact(req.services, await teamActor(req), routeId(req, 'contact'), req.body);
  res.redirect(303, req.services.route('contacts.show', routeId(req, 'contact')));
}

/** POST contacts.notes.store: a note about the contact; back to the page it was written on. */
export async function storeNote(req: Request, res: Response) {
  const id = routeId(req, 'contact');
  await addContactNote(req.services, await teamActor(req), id, req.body);
  redirectBack(req, res, req.services.route('contacts.show', id));
}

/** DELETE contacts.notes.destroy. */
export async function destroyNote(req: Request, res: Response) {
  const id = routeId(req, 'contact');
  await deleteContactNote(req.services, await teamActor(req), id, routeId(req, 'note'));
  redirectBack(req, res, req.services.route('contacts.show', id));
}
