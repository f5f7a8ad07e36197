import { z } from 'zod';
import type { Services } from '../../services';
import { notifyAssigned, notifyMentioned, settleQueued } from './notifications';
import { mentionedIn, mentionLimit } from './mentions';
import {
  conversationRepository,
  type ConversationRow,
  type MessageRow,
} from '../../db/repositories/conversation-repository';
import {
  channelById,
  channelRepository,
  type ChannelRow,
  type WhatsappTemplateRow,
} from '../../db/repositories/channel-repository';
import { userRepository } from '../../db/repositories/user-repository';
import { teamMembershipRepository } from '../../db/repositories/team-membership-repository';
import { allows } from '../teams/roles';
import { asRole, authorize, type TeamActor } from '../teams/team-access';
import { validate, fields } from '../shared/validation';
import { NotFoundError, ValidationError } from '../../support/errors';
import { isUniqueViolation } from '../../db/errors';
import { sendJob, widgetTarget } from '../../channels/pipeline';
import { windowExpiresAt } from '../../presenters/conversation-presenter';
import { conversationChanged, messageCreated, systemLine } from './events';
import { askForRating } from './rating';
import { fileTooLargeMessage, UploadedFile } from '../../http/middleware/body';
import { detectUpload, storeTemplateHeader, storeUpload } from '../../channels/web/uploads';
import { filesLimit } from '../../channels/web/protocol';
import {
  fillTemplate,
  templateShape,
  type FilledTemplate,
  type HeaderMedia,
  type MessageTemplate,
} from '../../channels/whatsapp/templates';
import type { StoredAttachment } from '../../channels/media';
import { messagePreview } from '../../channels/media';

/** Agents, editors, admins and owners work conversations; viewers read them. */
export const conversationPolicy = {
  view: (actor: TeamActor) => allows(actor.role, 'conversations:view', actor.abilities),
  reply: (actor: TeamActor) => allows(actor.role, 'conversations:reply', actor.abilities),
  resolve: (actor: TeamActor) => allows(actor.role, 'conversations:resolve', actor.abilities),
};

export type ConversationServices = Pick<
  Services,
  'db' | 'config' | 'encrypter' | 'broadcaster' | 'widgetBroadcaster' | 'logger' | 'jobs' | 'route'
>;

const textSchema = z.object({ text: fields.requiredString('text', 4096) });

/** The teammates the reply box's "@" list put in, by id; those whose "@Name" is left are told. */
const mentionsField = z
  .array(fields.rowId('Each mention must be a teammate.'), { error: 'The mentions must be a list of teammates.' })
  .max(mentionLimit, `A note may mention at most ${mentionLimit} teammates.`)
  .optional()
  .transform((value) => value ?? []);

const noteSchema = textSchema.extend({ mentions: mentionsField });

/** A note with a file (a screenshot, a receipt): its words are optional. */
const noteWithFileSchema = z.object({
  text: fields.optionalString('text', 4096).transform((value) => value ?? ''),
  mentions: mentionsField,
});

/** WhatsApp's and Telegram's limit on a file's caption: one call sends the file and its words. */
export const captionLimit = 1024;

const captionSchema = z.object({
  text: z
    .string({ error: 'The text field must be a string.' })
    .trim()
    .max(captionLimit, `A file's caption may be at most ${captionLimit} characters: send the rest as its own message.`)
    .optional()
    .transform((value) => value ?? ''),
});

/** A file an agent sent, stored as a visitor's is (uploads.ts): its attachment and kind. */
type StoredFile = Awaited<ReturnType<typeof storeUpload>>;

/** The uploads of a reply or a note, each with the field its error names. */
interface Uploads {
  files: UploadedFile[];
  /** The field they came in: `files`, or `file`. */
  name: 'files' | 'file';
  field: (index: number) => string;
}

/**
 * The files of a reply or a note: the reply box's `files` (up to ten), or one `file` (the API, a
 * template's header). None: undefined.
 */
