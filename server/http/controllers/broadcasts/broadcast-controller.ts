import type { Request, Response } from 'express';
import {
  broadcastRepository,
  emptyCounts,
  type BroadcastCounts,
  type BroadcastRow,
  type RecipientFilter,
  type RecipientListRow,
} from '../../../db/repositories/broadcast-repository';
import { channelRepository, type ChannelRow } from '../../../db/repositories/channel-repository';
import { labelRepository, type LabelRow } from '../../../db/repositories/label-repository';
import { userRepository } from '../../../db/repositories/user-repository';
import {
  broadcastLimits,
  broadcastPolicy,
  cancelBroadcast,
  createBroadcast,
} from '../../../domain/broadcasts/broadcasts';
import { variablesOf } from '../../../domain/conversations/reply-variables';
import {
  parseSegment,
  segmentOptions,
  anniversaryDays,
  teamContactFields,
  type ContactFieldProps,
} from '../../../domain/contacts/fields';
import { contactImportLimits } from '../../../domain/contacts/import';
import { authorize } from '../../../domain/teams/team-access';
import { teamTimeZone } from '../../../reports/rollup';
import { presentTemplate } from '../../../presenters/conversation-presenter';
import { NotFoundError, ValidationError } from '../../../support/errors';
import { pageMeta, pageNumber } from '../../pagination';
import { routeId } from '../../route-params';
import { teamActor } from '../../team-actor';
import { downloadHeaders } from '../../file-headers';
import { BOM, csvLine } from '../../../reports/csv';

const perPage = 20;
const recipientsPerPage = 50;
const recipientFilters: RecipientFilter[] = ['all', 'failed', 'skipped', 'replied'];
/** The days a repeating broadcast's page lists. */
const repeatDaysShown = 60;

/** A broadcast as its list and page show it (resources/js/Pages/Broadcasts/types.ts). */
export function presentBroadcast(
  row: BroadcastRow,
  known: {
    channels: Map<number, Pick<ChannelRow, 'id' | 'name' | 'status' | 'type'>>;
    labels: Map<number, Pick<LabelRow, 'id' | 'name' | 'color'>>;
    authors: Map<number, string>;
    counts: BroadcastCounts;
  },
) {
  const channel = known.channels.get(row.channelId);
  const label = row.audience.kind === 'label' ? known.labels.get(row.audience.labelId) : undefined;
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    /** 'daily': a repeating broadcast, which makes a broadcast each day (`scheduled_at` its next). */
    repeat: row.repeat,
    /** The repeating broadcast a day's broadcast was made by. */
    parent_id: row.parentId,
    channel: channel ? { id: channel.id, name: channel.name, paused: channel.status !== 'active' } : null,
    template: { name: row.templateName, language: row.templateLanguage },
    // Never a file's contact ids: its name says which it was.
    audience: {
      kind: row.audience.kind,
      label: label ? { id: label.id, name: label.name, color: label.color } : null,
      file_name: row.audience.kind === 'file' ? row.audience.fileName : null,
      // A field's value, as it was named when the broadcast was made.
      segment: row.audience.kind === 'field' ? { field: row.audience.label, value: row.audience.valueText } : null,
    },
    created_by: row.createdBy === null ? null : (known.authors.get(row.createdBy) ?? null),
    scheduled_at: row.scheduledAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
    cancelled_at: row.cancelledAt?.toISOString() ?? null,
    recipient_count: row.recipientCount,
    counts: known.counts,
  };
}

/**
 * The groups of the team's fields a broadcast may go to, each with how many contacts who may
 * receive broadcasts are in it (a date's month: those of its days, YYYY-MM-DD); a typed one (a
 * number's bound, a text) is counted once typed (`broadcasts.audience`).
 */
async function segmentsOf(repo: ReturnType<typeof broadcastRepository>, fields: ContactFieldProps[], timezone: string) {
  const segments = segmentOptions(fields);
  const counts = await repo.segmentCounts(
    segments.filter((segment) => segment.options.some((option) => !option.typed)).map((segment) => segment.key),
  );
  const inMonth = (values: Map<string, number> | undefined, month: number) => {
    let total = 0;
    for (const [value, n] of values ?? []) if (Number(value.slice(5, 7)) === month) total += n;
    return total;
  };
  const today = anniversaryDays(timezone);
  const onDays = (values: Map<string, number> | undefined) => {
    let total = 0;
    for (const [value, n] of values ?? []) if (/^\d{4}-/.test(value) && today.includes(value.slice(5))) total += n;
    return total;
  };
  return segments.map((segment) => ({
    key: segment.key,
    label: segment.label,
    options: segment.options.map(({ value, label, phrase, held, typed }) => ({
      value,
      label,
      phrase,
      typed: typed === true,
      contacts:
        held === null
          ? null
          : typeof held === 'object'
            ? 'today' in held
              ? onDays(counts.get(segment.key))
              : inMonth(counts.get(segment.key), held.month)
            : (counts.get(segment.key)?.get(String(held)) ?? 0),
    })),
  }));
}

