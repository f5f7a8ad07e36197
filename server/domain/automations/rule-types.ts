import type { ConversationPriority, HandoffReasonCode } from '../../db/schema/channels';

/**
 * The shapes of a team's automation rules, as stored (jsonb), sent by the page and shown by it. The
 * client imports this file: nothing but words and types here.
 *
 * A rule runs when something happens to a conversation (its trigger), checks its conditions (all of
 * them must hold) and then takes its actions in order, as Chatwoot's automations and Zendesk's
 * triggers do.
 */
export const automationTriggers = ['customer_message', 'conversation_queued', 'conversation_waiting'] as const;
export type AutomationTrigger = (typeof automationTriggers)[number];

export const automationTriggerLabels: Record<AutomationTrigger, string> = {
  customer_message: 'A customer writes',
  conversation_queued: 'A conversation is handed to a person',
  conversation_waiting: 'A conversation has waited for a person',
};

export const contactFieldOperators = ['is', 'is_not', 'is_set', 'is_not_set', 'at_least', 'at_most'] as const;
export type ContactFieldOperator = (typeof contactFieldOperators)[number];

export type AutomationCondition =
  /** The customer's message has any of the words or phrases (whatever their case, at a word's start). */
  | { type: 'message_contains'; words: string[] }
  /** The customer's message has none of them. */
  | { type: 'message_not_contains'; words: string[] }
  /** The message is the first of its conversation (a new conversation). */
  | { type: 'first_message' }
  /** The conversation came through one of these channels. */
  | { type: 'channel'; channel_ids: number[] }
  /** A value of the contact's fields (contacts.fields): equal, set, or a number's bound. */
  | { type: 'contact_field'; key: string; operator: ContactFieldOperator; value?: string }
  /** Why the conversation was handed to a person. */
  | { type: 'handoff_reason'; reasons: HandoffReasonCode[] }
  /** How long it has waited for a person, at least (conversation_waiting: required, once). */
  | { type: 'waited'; minutes: number };
export type AutomationConditionType = AutomationCondition['type'];

export type AutomationAction =
  | { type: 'add_labels'; label_ids: number[] }
  | { type: 'set_priority'; priority: ConversationPriority }
  /** An internal note in the thread, for the team (never sent). */
  | { type: 'add_note'; text: string }
  /** The bot hands the conversation to a person instead of answering (its handoff message is said). */
  | { type: 'hand_off' }
  /** The waiting conversation goes to this teammate (one who answers conversations). */
  | { type: 'assign'; user_id: number };
export type AutomationActionType = AutomationAction['type'];

/** Which conditions and actions each trigger offers (the others are refused when saved). */
export const triggerOffers: Record<
  AutomationTrigger,
  { conditions: readonly AutomationConditionType[]; actions: readonly AutomationActionType[] }
> = {
  customer_message: {
    conditions: ['message_contains', 'message_not_contains', 'first_message', 'channel', 'contact_field'],
    actions: ['add_labels', 'set_priority', 'add_note', 'hand_off'],
  },
  conversation_queued: {
    conditions: ['handoff_reason', 'channel', 'contact_field'],
    actions: ['add_labels', 'set_priority', 'add_note', 'assign'],
  },
  conversation_waiting: {
    conditions: ['waited', 'handoff_reason', 'channel', 'contact_field'],
    actions: ['add_labels', 'set_priority', 'add_note', 'assign'],
  },
};

/** What a trigger is, as a sentence's end ("cannot be checked when …"). */
export const automationTriggerWords: Record<AutomationTrigger, string> = {
  customer_message: 'a customer writes',
  conversation_queued: 'a conversation is handed to a person',
  conversation_waiting: 'a conversation has waited for a person',
};

export const automationConditionLabels: Record<AutomationConditionType, string> = {
  message_contains: 'Message contains',
  message_not_contains: 'Message does not contain',
  first_message: 'First message of the conversation',
  channel: 'Channel is',
  contact_field: 'Contact field',
  handoff_reason: 'Handoff reason is',
  waited: 'Waited at least',
};

export const automationActionLabels: Record<AutomationActionType, string> = {
  add_labels: 'Add labels',
  set_priority: 'Set priority',
  add_note: 'Add an internal note',
  hand_off: 'Hand to a person',
  assign: 'Assign to',
};

export const contactFieldOperatorLabels: Record<ContactFieldOperator, string> = {
  is: 'is',
  is_not: 'is not',
  is_set: 'has a value',
  is_not_set: 'has no value',
  at_least: 'is at least',
  at_most: 'is at most',
};

export const automationLimits = {
  perTeam: 50,
  name: 80,
  conditions: 10,
  actions: 5,
  words: 20,
  word: 60,
  note: 1000,
  value: 200,
  /** The longest wait a rule may name: seven days, in minutes. */
  waitedMinutes: 10_080,
} as const;