function uploadsOf(input: unknown): Uploads | undefined {
  const body = (input && typeof input === 'object' ? input : {}) as { file?: unknown; files?: unknown };
  const { files } = body;
  if (files !== undefined && files !== null && files !== '' && !(Array.isArray(files) && files.length === 0)) {
    if (!Array.isArray(files) || !files.every((file) => file instanceof UploadedFile))
      throw new ValidationError({ files: 'The files field must hold files.' });
    if (files.length > filesLimit)
      throw new ValidationError({ files: `Attach at most ${filesLimit} files at a time.` });
    return { files, name: 'files', field: (index) => `files.${index}` };
  }
  return body.file instanceof UploadedFile ? { files: [body.file], name: 'file', field: () => 'file' } : undefined;
}

/**
 * Every file checked (size, and its type by its bytes) before any is written, so that one refused
 * file leaves nothing behind and each refusal names its place (`files.2`); then each is stored. The
 * multipart parser reads up to the larger of the upload and knowledge limits: an agent's files keep
 * to the upload one.
 */
async function storedUploads(services: Pick<Services, 'config'>, teamId: number, uploads: Uploads) {
  const maxBytes = services.config.uploads.maxBytes;
  const errors: Record<string, string> = {};
  uploads.files.forEach((file, index) => {
    if (file.size > maxBytes) errors[uploads.field(index)] = fileTooLargeMessage(maxBytes);
    else {
      const detected = detectUpload(file.buffer, file.originalName);
      if ('refused' in detected) errors[uploads.field(index)] = detected.refused;
    }
  });
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  const stored = [];
  for (const file of uploads.files)
    stored.push(await storeUpload(services.config, teamId, file.buffer, file.originalName));
  return stored;
}

/** A WhatsApp template: which one, and its values by field key (templates.ts names them). */
const templateSchema = z.object({
  template: fields.requiredString('template', 512),
  language: fields.requiredString('language', 16),
  parameters: z
    .record(z.string(), z.unknown(), { error: 'The parameters must be a set of values.' })
    .optional()
    .transform((value) => value ?? {}),
});

const assignSchema = z.object({
  user_id: z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    fields.rowId('The selected person is invalid.').nullable(),
  ),
});

/**
 * The team's conversation an action is about (another team's is a 404, before any policy says
 * 403), with its repository, its channel and, for a web one, its widget.
 */
export async function conversationContext(services: Pick<Services, 'db'>, actor: TeamActor, conversationId: number) {
  const repo = conversationRepository(services.db, actor.teamId);
  const conversation = await repo.find(conversationId);
  if (!conversation) throw new NotFoundError();
  authorize(conversationPolicy.view(actor));
  const channel = (await channelById(services.db, conversation.channelId))!;
  return { repo, conversation, channel, widget: widgetTarget(channel, conversation.threadId) };
}

/**
 * A teammate's action as one unit of work: the change, its line in the thread and the team's
 * webhook deliveries of it commit together or not at all, so that a process stopped between them
 * can no longer leave a resolved conversation whose `conversation.resolved` never goes out. The
 * live events, jobs and bells it queues go after the commit.
 */
export function asOneChange<S extends Pick<Services, 'db'>, Args extends unknown[], T>(
  action: (services: S, ...args: Args) => Promise<T>,
): (services: S, ...args: Args) => Promise<T> {
  return (services, ...args) => services.db.transaction((tx) => action({ ...services, db: tx }, ...args));
}

/** A teammate's name as the thread's lines say it. */
export async function teammateName(services: Pick<Services, 'db'>, userId: number) {
  return (await userRepository(services.db).find(userId))?.name ?? 'A teammate';
}

/**
 * A WhatsApp template an agent sends, checked: one of the channel's approved templates, filled with
 * their values (each missing or refused one a 422 under `parameters.<key>`), with a file when its
 * header shows one (and none otherwise). Nothing is stored.
 */
