import { z } from 'zod';
import type { Services } from '../../services';
import { contactFieldRepository, type ContactFieldRow } from '../../db/repositories/contact-field-repository';
import { contactFieldTypes } from '../../db/schema/contact-fields';
import { isUniqueViolation } from '../../db/errors';
import { allows } from '../teams/roles';
import { fields, validate } from '../shared/validation';
import { NotFoundError, ValidationError } from '../../support/errors';
import { authorize, type TeamActor } from '../teams/team-access';
import { detailNames, detailOfColumn } from './columns';
import type { FieldCondition } from '../../db/repositories/attribute-condition';
import {
  contactFieldLimits,
  fieldKeyOf,
  fieldValueText,
  parseNumber,
  parseFieldValue,
  type AttributeValue,
  type ContactFieldShape,
} from './field-values';

/**
 * A team's own contact fields (a customer's city, member tier, birthday): owners, admins and editors
 * define them, as they set up channels and broadcasts; whoever answers conversations fills them in
 * on a contact; everyone who sees contacts reads them. Saved replies and broadcasts name them as
 * variables (`{{contact.kota}}`), and a contacts file's column of the same name imports into one.
 */
export const contactFieldPolicy = {
  manage: (actor: TeamActor) => allows(actor.role, 'channels:update', actor.abilities),
};

/**
 * Keys a contact's own details have as variables (`{{contact.name}}`), which no field may take, and
 * what each is, as a refusal names it.
 */
const builtInDetails: Record<string, string> = {
  name: 'a name',
  first_name: 'a first name (of their name)',
  phone: 'a phone',
  email: 'an e-mail',
};

const labelField = fields
  .requiredString('label', contactFieldLimits.label)
  .transform((value) => value.replace(/\s+/g, ' '));

/** A list's choices: a list of texts, or one text a choice a line (as the form's box sends them). */
const optionsField = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(/\r?\n/) : (value ?? [])),
  z
    .array(z.string({ error: 'Each choice must be text.' }), { error: 'The choices must be a list.' })
    .transform((options) => options.map((option) => option.trim().replace(/\s+/g, ' ')).filter(Boolean))
    .superRefine((options, context) => {
      const problem = optionsProblem(options);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
);

function optionsProblem(options: string[]): string | null {
  if (options.length > contactFieldLimits.options)
    return `A list may offer up to ${contactFieldLimits.options} choices.`;
  const long = options.find((option) => option.length > contactFieldLimits.option);
  if (long) return `“${long.slice(0, 30)}…” is longer than ${contactFieldLimits.option} characters.`;
  const seen = new Set<string>();
  for (const option of options) {
    if (seen.has(option.toLowerCase())) return `“${option}” is offered twice.`;
    seen.add(option.toLowerCase());
  }
  return null;
}

/** Whether bots may tell a customer their own value: off unless the form says so. */
const botReadableField = z
  .boolean({ error: 'The bot readable field must be true or false.' })
  .optional()
  .default(false);

const createSchema = z.object({
  label: labelField,
  type: z.enum(contactFieldTypes, { error: 'Choose what the field holds.' }),
  options: optionsField,
  bot_readable: botReadableField,
});
const updateSchema = z.object({ label: labelField, options: optionsField, bot_readable: botReadableField });

/** Adds a field, or changes one of the team's (its label, a list's choices; its key and type stay). */
export async function saveContactField(
  services: Pick<Services, 'db'>,
  actor: TeamActor,
  input: unknown,
  id?: number,
): Promise<ContactFieldRow> {
  authorize(contactFieldPolicy.manage(actor));
  const repo = contactFieldRepository(services.db, actor.teamId);
  const bag = id === undefined ? 'createContactField' : 'updateContactField';
  const existing = id === undefined ? undefined : await repo.find(id);
  if (id !== undefined && !existing) throw new NotFoundError();
  const error = (message: string, field = 'label') => new ValidationError({ [field]: message }, bag);
  // A contacts file's column of this name is the contact's own detail, never the field.
  const detailColumn = (label: string) => {
    const detail = detailOfColumn(label);
    if (detail) {
      throw error(
        `A contacts file's “${label}” column is the contact's ${detailNames[detail]}; name this field otherwise.`,
      );
    }
  };

  if (existing) {
    const data = validate(updateSchema, input, bag);
    detailColumn(data.label);
    const options = existing.type === 'list' ? data.options : [];
    if (existing.type === 'list' && options.length === 0) throw error('A list needs at least one choice.', 'options');
    if (await repo.clash(undefined, data.label, existing.id)) throw error('The label has already been taken.');
    const row = await repo
      .update(existing.id, { label: data.label, options, botReadable: data.bot_readable })
      .catch((caught: unknown) => {
        if (isUniqueViolation(caught, 'contact_fields_team_id_label_unique'))
          throw error('The label has already been taken.');
        throw caught;
      });
    if (!row) throw new NotFoundError();
    return row;
  }

  const data = validate(createSchema, input, bag);
  const key = fieldKeyOf(data.label);
  if (key === '') throw error('The label needs a letter or a digit.');
  if (Object.hasOwn(builtInDetails, key)) {
    throw error(`Every contact has ${builtInDetails[key]} already; name this field otherwise.`);
  }
  detailColumn(data.label);
  const options = data.type === 'list' ? data.options : [];
  if (data.type === 'list' && options.length === 0) throw error('A list needs at least one choice.', 'options');
  const clash = await repo.clash(key, data.label);
  if (clash) {
    throw error(
      clash.key === key && clash.label.toLowerCase() !== data.label.toLowerCase()
        ? `“${clash.label}” has the same variable, {{contact.${key}}}; name this field otherwise.`
        : 'The label has already been taken.',
    );
  }
  if ((await repo.count()) >= contactFieldLimits.perTeam) {
    throw error(`A team can keep up to ${contactFieldLimits.perTeam} contact fields. Delete one you no longer use.`);
  }
  const row = await repo.create({
    key,
    label: data.label,
    type: data.type,
    options,
    botReadable: data.bot_readable,
    createdBy: actor.userId,
  });
  if (!row) throw error('The label has already been taken.');
  return row;
}

/** Deletes a field and every contact's value of it. */
export async function deleteContactField(services: Pick<Services, 'db'>, actor: TeamActor, id: number): Promise<void> {
  authorize(contactFieldPolicy.manage(actor));
  if (!(await contactFieldRepository(services.db, actor.teamId).delete(id))) throw new NotFoundError();
}

/**
 * The contacts of one group, which the contacts list, its export, the API and a broadcast's
 * audience go by, as a `key:value` names it: a list's choice or yes/no (`member_tier:Gold`,
 * `member:yes`), a date's month of any year (`tanggal_lahir:month-12`), a number's bound
 * (`poin:>=1000`, `poin:<=500`), or a text whatever its case (`kota:bandung`). The field, what its
 * contacts hold, and that in words after "is" ("Gold", "in December", "at least 1,000", "Bandung").
 */
export interface Segment {
  field: ContactFieldShape;
  condition: FieldCondition;
  valueText: string;
}

const monthNames = new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' });
const monthName = (month: number) => monthNames.format(new Date(Date.UTC(2000, month - 1, 1)));
const MONTH = /^month-(0[1-9]|1[0-2])$/;
const BOUND = /^(>=|<=)\s*(.*)$/;
const numberText = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 6 });

