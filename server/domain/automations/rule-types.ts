import type { ConversationPriority, HandoffReasonCode } from '../../db/schema/channels';

/**
 * The shapes of a team's automation rules, as stored (jsonb), sent by the page and shown by it. The
 * client imports this file: nothing but words and types here.
 *
 * A rule runs when something happens to a conversation (its trigger), checks its conditions (all of
 * them must hold) and then takes its actions in order, as Chatwoot's automations and Zendesk's
 * triggers do.
 */
export const automationTriggers = [
  'customer_message',
  'conversation_queued',
  'conversation_waiting',
  'reply_waiting',
  'reply_target_missed',
] as const;
export type AutomationTrigger = (typeof automationTriggers)[number];

/**
 * The triggers the workers' minute sweep runs, each rule once per wait after its "Waited at least"
 * (which they require): a conversation waiting for a person to take it, and a customer with a person
 * waiting for that person's reply (the first since the handoff, or the next after their new message).
 */
export const timedTriggers = ['conversation_waiting', 'reply_waiting'] as const satisfies readonly AutomationTrigger[];
export const isTimed = (trigger: AutomationTrigger): trigger is (typeof timedTriggers)[number] =>
  (timedTriggers as readonly AutomationTrigger[]).includes(trigger);

/**
 * The triggers the minute sweep runs: the timed ones, and a customer's wait passing the team's
 * reply target for the reply they wait for (the first or the next; Team Settings), whose wait is
 * the target and needs no "Waited at least".
 */
export const sweptTriggers = [...timedTriggers, 'reply_target_missed'] as const satisfies readonly AutomationTrigger[];
export type SweptTrigger = (typeof sweptTriggers)[number];

export const automationTriggerLabels: Record<AutomationTrigger, string> = {
  customer_message: 'A customer writes',
  conversation_queued: 'A conversation is handed to a person',
  conversation_waiting: 'A conversation has waited for a person',
  reply_waiting: 'A customer has waited for a reply',
  reply_target_missed: 'A reply target is missed',
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
  /** How long it has waited for a person or their reply, at least (the timed triggers: required, once). */
  | { type: 'waited'; minutes: number };
export type AutomationConditionType = AutomationCondition['type'];

export type AutomationAction =
  | { type: 'add_labels'; label_ids: number[] }
  | { type: 'set_priority'; priority: ConversationPriority }
  /** An internal note in the thread, for the team (never sent). */
  | { type: 'add_note'; text: string }
  /** The bot hands the conversation to a person instead of answering (its handoff message is said). */
  | { type: 'hand_off' }
  /** The conversation goes to this teammate (one who answers conversations), from whoever had it. */
  | { type: 'assign'; user_id: number }
  /**
   * A message to the customer through the conversation's channel, from the bot ("Terima kasih sudah
   * menunggu…"), its variables filled in as a saved reply's are. Never a reply that ends a wait.
   */
  | { type: 'send_message'; text: string };
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
    actions: ['add_labels', 'set_priority', 'add_note', 'assign', 'send_message'],
  },
  conversation_waiting: {
    conditions: ['waited', 'handoff_reason', 'channel', 'contact_field'],
    actions: ['add_labels', 'set_priority', 'add_note', 'assign', 'send_message'],
  },
  reply_waiting: {
    conditions: ['waited', 'handoff_reason', 'channel', 'contact_field'],
    actions: ['add_labels', 'set_priority', 'add_note', 'assign', 'send_message'],
  },
  reply_target_missed: {
    conditions: ['handoff_reason', 'channel', 'contact_field'],
    actions: ['add_labels', 'set_priority', 'add_note', 'assign', 'send_message'],
  },
};

/** What each trigger means, under the form's "When". */
export const automationTriggerHints: Record<AutomationTrigger, string> = {
  customer_message: 'Each message a customer sends, before the bot answers it.',
  conversation_queued: 'The bot, a rule or the customer hands a conversation to a person.',
  conversation_waiting: 'Nobody has taken a conversation handed to a person: once a handoff, after the wait below.',
  reply_waiting:
    'A conversation with a person: from the handoff to their first reply, then from each new message of the customer to the next reply. Once a wait, after the wait below; not while snoozed.',
  reply_target_missed:
    "A customer handed to a person has waited past the team's reply target for the reply they wait for: the first reply's from the handoff, the next's from their new message (Team Settings → Reply Targets). Once a wait; not while snoozed.",
};

/** What a trigger is, as a sentence's end ("cannot be checked when …"). */
export const automationTriggerWords: Record<AutomationTrigger, string> = {
  customer_message: 'a customer writes',
  conversation_queued: 'a conversation is handed to a person',
  conversation_waiting: 'a conversation has waited for a person',
  reply_waiting: "a customer has waited for a person's reply",
  reply_target_missed: 'a reply target is missed',
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
  send_message: 'Send the customer a message',
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
  /** A message to the customer: within what WhatsApp and Telegram send as one text. */
  message: 1000,
  value: 200,
  /** The longest wait a rule may name: seven days, in minutes. */
  waitedMinutes: 10_080,
} as const;
