/**
 * What a team's webhook endpoints may hear, in the order the page lists them. The names follow the
 * webhook channel's (`message.created`) and the conversation's states (`ConversationState`).
 */
export const webhookEventTypes = [
  {
    type: 'conversation.opened',
    label: 'Conversation opened',
    description: 'A customer wrote for the first time, or after their last conversation was resolved long ago.',
  },
  {
    type: 'message.created',
    label: 'Message',
    description: "A customer's message, a bot's reply or an agent's reply (internal notes never).",
  },
  {
    type: 'conversation.queued',
    label: 'Waiting for a person',
    description: 'A handoff rule fired or the customer asked for a person; the reason is included.',
  },
  {
    type: 'conversation.assigned',
    label: 'Assigned',
    description: 'An agent took the conversation or it was assigned (or unassigned).',
  },
  {
    type: 'conversation.updated',
    label: 'Labels or priority changed',
    description: "A person or an automation rule changed the conversation's labels or priority; `changed` names which.",
  },
  {
    type: 'conversation.handed_back',
    label: 'Handed back to the bot',
    description: 'A person gave the conversation back to the bot.',
  },
  {
    type: 'conversation.resolved',
    label: 'Resolved',
    description: 'Resolved by an agent, by the bot or after inactivity.',
  },
  {
    type: 'conversation.reopened',
    label: 'Reopened',
    description: 'A resolved conversation got a new message or an agent reopened it.',
  },
  {
    type: 'conversation.rated',
    label: 'Rated',
    description: 'The customer rated the conversation (1 to 5, with their comment).',
  },
  {
    type: 'contact.created',
    label: 'Contact added',
    description: 'A new person wrote, or a contact was added by hand or through the API (not by a file import).',
  },
  {
    type: 'contact.updated',
    label: 'Contact changed',
    description:
      'A contact’s details or fields were changed, contacts were merged, or they asked for no more broadcasts.',
  },
  {
    type: 'contact.deleted',
    label: 'Contact deleted',
    description: 'A contact was erased, or merged into another (named in `merged_into`): erase them on your side too.',
  },
] as const;

export type WebhookEventType = (typeof webhookEventTypes)[number]['type'];

/** What a team's endpoints may be: how many, and their fields' lengths (the pages' inputs say the same). */
export const webhookLimits = { endpoints: 10, description: 200, url: 2000 } as const;

/** The event a "Send test event" delivers; never subscribed to. */
export const pingEvent = 'ping';

export const isWebhookEventType = (value: unknown): value is WebhookEventType =>
  webhookEventTypes.some(({ type }) => type === value);
