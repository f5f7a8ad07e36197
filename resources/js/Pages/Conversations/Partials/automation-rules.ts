import type { LabelColor } from '../../../../../server/db/schema/labels';
import type { ConversationPriority, HandoffReasonCode } from '../../../../../server/db/schema/channels';
import type { automationLimits } from '../../../../../server/domain/automations/rule-types';
import {
  automationActionLabels,
  automationConditionLabels,
  isTimed,
  triggerOffers,
  type AutomationAction,
  type AutomationActionType,
  type AutomationCondition,
  type AutomationConditionType,
  type AutomationTrigger,
  type ContactFieldOperator,
} from '../../../../../server/domain/automations/rule-types';

/** A team's rule as the page lists it. */
export interface AutomationRule {
  id: number;
  name: string;
  trigger: AutomationTrigger;
  conditions: AutomationCondition[];
  actions: AutomationAction[];
  enabled: boolean;
  /** Times it acted in the last 30 days. */
  runs: number;
  /** ISO. */
  last_run_at: string | null;
  created_at: string;
}

/** One time a rule acted on a conversation. */
export interface AutomationRun {
  id: number;
  rule_id: number | null;
  rule_name: string;
  /** Null when the conversation was deleted. */
  conversation: { id: number; number: number } | null;
  summary: string;
  created_at: string;
}

export type AutomationFieldType = 'text' | 'number' | 'date' | 'list' | 'yes_no';

/** What the rules may name: the team's channels, labels, contact fields, answering teammates… */
export interface AutomationOptions {
  channels: Array<{ id: number; name: string; type: 'web' | 'whatsapp' | 'telegram' | 'webhook' }>;
  labels: Array<{ id: number; name: string; color: LabelColor; description: string }>;
  fields: Array<{ key: string; label: string; type: AutomationFieldType; choices: string[] }>;
  members: Array<{ id: number; name: string }>;
  handoff_reasons: Array<{ value: HandoffReasonCode; label: string }>;
  priorities: Array<{ value: ConversationPriority; label: string }>;
}

/** The limits a rule is kept within (rule-types.ts), as the server sends them. */
export type AutomationLimitsProps = Record<keyof typeof automationLimits, number>;

/** The body the page sends for a new rule or a change: the form's data as it is. */
export type AutomationForm = {
  name: string;
  trigger: AutomationTrigger;
  conditions: AutomationCondition[];
  actions: AutomationAction[];
  enabled: boolean;
};

export const blankAutomation: AutomationForm = {
  name: '',
  trigger: 'customer_message',
  conditions: [],
  actions: [],
  enabled: true,
};

/** A rule's body as it is saved (the edit form's start, and what its switch sends back). */
export function automationBody(rule: AutomationRule): AutomationForm {
  return {
    name: rule.name,
    trigger: rule.trigger,
    conditions: rule.conditions,
    actions: rule.actions,
    enabled: rule.enabled,
  };
}

/** The words of a comma-separated list: "komplain, refund , barang rusak," → three, trimmed. */
export function parseWords(text: string): string[] {
  return text
    .split(',')
    .map((word) => word.trim())
    .filter((word) => word !== '');
}

export function sameWords(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((word, index) => word === b[index]);
}

/** Conditions and actions a trigger offers only once. */
const onceConditions: readonly AutomationConditionType[] = ['first_message', 'waited'];
const onceActions: readonly AutomationActionType[] = ['hand_off', 'send_message'];

/** The conditions the "Add condition" buttons offer: the trigger's, less those there once already. */
export function conditionTypesToAdd(
  trigger: AutomationTrigger,
  conditions: readonly AutomationCondition[],
): AutomationConditionType[] {
  return triggerOffers[trigger].conditions.filter(
    (type) => !onceConditions.includes(type) || !conditions.some((condition) => condition.type === type),
  );
}

/** The actions the "Add action" buttons offer: the trigger's, less those there once already. */
export function actionTypesToAdd(
  trigger: AutomationTrigger,
  actions: readonly AutomationAction[],
): AutomationActionType[] {
  return triggerOffers[trigger].actions.filter(
    (type) => !onceActions.includes(type) || !actions.some((action) => action.type === type),
  );
}

/**
 * A rule's conditions and actions under another trigger: those it does not offer are dropped, and
 * named in `dropped` ("Message contains", "Hand to a person").
 */
