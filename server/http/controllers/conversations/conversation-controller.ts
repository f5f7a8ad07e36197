import { downloadHeaders } from '../../file-headers';
import { BOM, csvLine } from '../../../reports/csv';
import { transcriptText } from '../../../domain/conversations/transcript';
import { teamRepository } from '../../../db/repositories/team-repository';
import { suggestReply } from '../../../domain/conversations/suggest-reply';
import { agentTyping } from '../../../domain/conversations/typing';
import { setAway } from '../../../domain/conversations/availability';
import { redirectBack } from '../../redirect-back';
import { notesOf } from '../../../domain/contacts/notes';
import { resendMessage } from '../../../domain/conversations/resend';
import { readOwnAbout } from '../../../domain/conversations/notifications';
import type { Request, Response } from 'express';
import {
  conversationRepository,
  type ConversationFilters,
  type SearchMatch,
} from '../../../db/repositories/conversation-repository';
import { presentSearchMatch } from '../../../domain/conversations/search';
import { channelRepository } from '../../../db/repositories/channel-repository';
import { botRepository } from '../../../db/repositories/bot-repository';
import { savedReplyRepository } from '../../../db/repositories/saved-reply-repository';
import { presentSavedReply } from '../../../domain/conversations/saved-replies';
import { labelRepository } from '../../../db/repositories/label-repository';
import { presentLabel, setConversationLabels } from '../../../domain/conversations/labels';
import { teamContactFields } from '../../../domain/contacts/fields';
import { updateContactDetails } from '../../../domain/conversations/contact-details';
import { contactRepository } from '../../../db/repositories/contact-repository';
import { snooze, unsnooze } from '../../../domain/conversations/snooze';
import { setPriority } from '../../../domain/conversations/priority';
import { bulkSummary, bulkUpdate } from '../../../domain/conversations/bulk';
import {
  addNote,
  teamMembers,
  assign,
  conversationPolicy,
  handBack,
  markRead,
  markUnread,
  reopen,
  replyAsAgent,
  resolve,
} from '../../../domain/conversations/conversation-actions';
import { allows } from '../../../domain/teams/roles';
import { asRole, authorize, type TeamActor } from '../../../domain/teams/team-access';
import { NotFoundError, ValidationError } from '../../../support/errors';
import {
  attachmentUrls,
  presentConversationDetail,
  presentConversationSummary,
  presentIdentity,
  presentMessage,
  presentTemplate,
} from '../../../presenters/conversation-presenter';
import { parseId, routeId } from '../../route-params';
import { conversationPriorities, type ConversationPriority } from '../../../db/schema/channels';
import { pageMeta, pageNumber } from '../../pagination';
import { teamActor } from '../../team-actor';

const perPage = 25;
/** Messages a thread shows at first, and loads at a time when the reader goes back further. */
const threadPage = 100;
const states = ['open', 'bot', 'queued', 'human', 'snoozed', 'resolved'] as const;
/** The inbox's orders beside the latest activity first (`ListOrder`). */
const sorts = ['priority', 'waiting'] as const;

function can(actor: TeamActor) {
  const reply = conversationPolicy.reply(actor);
  return { reply, resolve: conversationPolicy.resolve(actor), assign: reply };
}

/** Who may be assigned conversations: the team's members whose role handles them. */
async function agents(req: Request, actor: TeamActor, members?: Awaited<ReturnType<typeof teamMembers>>) {
  return (members ?? (await teamMembers(req.services, actor)))
    .filter((member) => allows(asRole(member.role), 'conversations:reply'))
    .map((member) => ({ id: member.id, name: member.name, away: member.awaySince !== null }));
}

function filtersOf(req: Request, actor: TeamActor) {
  const query = req.query;
  const state = (states as readonly string[]).includes(String(query.state))
    ? (query.state as (typeof states)[number])
    : '';
  const channel = parseId(query.channel) ?? '';
  const bot = parseId(query.bot) ?? '';
  const assignee =
    query.assignee === 'me' || query.assignee === 'unassigned' ? query.assignee : (parseId(query.assignee) ?? '');
  const search = typeof query.search === 'string' ? query.search.trim().slice(0, 100) : '';
  const label = parseId(query.label) ?? '';
  const priority = (conversationPriorities as readonly string[]).includes(String(query.priority))
    ? (query.priority as ConversationPriority)
    : '';
  const sort = sorts.find((order) => order === query.sort) ?? ('' as const);
  const mentioned = query.mentioned === 'me' ? 'me' : '';
  const filters: ConversationFilters = {
    labelId: label || undefined,
    priority: priority || undefined,
    mentionedUserId: mentioned ? actor.userId : undefined,
    state: state || undefined,
    channelId: channel || undefined,
    botId: bot || undefined,
    assignee: assignee === 'me' ? actor.userId : assignee || undefined,
    search: search || undefined,
  };
  return { shown: { state, channel, bot, assignee, label, priority, sort, mentioned, search }, filters, sort };
}