/**
 * The days (`MM-DD`) a date field's "today" matches at `now` in the time zone: today's, and 29
 * February on the 28th of a year without one (as the database's condition reads it).
 */
export function anniversaryDays(timezone: string, now = new Date()): string[] {
  const dayOf = (at: Date) => {
    const parts = new Intl.DateTimeFormat('en-CA', {
      timeZone: timezone,
      month: '2-digit',
      day: '2-digit',
    }).formatToParts(at);
    return `${parts.find((part) => part.type === 'month')!.value}-${parts.find((part) => part.type === 'day')!.value}`;
  };
  const today = dayOf(now);
  return today === '02-28' && dayOf(new Date(now.getTime() + 86_400_000)) === '03-01' ? [today, '02-29'] : [today];
}

/** A `key:value` of one of the team's fields, or why it is none. */
export function parseSegment(
  teamFields: readonly ContactFieldShape[],
  text: string | undefined,
): { segment: Segment } | { problem: string } {
  const split = text?.indexOf(':') ?? -1;
  const field = split > 0 ? teamFields.find((item) => item.key === text?.slice(0, split)) : undefined;
  if (!text || !field) return { problem: 'Choose one of your contact fields and what it holds.' };
  const given = text.slice(split + 1).trim();
  const segment = (condition: FieldCondition, valueText: string) => ({ segment: { field, condition, valueText } });
  switch (field.type) {
    case 'date': {
      if (given === 'today') return segment({ key: field.key, day: 'today' }, 'today');
      const month = MONTH.exec(given);
      if (!month) return { problem: `Choose a month of ${field.label}.` };
      return segment({ key: field.key, month: Number(month[1]) }, `in ${monthName(Number(month[1]))}`);
    }
    case 'number': {
      const bound = BOUND.exec(given);
      const value = bound ? parseNumber(bound[2]) : undefined;
      if (!bound || value === undefined) return { problem: `Give a number for ${field.label}, such as 1000.` };
      return bound[1] === '>='
        ? segment({ key: field.key, min: value }, `at least ${numberText(value)}`)
        : segment({ key: field.key, max: value }, `at most ${numberText(value)}`);
    }
    case 'text': {
      const value = given.replace(/\s+/g, ' ');
      if (value === '') return { problem: `Write what ${field.label} is.` };
      if (value.length > contactFieldLimits.text)
        return { problem: `${field.label} must not be greater than ${contactFieldLimits.text} characters.` };
      return segment({ key: field.key, text: value }, value);
    }
    default: {
      const parsed = parseFieldValue(field, given);
      if (!parsed.ok) return { problem: parsed.message };
      if (parsed.value === null || typeof parsed.value === 'number')
        return { problem: `Choose a value of ${field.label}.` };
      return segment(
        { key: field.key, value: parsed.value },
        fieldValueText(field, parsed.value, 'en') ?? String(parsed.value),
      );
    }
  }
}

