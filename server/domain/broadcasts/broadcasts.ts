/**
 * Broadcasts: an approved WhatsApp template a team sends to many of its contacts at once, each copy
 * filled in for its contact (`{{contact.first_name | Kak}}` in a value, as saved replies write
 * them). Made now or for later; sent by the `broadcast.send` job (send.ts), cancelled while it has
 * not finished. Whoever reads conversations sees them; owners, admins and editors (who manage the
 * channels) send them.
 */
import { inboxEvent } from '../conversations/events';
import { z } from 'zod';
import type { Services } from '../../services';
import { allows } from '../teams/roles';
import { authorize, type TeamActor } from '../teams/team-access';
import { fields, validate } from '../shared/validation';
import { instantField } from '../shared/instant';
import { NotFoundError, ValidationError } from '../../support/errors';
import { channelById, channelRepository, type WhatsappTemplateRow } from '../../db/repositories/channel-repository';
import { broadcastRepository, type BroadcastRow } from '../../db/repositories/broadcast-repository';
import { labelRepository } from '../../db/repositories/label-repository';
import type { BroadcastAudience } from '../../db/schema/index';
import { fillTemplate, templateShape, type FilledTemplate } from '../../channels/whatsapp/templates';
import { UploadedFile } from '../../http/middleware/body';
import { headerFileProblem, storedTemplateHeader } from '../conversations/conversation-actions';
import {
  fillVariables,
  unfilledVariables,
  unknownVariables,
  unknownVariablesMessage,
  variableValues,
  type VariableValues,
} from '../conversations/reply-variables';
import { parseSegment, teamContactFields } from '../contacts/fields';
import { messageLanguage, sampleAttributes, type ContactFieldShape } from '../contacts/field-values';
import { teamChannel } from '../notifications/channels';
import { importContactFile } from '../contacts/import';

export const broadcastPolicy = {
  view: (actor: TeamActor) => allows(actor.role, 'conversations:view', actor.abilities),
  send: (actor: TeamActor) => allows(actor.role, 'channels:update', actor.abilities),
};

export const broadcastJob = 'broadcast.send';

/** How far ahead a broadcast may be scheduled. */
export const broadcastLimits = { maxDaysAhead: 90 } as const;

type BroadcastServices = Pick<Services, 'db' | 'config' | 'jobs' | 'broadcaster'>;

const createSchema = z.object({
  name: fields.requiredString('name', 120),
  channel_id: fields.rowId('Choose a WhatsApp channel.'),
  template: z
    .string({ error: 'Choose an approved template.' })
    .trim()
    .min(1, 'Choose an approved template.')
    .max(512, 'Choose an approved template.'),
  language: fields.requiredString('language', 16),
  parameters: z
    .record(z.string(), z.unknown(), { error: 'The parameters must be a set of values.' })
    .optional()
    .transform((value) => value ?? {}),
  audience: z.enum(['all', 'label', 'file', 'field'], { error: 'Choose who receives it.' }),
  /** A field's value, `key:value` (audience `field`). */
  segment: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.string({ error: 'Choose a value of one of your fields.' }).max(200).optional(),
  ),
  label_id: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    fields.rowId('Choose a label.').optional(),
  ),
  send_at: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    instantField('Choose when it goes.', 'The sending time is not a valid date and time.').optional(),
  ),
  /** 'daily': it goes every day at that time to that day's audience (a date field's "today"). */
  repeat: z.preprocess(
    (value) => (value === '' || value === null || value === false || value === 'none' ? undefined : value),
    z.enum(['daily'], { error: 'Choose whether it repeats every day.' }).optional(),
  ),
});

/** What each variable is for a made-up contact: a value's variables are checked by filling them so. */
function sampleValues(fields: readonly ContactFieldShape[], language: 'id' | 'en'): VariableValues {
  return variableValues(
    { name: 'Budi Santoso', phone: '+6281234567890', email: 'budi@example.com', attributes: sampleAttributes(fields) },
    'Dewi Santoso',
    42,
    fields,
    language,
  );
}