/** The team's reply targets in minutes (null: none), which the inbox shows each wait against. */
async function replyTargets(req: Request, actor: TeamActor) {
  const team = await teamRepository(req.services.db).findForUser(actor.userId, actor.teamId);
  return { first: team?.firstReplyTargetMinutes ?? null, next: team?.nextReplyTargetMinutes ?? null };
}

/** The team's labels, for the list's chips, its filter and the label picker. */
async function teamLabels(req: Request, actor: TeamActor) {
  return (await labelRepository(req.services.db, actor.teamId).all()).map(presentLabel);
}

/**
 * Conversations/Index: the inbox, filtered by state, channel, bot, assignee, label, priority and a
 * search; latest activity first, the most urgent first (`sort=priority`), or the customer who has
 * waited longest for a person first (`sort=waiting`).
 */
export async function index(req: Request) {
  const actor = await teamActor(req);
  authorize(conversationPolicy.view(actor));
  const { shown, filters, sort } = filtersOf(req, actor);
  const page = pageNumber(req.query.page);
  const repo = conversationRepository(req.services.db, actor.teamId);
  const { items, total } = await repo.page(filters, {
    page,
    perPage,
    order: sort || 'latest',
  });
  const now = new Date();
  const matches = shown.search
    ? await repo.searchMatches(
        items.map((row) => row.id),
        shown.search,
      )
    : new Map<number, SearchMatch>();
  await req.inertia.render('Conversations/Index', {
    conversations: {
      data: items.map((row) => ({
        ...presentConversationSummary(row, now),
        match: presentSearchMatch(matches.get(row.id), shown.search, row.lastPreview),
      })),
      meta: pageMeta(page, perPage, total),
    },
    filters: shown,
    counts: await repo.counts(actor.userId),
    channels: (await channelRepository(req.services.db, actor.teamId).all()).map((c) => ({
      id: c.id,
      name: c.name,
      type: c.type,
    })),
    bots: (await botRepository(req.services.db, actor.teamId).page({ page: 1, perPage: 200 })).items.map((b) => ({
      id: b.id,
      name: b.name,
    })),
    agents: await agents(req, actor),
    labels: await teamLabels(req, actor),
    reply_targets: await replyTargets(req, actor),
    can: can(actor),
  });
}

/** The most rows an export writes, and the most messages a transcript holds (the latest). */
const exportLimit = 10_000;
/** A transcript's messages are read this many at a time. */
const exportBatch = 500;

/**
 * GET conversations.export: the inbox as filtered (the same query as the list), as CSV, in its order
 * (the latest activity first unless sorted), at most 10,000 rows.
 */
export async function exportCsv(req: Request, res: Response) {
  const actor = await teamActor(req);
  authorize(conversationPolicy.view(actor));
  const { filters, sort } = filtersOf(req, actor);
  const repo = conversationRepository(req.services.db, actor.teamId);
  const labels = new Map((await labelRepository(req.services.db, actor.teamId).all()).map((l) => [l.id, l.name]));
  // One read: the rows as they are at one moment, none moved between pages by new activity.
  const rows = await repo.rows(filters, { limit: exportLimit, order: sort || 'latest' });
  res.status(200).set(downloadHeaders('text/csv', `kawan-conversations-${new Date().toISOString().slice(0, 10)}.csv`));
  res.write(BOM + csvLine(conversationColumns));
  for (const row of rows) {
    res.write(
      csvLine([
        row.number,
        row.state,
        row.channelName,
        row.channelType,
        row.contactName,
        row.contactPhone,
        row.botName,
        row.assigneeName,
        row.priority,
        row.labelIds
          .map((id) => labels.get(id))
          .filter(Boolean)
          .join('; '),
        row.handoffReason,
        row.inboundCount,
        row.botReplyCount,
        row.humanReplyCount,
        row.reopenCount,
        row.csatScore,
        row.createdAt.toISOString(),
        row.lastMessageAt.toISOString(),
        row.resolvedAt?.toISOString(),
        row.resolvedBy,
      ]),
    );
  }
  res.end();
}

const conversationColumns = [
  'number',
  'state',
  'channel',
  'channel_type',
  'contact_name',
  'contact_phone',
  'bot',
  'assignee',
  'priority',
  'labels',
  'handoff_reason',
  'customer_messages',
  'bot_replies',
  'human_replies',
  'reopens',
  'csat',
  'created_at',
  'last_message_at',
  'resolved_at',
  'resolved_by',
];