/**
 * A segment as its options name it, whatever the spelling it was given in (`member_tier:gold` →
 * `member_tier:Gold`, `poin:>= 1.000` → `poin:>=1000`), so a page's select shows the group applied.
 */
export function segmentText(segment: Segment): string {
  const { condition } = segment;
  const key = condition.key;
  if ('month' in condition) return `${key}:month-${String(condition.month).padStart(2, '0')}`;
  if ('day' in condition) return `${key}:today`;
  if ('days' in condition) return `${key}:today`;
  if ('min' in condition) return `${key}:>=${condition.min}`;
  if ('max' in condition) return `${key}:<=${condition.max}`;
  if ('text' in condition) return `${key}:${condition.text}`;
  return `${key}:${condition.value === true ? 'yes' : condition.value === false ? 'no' : condition.value}`;
}

/**
 * The groups of the team's fields as a select offers them, each by the `key:value` a filter or an
 * audience names it: `label` is what follows the field's label in the select ("Gold", "December",
 * "at least…"), `phrase` what follows "whose Poin is" ("Gold", "in December", "at least"), `held`
 * what its contacts hold (a value, or a date's month) to count them. A `typed` one (a number's
 * bound, a text) takes what the person types after its `value`, and is counted once typed.
 */
export function segmentOptions(teamFields: readonly ContactFieldShape[]) {
  return teamFields.map((field) => ({
    key: field.key,
    label: field.label,
    options: optionsOf(field),
  }));
}

interface SegmentOption {
  value: string;
  label: string;
  phrase: string;
  held: string | boolean | { month: number } | { today: true } | null;
  typed?: true;
}

function optionsOf(field: ContactFieldShape): SegmentOption[] {
  switch (field.type) {
    case 'date':
      return [
        // Its day and month are today's: birthdays today, every year.
        { value: `${field.key}:today`, label: 'today, any year', phrase: 'today', held: { today: true } },
        ...Array.from({ length: 12 }, (_, i) => ({
          value: `${field.key}:month-${String(i + 1).padStart(2, '0')}`,
          label: monthName(i + 1),
          phrase: `in ${monthName(i + 1)}`,
          held: { month: i + 1 },
        })),
      ];
    case 'number':
      return [
        { value: `${field.key}:>=`, label: 'at least…', phrase: 'at least', held: null, typed: true },
        { value: `${field.key}:<=`, label: 'at most…', phrase: 'at most', held: null, typed: true },
      ];
    case 'text':
      return [{ value: `${field.key}:`, label: 'is…', phrase: '', held: null, typed: true }];
    default:
      return (field.type === 'list' ? field.options : [true, false]).map((value) => {
        const words = fieldValueText(field, value, 'en') ?? String(value);
        return {
          value: `${field.key}:${field.type === 'yes_no' ? (value ? 'yes' : 'no') : value}`,
          label: words,
          phrase: words,
          held: value,
        };
      });
  }
}

/** A field as the pages and the API have it. */
export function presentContactField(row: ContactFieldRow): ContactFieldShape & { id: number; bot_readable: boolean } {
  return {
    id: row.id,
    key: row.key,
    label: row.label,
    type: row.type,
    options: row.options,
    bot_readable: row.botReadable,
  };
}
export type ContactFieldProps = ReturnType<typeof presentContactField>;

/** The team's fields, as the pages have them. */
export async function teamContactFields(db: Services['db'], teamId: number): Promise<ContactFieldProps[]> {
  return (await contactFieldRepository(db, teamId).all()).map(presentContactField);
}

/**
 * The change a form or the API asks of a contact's field values (`attributes`, an object by key):
 * each value read in its field's type, an empty one cleared. A 422 names each bad value by its key
 * (`attributes.kota`), and a key that is no field of the team.
 */
export function attributeChanges(
  teamFields: readonly ContactFieldShape[],
  input: unknown,
  bag?: string,
): { set: Record<string, AttributeValue>; clear: string[] } {
  if (input === undefined) return { set: {}, clear: [] };
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new ValidationError({ attributes: 'The fields must be an object of values by key.' }, bag);
  }
  const byKey = new Map(teamFields.map((field) => [field.key, field]));
  const errors: Record<string, string> = {};
  const set: Record<string, AttributeValue> = {};
  const clear: string[] = [];
  for (const [key, raw] of Object.entries(input)) {
    const field = byKey.get(key);
    if (!field) {
      errors[`attributes.${key.slice(0, 60)}`] = 'There is no such contact field.';
      continue;
    }
    const parsed = parseFieldValue(field, raw);
    if (!parsed.ok) errors[`attributes.${key}`] = parsed.message;
    else if (parsed.value === null) clear.push(key);
    else set[key] = parsed.value;
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors, bag);
  return { set, clear };
}
