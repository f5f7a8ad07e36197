import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Services } from '../../services';
import { conversationPriorities, type HandoffReasonCode } from '../../db/schema/channels';
import { users } from '../../db/schema/index';
import { automationRepository, type AutomationRuleRow } from '../../db/repositories/automation-repository';
import { channelRepository } from '../../db/repositories/channel-repository';
import { labelRepository } from '../../db/repositories/label-repository';
import { teamContactFields } from '../contacts/fields';
import { parseFieldValue } from '../contacts/field-values';
import { agentsOf } from '../conversations/notifications';
import { conversationPolicy } from '../conversations/conversation-actions';
import { handoffReasonLabels } from '../conversations/handoff-reasons';
import { presentLabel } from '../conversations/labels';
import { unknownVariablesMessage } from '../conversations/reply-variables';
import { priorityLabels, priorityOrder } from '../conversations/priority-labels';
import { fields, validate } from '../shared/validation';
import { NotFoundError, ValidationError, type FieldErrors } from '../../support/errors';
import { allows } from '../teams/roles';
import { authorize, type TeamActor } from '../teams/team-access';
import {
  automationActionLabels,
  automationConditionLabels,
  automationLimits as limits,
  automationTriggers,
  automationTriggerWords,
  contactFieldOperators,
  isTimed,
  triggerOffers,
  type AutomationAction,
  type AutomationCondition,
} from './rule-types';

/**
 * A team's automation rules (Conversations/Automations): everyone who sees conversations reads
 * them; those who set up how conversations flow (owners, admins, editors: channels and bots) change them.
 */
export const automationPolicy = {
  view: conversationPolicy.view,
  manage: (actor: TeamActor) => allows(actor.role, 'channels:update', actor.abilities),
};

const handoffReasonCodes = Object.keys(handoffReasonLabels) as [HandoffReasonCode, ...HandoffReasonCode[]];

const words = z
  .array(
    z
      .string({ error: 'Each word must be text.' })
      .trim()
      .max(limits.word, `Each word or phrase may have up to ${limits.word} characters.`)
      .refine((value) => !value.includes('\u0000'), 'Each word must not contain a null character.'),
    { error: 'The words must be a list.' },
  )
  .transform((list) => [...new Set(list.filter((word) => word !== ''))])
  .refine((list) => list.length > 0, 'Write at least one word or phrase.')
  .refine((list) => list.length <= limits.words, `Up to ${limits.words} words or phrases.`);

const ids = (what: string) =>
  z
    .array(fields.rowId(`Each ${what} must be an id.`), { error: `The ${what}s must be a list.` })
    .transform((list) => [...new Set(list)])
    .refine((list) => list.length > 0, `Choose at least one ${what}.`);

const waitedMessage = `Wait between 1 minute and 7 days (${limits.waitedMinutes} minutes).`;

const conditionSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('message_contains'), words }),
    z.object({ type: z.literal('message_not_contains'), words }),
    z.object({ type: z.literal('first_message') }),
    z.object({ type: z.literal('channel'), channel_ids: ids('channel') }),
    z.object({
      type: z.literal('contact_field'),
      key: z.string({ error: 'Choose a field.' }).trim().min(1, 'Choose a field.').max(40, 'Choose a field.'),
      operator: z.enum(contactFieldOperators, { error: 'Choose how to compare.' }),
      value: z
        .union([z.string(), z.number(), z.boolean()], { error: 'The value must be text.' })
        .nullish()
        .transform((value) => (value === null || value === undefined ? '' : String(value).trim()))
        .refine((value) => value.length <= limits.value, `The value may have up to ${limits.value} characters.`),
    }),
    z.object({
      type: z.literal('waited'),
      minutes: z.coerce
        .number({ error: waitedMessage })
        .int(waitedMessage)
        .min(1, waitedMessage)
        .max(limits.waitedMinutes, waitedMessage),
    }),
    z.object({
      type: z.literal('handoff_reason'),
      reasons: z
        .array(z.enum(handoffReasonCodes, { error: 'Choose reasons from the list.' }), {
          error: 'The reasons must be a list.',
        })
        .transform((list) => [...new Set(list)])
        .refine((list) => list.length > 0, 'Choose at least one reason.'),
    }),
  ],
  { error: 'Choose a condition from the list.' },
);

const actionSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('add_labels'), label_ids: ids('label') }),
    z.object({
      type: z.literal('set_priority'),
      priority: z.enum(conversationPriorities, { error: 'The priority must be one of low, medium, high or urgent.' }),
    }),
    z.object({ type: z.literal('add_note'), text: fields.requiredString('text', limits.note) }),
    z.object({ type: z.literal('hand_off') }),
    z.object({ type: z.literal('assign'), user_id: fields.rowId('Choose a teammate.') }),
    z.object({ type: z.literal('send_message'), text: fields.requiredString('text', limits.message) }),
  ],
  { error: 'Choose an action from the list.' },
);