/** GET conversations.transcript: the conversation as plain text, every message (the latest 10,000) with its time in the team's zone. */
export async function transcript(req: Request, res: Response) {
  const actor = await teamActor(req);
  const repo = conversationRepository(req.services.db, actor.teamId);
  const row = await repo.listed(routeId(req, 'conversation'));
  if (!row) throw new NotFoundError();
  authorize(conversationPolicy.view(actor));
  const contact = await repo.contact(row.contactId);
  const team = await teamRepository(req.services.db).findForUser(actor.userId, actor.teamId);
  const messages: Awaited<ReturnType<typeof repo.messages>> = [];
  for (let beforeId: number | undefined; messages.length < exportLimit;) {
    const older = await repo.messages(row.id, { limit: exportBatch, beforeId });
    messages.unshift(...older);
    if (older.length < exportBatch) break;
    beforeId = older[0].id;
  }
  res.status(200).set(downloadHeaders('text/plain', `conversation-${row.number}.txt`));
  res.end(
    transcriptText(
      {
        number: row.number,
        channelName: row.channelName,
        contactName: row.contactName,
        contactPhone: row.contactPhone,
        contactEmail: contact?.email ?? null,
        createdAt: row.createdAt,
        state: row.state,
        timezone: team?.timezone ?? 'Asia/Jakarta',
      },
      messages,
    ),
  );
}

/** POST conversations.suggestion: a reply drafted by the conversation's bot, as JSON, for the reply box. */
export async function suggestion(req: Request, res: Response) {
  res.json(await suggestReply(req.services, await teamActor(req), routeId(req, 'conversation')));
}

/** Conversations/Show: the thread, the contact across channels, and what the actor may do. */
export async function show(req: Request) {
  const actor = await teamActor(req);
  const repo = conversationRepository(req.services.db, actor.teamId);
  const row = await repo.listed(routeId(req, 'conversation'));
  if (!row) throw new NotFoundError();
  authorize(conversationPolicy.view(actor));
  await markRead(req.services, actor, row);
  await readOwnAbout(req.services, actor.userId, row.id);
  const contact = await repo.contact(row.contactId);
  const identities = await repo.identities(row.contactId);
  const templates =
    row.channelType === 'whatsapp'
      ? (await channelRepository(req.services.db, actor.teamId).templates(row.channelId))
          .filter((template) => template.status.toUpperCase() === 'APPROVED')
          .map(presentTemplate)
      : [];
  const members = await teamMembers(req.services, actor);
  const thread = await threadBefore(req, repo, row.id);
  // A search hit opened from the inbox: the thread goes back to it and shows it.
  const focus = parseId(req.query.message);
  const focused = focus === undefined ? undefined : await repo.message(focus);
  await req.inertia.render('Conversations/Show', {
    conversation: presentConversationDetail({ ...row, unreadCount: 0 }, contact),
    reply_targets: await replyTargets(req, actor),
    messages: thread.messages,
    has_earlier: thread.has_earlier,
    focus_message_id: focused?.conversationId === row.id ? focused.id : null,
    contact: {
      id: row.contactId,
      name: contact?.name ?? null,
      phone: contact?.phoneE164 ?? null,
      email: contact?.email ?? null,
      external_id: contact?.externalId ?? null,
      locale: contact?.locale ?? null,
      first_seen_at: contact?.firstSeenAt.toISOString() ?? row.createdAt.toISOString(),
      last_seen_at: contact?.lastSeenAt.toISOString() ?? row.lastMessageAt.toISOString(),
      identities: identities.map(presentIdentity),
      attributes: contact?.attributes ?? {},
      // Other contacts with the same e-mail or phone: the card points to the contact's page to merge.
      possible_duplicates: contact ? await contactRepository(req.services.db, actor.teamId).duplicateCount(contact) : 0,
      other_conversations: (await repo.ofContact(row.contactId, row.id)).map((other) => ({
        id: other.id,
        number: other.number,
        state: other.state,
        last_message_at: other.lastMessageAt.toISOString(),
        last_preview: other.lastPreview,
        channel_type: other.channelType,
      })),
    },
    agents: await agents(req, actor, members),
    // Everyone on the team reads conversations, so a note may name anyone ("@Name").
    teammates: members.map((member) => ({ id: member.id, name: member.name })),
    labels: await teamLabels(req, actor),
    templates,
    saved_replies: conversationPolicy.reply(actor)
      ? (await savedReplyRepository(req.services.db, actor.teamId).all()).map(presentSavedReply)
      : [],
    contact_notes: await notesOf(req.services.db, actor, row.contactId),
    contact_fields: await teamContactFields(req.services.db, actor.teamId),
    can: can(actor),
  });
}

/** The latest messages of a thread before a message (or the latest of all), oldest first, and whether any are older. */
async function threadBefore(
  req: Request,
  repo: ReturnType<typeof conversationRepository>,
  conversationId: number,
  beforeId?: number,
) {
  const rows = await repo.messages(conversationId, { limit: threadPage + 1, beforeId });
  const hasEarlier = rows.length > threadPage;
  return {
    messages: (hasEarlier ? rows.slice(1) : rows).map((message) =>
      presentMessage(message, attachmentUrls(req.services)),
    ),
    has_earlier: hasEarlier,
  };
}