export async function checkedTemplate(
  services: Pick<Services, 'db'>,
  teamId: number,
  channel: { id: number; type: string },
  input: unknown,
  file: UploadedFile | undefined,
): Promise<{ row: WhatsappTemplateRow; filled: FilledTemplate }> {
  const data = validate(templateSchema, input);
  if (channel.type !== 'whatsapp') throw new ValidationError({ template: 'Templates are for WhatsApp channels.' });
  const row = await channelRepository(services.db, teamId).approvedTemplate(channel.id, data.template, data.language);
  if (!row) throw new ValidationError({ template: 'Choose an approved template.' });
  // The values' and the file's messages together, so that one answer shows all that is missing.
  const errors: Record<string, string> = {};
  const fileProblem = headerFileProblem(templateShape(row).headerMedia, file);
  if (fileProblem) errors.file = fileProblem;
  let filled: FilledTemplate | undefined;
  try {
    filled = fillTemplate(row, data.parameters);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    Object.assign(errors, error.errors);
  }
  if (!filled || Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { row, filled };
}

/**
 * A WhatsApp template an agent sends (checkedTemplate), with the file its media header shows stored.
 * Any time, inside the 24-hour window or outside it.
 */
async function filledTemplate(
  services: Pick<Services, 'db' | 'config'>,
  teamId: number,
  channel: { id: number; type: string },
  input: unknown,
  file: UploadedFile | undefined,
): Promise<{
  text: string;
  template: MessageTemplate;
  sent?: { kind: 'image' | 'file'; attachment: StoredAttachment };
}> {
  const { row, filled } = await checkedTemplate(services, teamId, channel, input, file);
  const template: MessageTemplate = {
    name: row.name,
    language: row.language,
    components: filled.components,
    headerMedia: filled.headerMedia,
  };
  if (!filled.headerMedia || !file) return { text: filled.text, template };
  return { text: filled.text, template, sent: await storedTemplateHeader(services, teamId, file, filled.headerMedia) };
}

/** What is wrong with the file given for a template's header: none where it shows one, one where it shows none. */
export function headerFileProblem(headerMedia: HeaderMedia | null, file: UploadedFile | undefined): string | null {
  if (!headerMedia && file) return 'This template takes no file.';
  if (headerMedia && !file) return `Choose the ${headerMedia} this template's header shows.`;
  return null;
}

/** A template header's file checked (its size, its kind by its bytes) and stored, as its message names it. */
export async function storedTemplateHeader(
  services: Pick<Services, 'config'>,
  teamId: number,
  file: UploadedFile,
  headerMedia: HeaderMedia,
): Promise<{ kind: 'image' | 'file'; attachment: StoredAttachment }> {
  if (file.size > services.config.uploads.maxBytes) {
    throw new ValidationError({ file: fileTooLargeMessage(services.config.uploads.maxBytes) });
  }
  const attachment = await storeTemplateHeader(services.config, teamId, file.buffer, file.originalName, headerMedia);
  return { kind: headerMedia === 'image' ? 'image' : 'file', attachment };
}

export const windowClosedMessage =
  'The 24-hour WhatsApp window is closed: only an approved template can be sent until the customer writes again.';

/** On WhatsApp, once 24 hours have passed since the customer last wrote, only a template may go out. */
export function freeTextClosed(
  channel: Pick<ChannelRow, 'type'>,
  conversation: Pick<ConversationRow, 'lastInboundAt'>,
): boolean {
  return channel.type === 'whatsapp' && windowExpiresAt(channel.type, conversation.lastInboundAt) === null;
}

/**
 * An agent's reply: the conversation becomes theirs (the bot stops), the message goes out through
 * the channel by the send job. On WhatsApp outside the 24-hour window only a template may go.
 */
async function reply(
  services: ConversationServices,
  actor: TeamActor,
  conversationId: number,
  input: unknown,
): Promise<MessageRow> {
  const { repo, conversation, channel, widget } = await conversationContext(services, actor, conversationId);
  authorize(conversationPolicy.reply(actor));
  const asTemplate = typeof input === 'object' && input !== null && 'template' in input;
  const uploads = uploadsOf(input);
  let text: string;
  let sent: StoredFile[] = [];
  let template: MessageTemplate | null = null;
  if (asTemplate) {
    // A template's header takes one file.
    let header: StoredFile | undefined;
    ({
      text,
      template,
      sent: header,
    } = await filledTemplate(services, actor.teamId, channel, input, uploads?.files[0]));
    sent = header ? [header] : [];
  } else {
    const data = uploads ? validate(captionSchema, input) : validate(textSchema, input);
    if (freeTextClosed(channel, conversation)) {
      throw new ValidationError({ [uploads?.name ?? 'text']: windowClosedMessage });
    }
    text = data.text;
    if (uploads) sent = await storedUploads(services, actor.teamId, uploads);
  }
  const kindOfReply = asTemplate ? 'template' : sent.length > 0 ? 'file' : 'text';
  // A reply in a resolved conversation takes it up again, as Reopen does.
  const reopened =
    conversation.state === 'resolved' && (await reopenFor(repo, conversation, actor.userId, kindOfReply));
  const now = new Date();
  const takeOver = conversation.state !== 'human' || conversation.assigneeId === null;
  const author = await teammateName(services, actor.userId);
  // The thread says who took it up before their reply.
  if (reopened) {
    await systemLine(services, conversation, `Reopened by ${author}.`);
  } else if (takeOver && conversation.state !== 'human') {
    await systemLine(services, conversation, `${author} joined the conversation.`);
  }
  // Each file is a message of its own, in order (a provider sends one file a message), the words
  // with the first; without a file, one message.
  const parts: { text: string; file?: (typeof sent)[number] }[] =
    sent.length > 0 ? sent.map((file, index) => ({ file, text: index === 0 ? text : '' })) : [{ text }];
  const written: MessageRow[] = [];
  for (const part of parts) {
    written.push(
      (await repo.insertMessage({
        conversationId: conversation.id,
        channelId: channel.id,
        direction: 'outbound',
        sender: 'agent',
        senderUserId: actor.userId,
        kind: template ? 'template' : (part.file?.kind ?? 'text'),
        text: part.text,
        ...(part.file ? { attachments: [part.file.attachment] } : {}),
        ...(template ? { template } : {}),
        status: 'queued',
        createdAt: now,
      }))!,
    );
  }
  const last = parts.at(-1)!;
  await repo.update(conversation.id, {
    state: 'human',
    assigneeId: conversation.assigneeId ?? actor.userId,
    humanReplyCount: conversation.humanReplyCount + 1,
    firstHumanReplyAt: conversation.firstHumanReplyAt ?? now,
    lastMessageAt: now,
    lastPreview: messagePreview({
      kind: template ? 'text' : (last.file?.kind ?? 'text'),
      text: last.text || text,
      attachments: last.file ? [last.file.attachment] : [],
    }).slice(0, 255),
    unreadCount: 0,
  });
  for (const message of written) await messageCreated(services, { ...message, senderName: author });
  await conversationChanged(
    services,
    actor.teamId,
    conversation.id,
    reopened ? 'reopened' : takeOver ? 'assigned' : 'message',
    widget,
  );
  // Sent in the order written: a send waits for the one before it (sendMessage).
  for (const message of written) {
    await services.jobs.send(sendJob, { teamId: actor.teamId, messageId: message.id, attempt: 1 });
  }
  return written[0];
}
export const replyAsAgent = asOneChange(reply);

/**
 * An internal note: in the thread for the team, never sent to the customer; words, a file, or
 * both. The teammates it names ("@Name", picked from the reply box's list) are kept on it and told
 * on their bells.
 */
export async function addNote(
  services: ConversationServices,
  actor: TeamActor,
  conversationId: number,
  input: unknown,
) {
  const { repo, conversation } = await conversationContext(services, actor, conversationId);
  authorize(conversationPolicy.reply(actor));
  const uploads = uploadsOf(input);
  const { text, mentions } = validate(uploads ? noteWithFileSchema : noteSchema, input);
  const team = mentions.length > 0 ? await teamMembers(services, actor) : [];
  if (mentions.some((id) => !team.some((member) => member.id === id)))
    throw new ValidationError({ mentions: 'Only members of this team can be mentioned.' });
  const mentioned = mentionedIn(text, mentions, team);
  // Kept on the private disk as a reply's files are, all on the note; the thread shows them, and
  // nothing sends them.
  const stored = uploads ? await storedUploads(services, actor.teamId, uploads) : [];
  const note = (await repo.insertMessage({
    conversationId: conversation.id,
    channelId: conversation.channelId,
    direction: 'outbound',
    sender: 'agent',
    senderUserId: actor.userId,
    kind: 'note',
    text,
    ...(stored.length > 0 ? { attachments: stored.map((file) => file.attachment) } : {}),
    status: 'sent',
    mentionedUserIds: mentioned.length > 0 ? mentioned : null,
  }))!;
  const author = await teammateName(services, actor.userId);
  await messageCreated(services, { ...note, senderName: author });
  const told = mentioned.filter((id) => id !== actor.userId);
  if (told.length > 0) {
    const contactName = (await repo.contact(conversation.contactId))?.name ?? null;
    for (const userId of told) await notifyMentioned(services, conversation, userId, contactName, author, text);
  }
  return note;
}

/** Everyone on the team (the owner, then the members by name), with their roles. */
export async function teamMembers(services: Pick<Services, 'db'>, actor: TeamActor) {
  const memberships = teamMembershipRepository(services.db, actor.userId);
  const owner = await memberships.owner(actor.teamId);
  return [...(owner ? [owner] : []), ...(await memberships.members(actor.teamId))];
}

/** Takes the conversation (user_id = oneself), gives it to a teammate, or unassigns it (null). */
async function assignTo(services: ConversationServices, actor: TeamActor, conversationId: number, input: unknown) {
  const { repo, conversation, widget } = await conversationContext(services, actor, conversationId);
  authorize(conversationPolicy.reply(actor));
  const { user_id: userId } = validate(assignSchema, input);
  if (userId !== null) {
    const member = await teamMembershipRepository(services.db, actor.userId).member(actor.teamId, userId);
    if (!member || !allows(asRole(member.role), 'conversations:reply'))
      throw new ValidationError({
        user_id: 'The selected person is not a member of this team who handles conversations.',
      });
  }
  const state =
    userId === null
      ? conversation.state === 'human'
        ? 'queued'
        : conversation.state
      : conversation.state === 'resolved'
        ? 'resolved'
        : 'human';
  // Given to whoever already has it (another tab, a teammate's stale page): nothing changes, and
  // the thread gets no second "Unassigned." or "Assigned to …" line.
  if (userId === conversation.assigneeId && state === conversation.state) return;
  await repo.update(conversation.id, { assigneeId: userId, state, unreadCount: 0 });
  await systemLine(
    services,
    conversation,
    userId === null
      ? 'Unassigned.'
      : userId === actor.userId
        ? `${await teammateName(services, userId)} took over.`
        : `Assigned to ${await teammateName(services, userId)}.`,
  );
  await conversationChanged(services, actor.teamId, conversation.id, 'assigned', widget);
  if (state !== 'queued') await settleQueued(services, conversation);
  // Given to a teammate: their bell says so.
  if (userId !== null && userId !== actor.userId) {
    const contactName = (await repo.contact(conversation.contactId))?.name ?? null;
    await notifyAssigned(services, conversation, userId, contactName, {
      by: await teammateName(services, actor.userId),
    });
  }
}
export const assign = asOneChange(assignTo);

/** Gives the conversation back to the bot, which answers the next message again. */
async function handBackToBot(services: ConversationServices, actor: TeamActor, conversationId: number) {
  const { repo, conversation, widget } = await conversationContext(services, actor, conversationId);
  authorize(conversationPolicy.reply(actor));
  const moved = await repo.transition(conversation.id, ['queued', 'human'], {
    state: 'bot',
    assigneeId: null,
    handoffReason: null,
    handoffAt: null,
    snoozedUntil: null,
  });
  if (!moved) throw new ValidationError({ state: 'Only a conversation with a person can be handed back.' });
  await systemLine(services, conversation, 'Handed back to the bot: it answers the next message.');
  await conversationChanged(services, actor.teamId, conversation.id, 'handback', widget);
  await settleQueued(services, conversation);
}
export const handBack = asOneChange(handBackToBot);

async function resolveConversation(services: ConversationServices, actor: TeamActor, conversationId: number) {
  const { repo, conversation, channel, widget } = await conversationContext(services, actor, conversationId);
  authorize(conversationPolicy.resolve(actor));
  const moved = await repo.transition(conversation.id, ['bot', 'queued', 'human'], {
    state: 'resolved',
    resolvedAt: new Date(),
    resolvedBy: conversation.state === 'bot' ? 'bot' : 'human',
    unreadCount: 0,
    snoozedUntil: null,
  });
  if (!moved) throw new ValidationError({ state: 'The conversation is already resolved.' });
  await systemLine(services, conversation, `Resolved by ${await teammateName(services, actor.userId)}.`);
  await conversationChanged(services, actor.teamId, conversation.id, 'resolved', widget);
  await settleQueued(services, conversation);
  await askForRating(services, channel, moved, sendJob);
}
export const resolve = asOneChange(resolveConversation);

/**
 * A resolved conversation taken up again by a teammate: theirs, counted as reopened; false when it
 * was no longer resolved. A newer open conversation of the same thread is the one to work: a 422
 * under `field`.
 */
async function reopenFor(
  repo: ReturnType<typeof conversationRepository>,
  conversation: ConversationRow,
  userId: number,
  field: string,
): Promise<boolean> {
  try {
    const moved = await repo.transition(conversation.id, ['resolved'], {
      state: 'human',
      assigneeId: userId,
      resolvedAt: null,
      resolvedBy: null,
      reopenCount: conversation.reopenCount + 1,
    });
    return moved !== undefined;
  } catch (error) {
    if (!isUniqueViolation(error, 'conversations_open_thread_unique')) throw error;
    throw new ValidationError({ [field]: 'The customer already has a newer open conversation.' });
  }
}

async function reopenConversation(services: ConversationServices, actor: TeamActor, conversationId: number) {
  const { repo, conversation, widget } = await conversationContext(services, actor, conversationId);
  authorize(conversationPolicy.resolve(actor));
  if (!(await reopenFor(repo, conversation, actor.userId, 'state'))) {
    throw new ValidationError({ state: 'Only a resolved conversation can be reopened.' });
  }
  await systemLine(services, conversation, `Reopened by ${await teammateName(services, actor.userId)}.`);
  await conversationChanged(services, actor.teamId, conversation.id, 'reopened', widget);
}
export const reopen = asOneChange(reopenConversation);

/**
 * Marks a conversation unread again (a person who opened it and will come back to it): the inbox
 * shows it as unread for the team, as a customer's new message does, until someone opens it. One
 * already unread keeps its count. Whoever answers conversations may.
 */
export async function markUnread(services: ConversationServices, actor: TeamActor, conversationId: number) {
  const { repo, conversation } = await conversationContext(services, actor, conversationId);
  authorize(conversationPolicy.reply(actor));
  if (conversation.unreadCount > 0) return;
  await repo.update(conversation.id, { unreadCount: 1 });
  await conversationChanged(services, actor.teamId, conversation.id, 'read');
}

/** Opening a conversation reads it: its unread count goes to zero. */
export async function markRead(services: ConversationServices, actor: TeamActor, conversation: ConversationRow) {
  if (conversation.unreadCount === 0 || !conversationPolicy.reply(actor)) return;
  await conversationRepository(services.db, actor.teamId).update(conversation.id, { unreadCount: 0 });
  await conversationChanged(services, actor.teamId, conversation.id, 'read');
}