const ruleSchema = z.object({
  name: fields.requiredString('name', limits.name),
  trigger: z.enum(automationTriggers, { error: 'Choose when the rule runs.' }),
  enabled: z.boolean({ error: 'The enabled field must be true or false.' }).default(true),
  conditions: z
    .array(conditionSchema, { error: 'The conditions must be a list.' })
    .max(limits.conditions, `A rule may have up to ${limits.conditions} conditions.`)
    .default([]),
  actions: z
    .array(actionSchema, { error: 'The actions must be a list.' })
    .min(1, 'Add at least one action.')
    .max(limits.actions, `A rule may have up to ${limits.actions} actions.`),
});

type RuleInput = z.infer<typeof ruleSchema>;

/**
 * What the team has that a rule may name: its channels, labels, contact fields and the teammates
 * who answer conversations. The page offers them; a saved rule naming anything else (another
 * team's) is refused as unknown.
 */
async function teamChoices(services: Pick<Services, 'db'>, teamId: number) {
  const [channels, labels, fields, members] = await Promise.all([
    channelRepository(services.db, teamId).all(),
    labelRepository(services.db, teamId).all(),
    teamContactFields(services.db, teamId),
    agentsOf(services.db, teamId),
  ]);
  return { channels, labels, fields, members };
}

/** The rule's parts checked against its trigger and the team; values read in their field's type. */
function checkedParts(
  input: RuleInput,
  choices: Awaited<ReturnType<typeof teamChoices>>,
): { conditions: AutomationCondition[]; actions: AutomationAction[]; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const channelIds = new Set(choices.channels.map((channel) => channel.id));
  const labelIds = new Set(choices.labels.map((label) => label.id));
  const memberIds = new Set(choices.members);
  const offers = triggerOffers[input.trigger];
  const conditions = input.conditions.map((condition, index): AutomationCondition => {
    const at = `conditions.${index}`;
    if (!offers.conditions.includes(condition.type)) {
      errors[`${at}.type`] ??=
        `“${automationConditionLabels[condition.type]}” cannot be checked when ${automationTriggerWords[input.trigger]}.`;
      return condition as AutomationCondition;
    }
    if (condition.type === 'channel' && condition.channel_ids.some((id) => !channelIds.has(id))) {
      errors[`${at}.channel_ids`] = 'The selected channel is invalid.';
    }
    if (condition.type !== 'contact_field') return condition as AutomationCondition;
    const field = choices.fields.find((candidate) => candidate.key === condition.key);
    if (!field) {
      errors[`${at}.key`] = 'The selected field is invalid.';
      return condition;
    }
    const { operator } = condition;
    if (operator === 'is_set' || operator === 'is_not_set') return { type: 'contact_field', key: field.key, operator };
    if ((operator === 'at_least' || operator === 'at_most') && field.type !== 'number') {
      errors[`${at}.operator`] = `${field.label} is not a number field: choose “is” or “is not”.`;
      return condition;
    }
    if (condition.value === '') {
      errors[`${at}.value`] = 'Write the value to compare with.';
      return condition;
    }
    const parsed = parseFieldValue(field, condition.value);
    if (!parsed.ok || parsed.value === null) {
      errors[`${at}.value`] = parsed.ok ? 'Write the value to compare with.' : parsed.message;
      return condition;
    }
    const value = typeof parsed.value === 'boolean' ? (parsed.value ? 'yes' : 'no') : String(parsed.value);
    return { type: 'contact_field', key: field.key, operator, value };
  });
  const twice = (type: AutomationCondition['type']) =>
    conditions.filter((condition) => condition.type === type).length > 1;
  if (twice('first_message') || twice('waited')) {
    errors.conditions ??= '“Waited at least” and the first-message condition can each be added once.';
  }
  if (isTimed(input.trigger) && !conditions.some((condition) => condition.type === 'waited')) {
    errors.conditions ??=
      input.trigger === 'reply_waiting'
        ? 'Say how long a customer waits for a reply before the rule acts: add “Waited at least”.'
        : 'Say how long a conversation waits before the rule acts: add “Waited at least”.';
  }
  const actions = input.actions.map((action, index): AutomationAction => {
    const at = `actions.${index}`;
    if (!offers.actions.includes(action.type)) {
      errors[`${at}.type`] ??=
        `“${automationActionLabels[action.type]}” cannot be done when ${automationTriggerWords[input.trigger]}.`;
    } else if (action.type === 'add_labels' && action.label_ids.some((id) => !labelIds.has(id))) {
      errors[`${at}.label_ids`] = 'The selected label is invalid.';
    } else if (action.type === 'assign' && !memberIds.has(action.user_id)) {
      errors[`${at}.user_id`] = 'Choose a teammate who answers conversations.';
    } else if (action.type === 'send_message') {
      const unknown = unknownVariablesMessage(
        action.text,
        choices.fields.map((field) => field.key),
      );
      if (unknown) errors[`${at}.text`] = unknown;
    }
    return action;
  });
  const once = (type: AutomationAction['type']) => actions.filter((action) => action.type === type).length > 1;
  if (once('hand_off') || once('assign') || once('set_priority') || once('send_message')) {
    errors.actions ??=
      'Each of “Hand to a person”, “Assign to”, “Set priority” and “Send the customer a message” can be added once.';
  }
  return { conditions, actions, errors };
}