/**
 * GET conversations.messages.index: the 100 messages of a thread before `before` (a message id),
 * oldest first, as JSON, and whether there are older ones: the thread going back as it is read.
 */
export async function earlierMessages(req: Request, res: Response) {
  const actor = await teamActor(req);
  const repo = conversationRepository(req.services.db, actor.teamId);
  const row = await repo.listed(routeId(req, 'conversation'));
  if (!row) throw new NotFoundError();
  authorize(conversationPolicy.view(actor));
  const before = req.query.before === undefined ? undefined : parseId(req.query.before);
  if (req.query.before !== undefined && before === undefined) {
    throw new ValidationError({ before: 'The before field must be the id of a message.' });
  }
  res.json(await threadBefore(req, repo, row.id, before));
}

const back = (req: Request, res: Response) =>
  res.redirect(303, req.services.route('conversations.show', routeId(req, 'conversation')));

export async function storeMessage(req: Request, res: Response) {
  await replyAsAgent(req.services, await teamActor(req), routeId(req, 'conversation'), req.body);
  back(req, res);
}

/** PUT conversations.availability.update: the actor marks themselves away or back; back to the inbox page they were on. */
export async function updateAvailability(req: Request, res: Response) {
  await setAway(req.services, await teamActor(req), req.body);
  redirectBack(req, res, req.services.route('conversations.index'));
}

/** POST conversations.typing: the agent started or stopped writing a reply (JSON, 204). */
export async function typing(req: Request, res: Response) {
  await agentTyping(req.services, await teamActor(req), routeId(req, 'conversation'), req.body);
  res.status(204).end();
}

/** POST conversations.messages.resend: a message that was not delivered, sent again; back to the conversation. */
export async function resend(req: Request, res: Response) {
  await resendMessage(req.services, await teamActor(req), routeId(req, 'conversation'), routeId(req, 'message'));
  back(req, res);
}

export async function storeNote(req: Request, res: Response) {
  await addNote(req.services, await teamActor(req), routeId(req, 'conversation'), req.body);
  back(req, res);
}

/** The conversation's contact, as an agent corrects their name, phone or e-mail. */
export async function updateContact(req: Request, res: Response) {
  await updateContactDetails(req.services, await teamActor(req), routeId(req, 'conversation'), req.body);
  back(req, res);
}

export async function updateLabels(req: Request, res: Response) {
  await setConversationLabels(req.services, await teamActor(req), routeId(req, 'conversation'), req.body);
  back(req, res);
}

export async function assignTo(req: Request, res: Response) {
  await assign(req.services, await teamActor(req), routeId(req, 'conversation'), req.body);
  back(req, res);
}

/** The conversations ticked in the inbox resolved, assigned, marked or labelled together; back to the same list. */
export async function bulk(req: Request, res: Response) {
  const result = await bulkUpdate(req.services, await teamActor(req), req.body);
  req.inertia.flash('banner', bulkSummary(result)).flash('bannerStyle', 'success');
  res.redirect(303, req.get('referer') ?? req.services.route('conversations.index'));
}

/** Low, medium, high or urgent; empty takes the mark off. */
export async function updatePriority(req: Request, res: Response) {
  await setPriority(req.services, await teamActor(req), routeId(req, 'conversation'), req.body);
  back(req, res);
}

/** Out of the working tabs until a time (ISO 8601 with its offset), or until the customer writes. */
export async function snoozeConversation(req: Request, res: Response) {
  await snooze(req.services, await teamActor(req), routeId(req, 'conversation'), req.body);
  back(req, res);
}

export async function unsnoozeConversation(req: Request, res: Response) {
  await unsnooze(req.services, await teamActor(req), routeId(req, 'conversation'));
  back(req, res);
}

export async function handback(req: Request, res: Response) {
  await handBack(req.services, await teamActor(req), routeId(req, 'conversation'));
  back(req, res);
}

export async function resolveConversation(req: Request, res: Response) {
  await resolve(req.services, await teamActor(req), routeId(req, 'conversation'));
  back(req, res);
}

/** POST conversations.unread: marked unread; back to the inbox (staying on it would read it again). */
export async function markConversationUnread(req: Request, res: Response) {
  await markUnread(req.services, await teamActor(req), routeId(req, 'conversation'));
  req.inertia.flash('banner', 'Marked as unread.').flash('bannerStyle', 'success');
  res.redirect(303, req.services.route('conversations.index'));
}

export async function reopenConversation(req: Request, res: Response) {
  await reopen(req.services, await teamActor(req), routeId(req, 'conversation'));
  back(req, res);
}