export function withTrigger(
  data: AutomationForm,
  trigger: AutomationTrigger,
): { data: AutomationForm; dropped: string[] } {
  const offers = triggerOffers[trigger];
  const kept = data.conditions.filter((condition) => offers.conditions.includes(condition.type));
  // A timed rule says how long first (the server requires it).
  const conditions: AutomationCondition[] =
    isTimed(trigger) && !kept.some((condition) => condition.type === 'waited')
      ? [{ type: 'waited', minutes: 15 }, ...kept]
      : kept;
  const actions = data.actions.filter((action) => offers.actions.includes(action.type));
  const dropped = [
    ...data.conditions
      .filter((condition) => !offers.conditions.includes(condition.type))
      .map((condition) => automationConditionLabels[condition.type]),
    ...data.actions
      .filter((action) => !offers.actions.includes(action.type))
      .map((action) => automationActionLabels[action.type]),
  ];
  return { data: { ...data, trigger, conditions, actions }, dropped: [...new Set(dropped)] };
}

export type AutomationField = AutomationOptions['fields'][number];

/** The comparisons a contact field offers: a bound only for a number. */
export function operatorsFor(field: Pick<AutomationField, 'type'> | undefined): ContactFieldOperator[] {
  return field?.type === 'number'
    ? ['is', 'is_not', 'at_least', 'at_most', 'is_set', 'is_not_set']
    : ['is', 'is_not', 'is_set', 'is_not_set'];
}

/** Whether a comparison takes a value ("has a value" does not). */
export function operatorTakesValue(operator: ContactFieldOperator): boolean {
  return operator !== 'is_set' && operator !== 'is_not_set';
}

/** A new comparison's value for a field: its first choice, yes, or nothing yet. */
export function defaultFieldValue(field: Pick<AutomationField, 'type' | 'choices'> | undefined): string {
  if (field?.type === 'list') return field.choices[0] ?? '';
  if (field?.type === 'yes_no') return 'yes';
  return '';
}

/** A contact field condition once its field, comparison or value changed: each kept when it still fits. */
export function contactFieldCondition(
  fields: readonly AutomationField[],
  key: string,
  operator: ContactFieldOperator,
  value: string | undefined,
): Extract<AutomationCondition, { type: 'contact_field' }> {
  const field = fields.find((candidate) => candidate.key === key);
  const allowed = operatorsFor(field);
  const kept = allowed.includes(operator) ? operator : 'is';
  return operatorTakesValue(kept)
    ? { type: 'contact_field', key, operator: kept, value: value ?? defaultFieldValue(field) }
    : { type: 'contact_field', key, operator: kept };
}

/** A condition as the "Add condition" buttons put it in, to be filled in. */
export function blankCondition(type: AutomationConditionType, options: AutomationOptions): AutomationCondition {
  switch (type) {
    case 'message_contains':
    case 'message_not_contains':
      return { type, words: [] };
    case 'first_message':
      return { type };
    case 'channel':
      return { type, channel_ids: [] };
    case 'contact_field': {
      const field = options.fields[0];
      return contactFieldCondition(options.fields, field?.key ?? '', 'is', undefined);
    }
    case 'handoff_reason':
      return { type, reasons: [] };
    case 'waited':
      return { type, minutes: 15 };
  }
}

/** An action as the "Add action" buttons put it in, to be filled in. */
export function blankAction(type: AutomationActionType, options: AutomationOptions): AutomationAction {
  switch (type) {
    case 'add_labels':
      return { type, label_ids: [] };
    case 'set_priority':
      return {
        type,
        priority: options.priorities.some((priority) => priority.value === 'high')
          ? 'high'
          : (options.priorities[0]?.value ?? 'high'),
      };
    case 'add_note':
    case 'send_message':
      return { type, text: '' };
    case 'hand_off':
      return { type };
    case 'assign':
      // 0 until someone is chosen (the select shows its placeholder).
      return { type, user_id: options.members[0]?.id ?? 0 };
  }
}

/** An id among a list's, or in the list less it. */
export function toggled<T>(list: readonly T[], item: T, on: boolean): T[] {
  return on ? (list.includes(item) ? [...list] : [...list, item]) : list.filter((each) => each !== item);
}

/** A wait in words: "15 minutes", "2 hours", "1 day", "90 minutes". */
export function waitWords(minutes: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (minutes > 0 && minutes % 1440 === 0) return unit(minutes / 1440, 'day');
  if (minutes > 0 && minutes % 60 === 0) return unit(minutes / 60, 'hour');
  return unit(minutes, 'minute');
}