/** The channels, labels and authors a page's broadcasts name, read once for the page. */
async function namesFor(req: Request, teamId: number, rows: BroadcastRow[]) {
  const [channels, labels] = await Promise.all([
    channelRepository(req.services.db, teamId).all(),
    labelRepository(req.services.db, teamId).all(),
  ]);
  const users = userRepository(req.services.db);
  const authors = new Map<number, string>();
  for (const id of new Set(rows.map((row) => row.createdBy).filter((id): id is number => id !== null))) {
    const user = await users.find(id);
    if (user) authors.set(id, user.name);
  }
  return {
    channels: new Map(channels.map((channel) => [channel.id, channel])),
    labels: new Map(labels.map((label) => [label.id, label])),
    authors,
  };
}

export function presentRecipient(row: RecipientListRow) {
  return {
    id: row.id,
    contact_id: row.contactId,
    name: row.name,
    phone: row.phoneE164,
    state: row.state,
    error: row.error,
    conversation_id: row.conversationId,
    conversation_number: row.conversationNumber,
    message_id: row.messageId,
    replied: row.replied,
  };
}

export type BroadcastProps = ReturnType<typeof presentBroadcast>;
export type RecipientProps = ReturnType<typeof presentRecipient>;

/** Broadcasts/Index: the team's broadcasts, the newest first, with their figures. */
export async function index(req: Request) {
  const actor = await teamActor(req);
  authorize(broadcastPolicy.view(actor));
  const page = pageNumber(req.query.page);
  const repo = broadcastRepository(req.services.db, actor.teamId);
  const { items, total } = await repo.page({ page, perPage });
  const [counts, names] = await Promise.all([
    repo.counts(items.map((row) => row.id)),
    namesFor(req, actor.teamId, items),
  ]);
  await req.inertia.render('Broadcasts/Index', {
    broadcasts: {
      data: items.map((row) => presentBroadcast(row, { ...names, counts: counts.get(row.id) ?? emptyCounts() })),
      meta: pageMeta(page, perPage, total),
    },
    has_whatsapp: [...names.channels.values()].some((channel) => channel.type === 'whatsapp'),
    can: { send: broadcastPolicy.send(actor) },
  });
}

/**
 * GET broadcasts.audience (JSON): how many contacts who may receive broadcasts a typed group holds
 * (`?segment=poin:>=1000`, `kota:Bandung`), as the create page counts its other groups; a 422
 * under `segment` for one that is none.
 */
export async function audience(req: Request, res: Response) {
  const actor = await teamActor(req);
  authorize(broadcastPolicy.send(actor));
  const text = typeof req.query.segment === 'string' ? req.query.segment.slice(0, 600) : undefined;
  const parsed = parseSegment(await teamContactFields(req.services.db, actor.teamId), text);
  if ('problem' in parsed) throw new ValidationError({ segment: parsed.problem });
  const { field, condition, valueText } = parsed.segment;
  const contacts = await broadcastRepository(req.services.db, actor.teamId).audienceSize({
    kind: 'field',
    ...condition,
    label: field.label,
    valueText,
  });
  res.json({ contacts, phrase: valueText });
}

/** Broadcasts/Create: the team's WhatsApp channels with their approved templates, and who can receive. */
export async function create(req: Request) {
  const actor = await teamActor(req);
  authorize(broadcastPolicy.send(actor));
  const channels = channelRepository(req.services.db, actor.teamId);
  const repo = broadcastRepository(req.services.db, actor.teamId);
  const whatsapp = (await channels.all()).filter((channel) => channel.type === 'whatsapp');
  const labels = await labelRepository(req.services.db, actor.teamId).all();
  const contactFields = await teamContactFields(req.services.db, actor.teamId);
  await req.inertia.render('Broadcasts/Create', {
    channels: await Promise.all(
      whatsapp.map(async (channel) => ({
        id: channel.id,
        name: channel.name,
        paused: channel.status !== 'active',
        templates: (await channels.templates(channel.id))
          .filter((template) => template.status.toUpperCase() === 'APPROVED')
          .map(presentTemplate),
      })),
    ),
    audiences: {
      all: await repo.audienceSize({ kind: 'all' }),
      unsubscribed: await repo.unsubscribedCount(),
      labels: await Promise.all(
        labels.map(async (label) => ({
          id: label.id,
          name: label.name,
          color: label.color,
          contacts: await repo.audienceSize({ kind: 'label', labelId: label.id }),
        })),
      ),
      segments: await segmentsOf(
        repo,
        contactFields,
        (await teamTimeZone(req.services.db, actor.teamId)) ?? 'Asia/Jakarta',
      ),
    },
    variables: variablesOf(contactFields).map(([name, description]) => ({ name, description })),
    contact_fields: contactFields,
    limits: {
      max_days_ahead: broadcastLimits.maxDaysAhead,
      max_file_bytes: req.services.config.uploads.maxBytes,
      list_bytes: contactImportLimits.bytes,
      list_rows: contactImportLimits.rows,
    },
  });
}