/** Adds a rule (after the others), or changes one of the team's (another team's is a 404). */
export async function saveAutomationRule(
  services: Pick<Services, 'db'>,
  actor: TeamActor,
  input: unknown,
  id?: number,
): Promise<AutomationRuleRow> {
  authorize(automationPolicy.manage(actor));
  const rules = automationRepository(services.db, actor.teamId);
  const bag = id === undefined ? 'createAutomation' : 'updateAutomation';
  if (id !== undefined && !(await rules.find(id))) throw new NotFoundError();
  const data = validate(ruleSchema, input, bag);
  const { conditions, actions, errors } = checkedParts(data, await teamChoices(services, actor.teamId));
  if (Object.keys(errors).length > 0) throw new ValidationError(errors, bag);
  const values = { name: data.name, trigger: data.trigger, enabled: data.enabled, conditions, actions };
  if (id !== undefined) {
    const row = await rules.update(id, values);
    if (!row) throw new NotFoundError();
    return row;
  }
  if ((await rules.count()) >= limits.perTeam) {
    throw new ValidationError(
      { name: `A team can keep up to ${limits.perTeam} rules. Delete one you no longer use.` },
      bag,
    );
  }
  return rules.create({ ...values, createdBy: actor.userId });
}

export async function deleteAutomationRule(services: Pick<Services, 'db'>, actor: TeamActor, id: number) {
  authorize(automationPolicy.manage(actor));
  if (!(await automationRepository(services.db, actor.teamId).remove(id))) throw new NotFoundError();
}

/** Moves a rule one place up or down in the order the rules run. */
export async function moveAutomationRule(
  services: Pick<Services, 'db'>,
  actor: TeamActor,
  id: number,
  input: unknown,
): Promise<void> {
  authorize(automationPolicy.manage(actor));
  const repo = automationRepository(services.db, actor.teamId);
  const rules = await repo.all();
  const index = rules.findIndex((rule) => rule.id === id);
  if (index < 0) throw new NotFoundError();
  const { direction } = validate(
    z.object({ direction: z.enum(['up', 'down'], { error: 'The direction must be up or down.' }) }),
    input,
  );
  const other = rules[direction === 'up' ? index - 1 : index + 1];
  if (!other) return;
  // Positions written whole, so that rules made before positions were unique come out in order too.
  const order = rules.map((rule) => rule.id);
  order[index] = other.id;
  order[direction === 'up' ? index - 1 : index + 1] = id;
  for (const [position, ruleId] of order.entries()) await repo.update(ruleId, { position: position + 1 });
}

/**
 * What a rule may name, as the page offers it: the team's channels, labels, contact fields, the
 * teammates who answer conversations, the handoff reasons and the priorities.
 */
export async function automationOptions(services: Pick<Services, 'db'>, teamId: number) {
  const { channels, labels, fields: teamFields, members: memberIds } = await teamChoices(services, teamId);
  const members =
    memberIds.length === 0
      ? []
      : await services.db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, memberIds));
  return {
    channels: channels.map((channel) => ({ id: channel.id, name: channel.name, type: channel.type })),
    labels: labels.map(presentLabel),
    fields: teamFields.map((field) => ({
      key: field.key,
      label: field.label,
      type: field.type,
      choices: field.options,
    })),
    members: members.sort((a, b) => a.name.localeCompare(b.name)),
    handoff_reasons: handoffReasonCodes.map((value) => ({ value, label: handoffReasonLabels[value] })),
    priorities: priorityOrder.map((value) => ({ value, label: priorityLabels[value] })),
  };
}

/** A rule as the page shows it. */
export function presentAutomationRule(row: AutomationRuleRow, activity?: { runs: number; last: Date | null }) {
  return {
    id: row.id,
    name: row.name,
    trigger: row.trigger,
    conditions: row.conditions,
    actions: row.actions,
    enabled: row.enabled,
    runs: activity?.runs ?? 0,
    last_run_at: activity?.last?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}