/** The template's values filled for one contact (its variables replaced), by field key. */
export function valuesFor(
  parameters: Record<string, string>,
  values: Partial<Record<string, string | null>>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(parameters).map(([key, value]) => [key, fillVariables(value, values).trim()]),
  );
}

/** The file columns a broadcast's values name (`{{file.no_pesanan}}` → `no_pesanan`), each once. */
export function fileVariableKeys(parameters: Record<string, string>): string[] {
  const keys = Object.values(parameters).flatMap((text) =>
    unknownVariables(text)
      .map((name) => name.toLowerCase())
      .filter((name) => name.startsWith(fileVariablePrefix))
      .map((name) => name.slice(fileVariablePrefix.length)),
  );
  return [...new Set(keys)];
}

const fileVariablePrefix = 'file.';

/**
 * A parameter's text, or a 422 under its key. With a file's contacts (`fromFile`), a value may name
 * the file's own columns (`{{file.no_pesanan}}`), checked once the file is read.
 */
function parameterTexts(
  given: Record<string, unknown>,
  keys: string[],
  fieldKeys: string[],
  fromFile = false,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const texts: Record<string, string> = {};
  for (const key of keys) {
    const raw = given[key];
    if (raw !== undefined && raw !== null && typeof raw !== 'string') {
      errors[`parameters.${key}`] = 'This value must be text.';
      continue;
    }
    const text = (raw ?? '').trim();
    const problem = unknownVariablesMessage(
      fromFile ? text.replace(/\{\{\s*file\.[A-Za-z0-9_]+\s*(\|[^{}|]*)?\}\}/g, '') : text,
      fieldKeys,
    );
    if (problem) errors[`parameters.${key}`] = problem;
    texts[key] = text;
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return texts;
}

/**
 * A broadcast made: checked whole before anything is stored (its template approved and sendable,
 * every value given and each variable known, the header's file, an audience with someone in it, a
 * time within 90 days), then queued for its time. Returns it.
 */
export async function createBroadcast(
  services: BroadcastServices,
  actor: TeamActor,
  input: unknown,
  now = new Date(),
): Promise<BroadcastRow> {
  authorize(broadcastPolicy.send(actor));
  const data = validate(createSchema, input);
  const channel = await channelById(services.db, data.channel_id);
  if (!channel || channel.teamId !== actor.teamId || channel.type !== 'whatsapp') {
    throw new ValidationError({ channel_id: 'Choose one of your WhatsApp channels.' });
  }
  const template = await channelRepository(services.db, actor.teamId).approvedTemplate(
    channel.id,
    data.template,
    data.language,
  );
  if (!template) throw new ValidationError({ template: 'Choose an approved template.' });
  const shape = templateShape(template);
  if (shape.unsendable) throw new ValidationError({ template: `This template cannot be sent. ${shape.unsendable}` });
  const contactFields = await teamContactFields(services.db, actor.teamId);
  const parameters = parameterTexts(
    data.parameters,
    shape.fields.map((field) => field.key),
    contactFields.map((field) => field.key),
    data.audience === 'file',
  );
  const given = (input as { file?: unknown } | null)?.file;
  const file = given instanceof UploadedFile ? given : undefined;
  const errors: Record<string, string> = {};
  const fileProblem = headerFileProblem(shape.headerMedia, file);
  if (fileProblem) errors.file = fileProblem;
  try {
    fillTemplate(template, valuesFor(parameters, sampleValues(contactFields, messageLanguage(template.language))));
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    Object.assign(errors, error.errors);
  }
  // A file's contacts are known once it is read, in the transaction that stores the broadcast.
  const segment = data.audience === 'field' ? segmentAudience(contactFields, data.segment) : null;
  if (segment && 'problem' in segment) errors.segment = segment.problem;
  const audience: BroadcastAudience | null =
    data.audience === 'label'
      ? { kind: 'label', labelId: data.label_id ?? 0 }
      : data.audience === 'all'
        ? { kind: 'all' }
        : segment && 'audience' in segment
          ? segment.audience
          : null;
  if (audience?.kind === 'label') {
    const label = data.label_id ? await labelRepository(services.db, actor.teamId).find(data.label_id) : undefined;
    if (!label) errors.label_id = 'Choose one of your labels.';
  }
  const list = (input as { list?: unknown } | null)?.list;
  if (data.audience === 'file' && !(list instanceof UploadedFile)) {
    errors.list = 'Choose a CSV file or an Excel workbook of the contacts.';
  }
  const scheduledAt = data.send_at ?? now;
  if (scheduledAt.getTime() < now.getTime() - 60_000) errors.send_at = 'Choose a time in the future.';
  if (scheduledAt.getTime() > now.getTime() + broadcastLimits.maxDaysAhead * 86_400_000) {
    errors.send_at = `A broadcast can be scheduled at most ${broadcastLimits.maxDaysAhead} days ahead.`;
  }
  if (data.repeat && !(audience?.kind === 'field' && 'day' in audience)) {
    errors.repeat =
      'Only a broadcast to the contacts whose date is today repeats every day: choose a date field’s “today”.';
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);

  // A repeating broadcast's day may have nobody: it goes on the days that have someone.
  if (!data.repeat && audience && (await broadcastRepository(services.db, actor.teamId).audienceSize(audience)) === 0) {
    throw new ValidationError({
      audience:
        audience.kind === 'label'
          ? 'No contact with a phone number has a conversation with this label.'
          : audience.kind === 'field'
            ? `No contact with a phone number has ${audience.label} ${audience.valueText}.`
            : 'No contact has a phone number yet: add or import contacts first.',
    });
  }
  // Stored once for every copy (the media sweep keeps it while the broadcast may still send).
  const header: BroadcastRow['header'] =
    shape.headerMedia && file ? await storedTemplateHeader(services, actor.teamId, file, shape.headerMedia) : null;
  const broadcast = await services.db.transaction(async (tx) => {
    const repo = broadcastRepository(tx, actor.teamId);
    const chosen = audience ?? (await fileAudience(tx, actor.teamId, list as UploadedFile, parameters));
    // Nobody in the file may receive it: the contacts it added go too (the transaction rolls back).
    if (chosen.kind === 'file' && (await repo.audienceSize(chosen)) === 0) {
      throw new ValidationError({
        list: 'No contact in the file has a phone number that may receive broadcasts (asked for none, or no phone).',
      });
    }
    const row = await repo.create({
      channelId: channel.id,
      createdBy: actor.userId,
      name: data.name,
      templateName: template.name,
      templateLanguage: template.language,
      parameters,
      header,
      audience: chosen,
      repeat: data.repeat ?? null,
      status: 'scheduled',
      scheduledAt,
    });
    // A repeating broadcast is run by the workers' minute sweep, which makes each day's broadcast.
    if (!row.repeat) {
      await services.jobs.send(
        broadcastJob,
        { teamId: actor.teamId, broadcastId: row.id },
        scheduledAt > now ? { startAfter: scheduledAt } : {},
      );
    }
    return row;
  });
  await broadcastChanged(services, broadcast);
  return broadcast;
}

/** An audience of the contacts whose list or yes/no field holds a value, or whose date is in a month (`key:value`), or why there is none. */
function segmentAudience(
  fields: readonly ContactFieldShape[],
  text: string | undefined,
): { audience: Extract<BroadcastAudience, { kind: 'field' }> } | { problem: string } {
  const parsed = parseSegment(fields, text);
  if ('problem' in parsed) return parsed;
  const { field, condition, valueText } = parsed.segment;
  return { audience: { kind: 'field', ...condition, label: field.label, valueText } };
}

/**
 * A broadcast's audience from a contacts file: read into the team's contacts as Contacts → Import
 * reads one (new people added, known ones filled in), its rows' contacts the audience. The file's
 * problems are the form's, under `list`.
 */
async function fileAudience(
  db: Services['db'],
  teamId: number,
  list: UploadedFile,
  parameters: Record<string, string>,
): Promise<Extract<BroadcastAudience, { kind: 'file' }>> {
  let read: Awaited<ReturnType<typeof importContactFile>>;
  try {
    read = await importContactFile(db, teamId, list);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    throw new ValidationError({ list: Object.values(error.errors)[0] ?? 'The file could not be read.' });
  }
  const fileName = list.originalName.slice(0, 255);
  // Each `{{file.<column>}}` a value names is a column of the file (the transaction rolls back the file's contacts otherwise).
  const used = fileVariableKeys(parameters);
  const columns = new Set(read.otherColumns.map((column) => column.key));
  const errors: Record<string, string> = {};
  for (const [key, text] of Object.entries(parameters)) {
    const missing = fileVariableKeys({ [key]: text }).filter((name) => !columns.has(name));
    if (missing.length === 0) continue;
    const named = read.otherColumns.map((column) => `{{file.${column.key}}}`).join(', ');
    errors[`parameters.${key}`] =
      `${missing.map((name) => `{{file.${name}}}`).join(', ')} ${missing.length === 1 ? 'is not a column' : 'are not columns'} of ${fileName}. ${named ? `Its own columns are ${named}.` : 'It has no columns besides the contacts’ details and fields.'}`;
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  if (used.length === 0) return { kind: 'file', fileName, contactIds: read.contactIds };
  const values: Record<string, Record<string, string>> = {};
  for (const [contactId, row] of read.values) {
    const kept = Object.fromEntries(used.flatMap((key) => (row[key] === undefined ? [] : [[key, row[key]]])));
    if (Object.keys(kept).length > 0) values[String(contactId)] = kept;
  }
  return { kind: 'file', fileName, contactIds: read.contactIds, values };
}

/** A template filled for a contact, or why it cannot be (a value left empty: a variable without a fallback). */
export function filledFor(
  template: WhatsappTemplateRow,
  parameters: Record<string, string>,
  values: Partial<Record<string, string | null>>,
): { filled: FilledTemplate } | { problem: string } {
  // A value naming a contact field deleted after the broadcast was made: nobody gets "{{contact.kota}}".
  const unfilled = Object.values(parameters).flatMap((text) => unfilledVariables(text, values));
  if (unfilled.length > 0) return { problem: `{{${unfilled[0]}}} is no longer one of your contact fields.` };
  try {
    return { filled: fillTemplate(template, valuesFor(parameters, values)) };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const [problem] = Object.values(error.errors);
    return {
      problem: `${problem ?? 'The template could not be filled in.'} (a value's variable is empty for this contact)`,
    };
  }
}

/**
 * Stops a broadcast that has not finished: a scheduled one never goes, a sending one stops before
 * its next recipients (those already sent to keep their message). A finished one is a 422.
 */
export async function cancelBroadcast(
  services: BroadcastServices,
  actor: TeamActor,
  broadcastId: number,
): Promise<BroadcastRow> {
  const repo = broadcastRepository(services.db, actor.teamId);
  const broadcast = await repo.find(broadcastId);
  if (!broadcast) throw new NotFoundError();
  authorize(broadcastPolicy.send(actor));
  const cancelled = await repo.transition(broadcast.id, ['scheduled', 'sending'], {
    status: 'cancelled',
    cancelledAt: new Date(),
    cancelledBy: actor.userId,
  });
  if (!cancelled) {
    throw new ValidationError({
      broadcast:
        broadcast.status === 'cancelled' ? 'This broadcast is cancelled already.' : 'This broadcast has been sent.',
    });
  }
  await broadcastChanged(services, cancelled);
  return cancelled;
}

/** Tells the team's open pages that a broadcast changed (its list, its page). */
export async function broadcastChanged(
  services: Pick<Services, 'broadcaster'>,
  broadcast: Pick<BroadcastRow, 'id' | 'teamId' | 'status'>,
): Promise<void> {
  await services.broadcaster.broadcast({
    channels: [teamChannel(broadcast.teamId)],
    // Echo's `listen('BroadcastChanged')` hears it under the app's namespace.
    event: inboxEvent('BroadcastChanged'),
    data: { broadcast_id: broadcast.id, status: broadcast.status },
  });
}