/** POST broadcasts.store: a broadcast made (now or for later); its page next. */
export async function store(req: Request, res: Response) {
  const broadcast = await createBroadcast(req.services, await teamActor(req), req.body);
  const later = broadcast.scheduledAt.getTime() > Date.now();
  req.inertia
    .flash(
      'banner',
      broadcast.repeat
        ? 'The broadcast repeats every day from now on.'
        : later
          ? 'Broadcast scheduled.'
          : 'Broadcast on its way.',
    )
    .flash('bannerStyle', 'success');
  res.redirect(303, req.services.route('broadcasts.show', broadcast.id));
}

/** Broadcasts/Show: a broadcast's figures and its recipients (all, failed, skipped or who replied). */
export async function show(req: Request) {
  const actor = await teamActor(req);
  const repo = broadcastRepository(req.services.db, actor.teamId);
  const broadcast = await repo.find(routeId(req, 'broadcast'));
  if (!broadcast) throw new NotFoundError();
  authorize(broadcastPolicy.view(actor));
  const filter = recipientFilters.find((value) => value === req.query.status) ?? 'all';
  const page = pageNumber(req.query.page);
  const days = broadcast.repeat ? await repo.days(broadcast.id, repeatDaysShown) : [];
  const [counts, names, recipients] = await Promise.all([
    repo.counts([broadcast.id, ...days.map((day) => day.id)]),
    namesFor(req, actor.teamId, [broadcast]),
    repo.recipients(broadcast.id, { filter, page, perPage: recipientsPerPage }),
  ]);
  const present = (row: BroadcastRow) =>
    presentBroadcast(row, { ...names, counts: counts.get(row.id) ?? emptyCounts() });
  await req.inertia.render('Broadcasts/Show', {
    broadcast: present(broadcast),
    // A repeating broadcast's days, the latest first.
    days: days.map(present),
    recipients: {
      data: recipients.items.map(presentRecipient),
      meta: pageMeta(page, recipientsPerPage, recipients.total),
    },
    filters: { status: filter },
    can: {
      cancel: broadcastPolicy.send(actor) && (broadcast.status === 'scheduled' || broadcast.status === 'sending'),
    },
  });
}

const exportBatch = 1000;

/** What a recipient's state is called in the export (the page's words). */
const exportedStates: Record<string, string> = {
  pending: 'waiting',
  queued: 'sending',
  sending: 'sending',
  sent: 'sent',
  delivered: 'delivered',
  read: 'read',
  failed: 'failed',
  skipped: 'left out',
};

/**
 * GET broadcasts.export: a broadcast's recipients as CSV, in the order they were taken, streamed a
 * batch at a time (UTF-8 with a BOM, formulas made inert): who, where their copy stands, whether they
 * replied, why it failed or they were left out, and the conversation's number.
 */
export async function exportRecipients(req: Request, res: Response) {
  const actor = await teamActor(req);
  const repo = broadcastRepository(req.services.db, actor.teamId);
  const broadcast = await repo.find(routeId(req, 'broadcast'));
  if (!broadcast) throw new NotFoundError();
  authorize(broadcastPolicy.view(actor));
  res.status(200).set(downloadHeaders('text/csv', `kawan-broadcast-${broadcast.id}-recipients.csv`));
  res.write(BOM + csvLine(['name', 'phone', 'status', 'replied', 'sent_at', 'reason', 'conversation']));
  for (let afterId = 0; ;) {
    const rows = await repo.recipientBatch(broadcast.id, afterId, exportBatch);
    for (const row of rows) {
      const state =
        row.state === 'pending' && broadcast.status === 'cancelled' ? 'not sent' : exportedStates[row.state];
      res.write(
        csvLine([
          row.name,
          row.phoneE164,
          state ?? row.state,
          row.replied ? 'yes' : 'no',
          row.sentAt?.toISOString() ?? null,
          row.state === 'failed' || row.state === 'skipped' || row.error ? row.error : null,
          row.conversationNumber === null ? null : `#${row.conversationNumber}`,
        ]),
      );
    }
    if (rows.length < exportBatch) break;
    afterId = rows[rows.length - 1].id;
  }
  res.end();
}

/** POST broadcasts.cancel: a broadcast stopped before its next recipients; back to its page. */
export async function cancel(req: Request, res: Response) {
  const cancelled = await cancelBroadcast(req.services, await teamActor(req), routeId(req, 'broadcast'));
  req.inertia.flash('banner', 'Broadcast cancelled.').flash('bannerStyle', 'success');
  res.redirect(303, req.services.route('broadcasts.show', cancelled.id));
}
