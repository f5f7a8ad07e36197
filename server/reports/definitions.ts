/**
 * Each report metric's one definition, in words: the Reports page shows it as the figure's
 * tooltip, docs/decisions/016-reports.md explains it, and server/reports/compute.ts is it as code.
 * "The window" is the chosen days in the team's time zone; a conversation counts in the window it
 * started in, a message in the window it was written in.
 */
export const metricDefinitions = {
  conversations: 'Conversations that started in the window.',
  new_contacts: "Conversations in the window that were their contact's first conversation.",
  inbound_messages: 'Messages customers sent in the window.',
  ai_replies: 'Replies the bots sent in the window (answers, curated answers and fallbacks).',
  human_replies: 'Replies people sent to customers in the window (internal notes not included).',
  auto_resolution_rate:
    'Of the conversations a bot answered, the share first resolved by the bot or by inactivity, before any handoff, before a person took it over and before any person replied.',
  handoff_rate:
    'Of the conversations a bot answered, the share handed to a person at least once (a hand-back does not undo it).',
  handoff_reasons: "Each handed-over conversation counted once, under its first handoff's reason.",
  durable_resolution_rate:
    'Of the auto-resolved conversations, the share not reopened within 7 days of being resolved. Final 7 days after the window ends.',
  reopen_rate: 'Of the conversations resolved, the share that was reopened afterwards by a new message.',
  first_bot_response: "Time from the conversation's start to the bot's first reply: median and 90th percentile.",
  first_human_response:
    "Time from the first handoff (or the start, where no bot answers) to a person's first reply: median and 90th percentile.",
  human_reply_time:
    "How long customers had waited when a person's reply came, for every reply that ended a wait: since the handoff for a person's first reply, else since the customer's first message no reply had answered. Median and 90th percentile.",
  reply_target_rate:
    "Of the people's replies that ended a wait the team has a reply target for (first or next reply), the share that came within it, against the targets as they are now.",
  resolution_time: "Time from the conversation's start to its first resolution: median and 90th percentile.",
  csat_average: 'The average rating (1–5) customers gave resolved conversations.',
  csat_positive_rate: 'The share of ratings that were 4 or 5.',
  csat_response_rate: 'Ratings received per resolved conversation on channels that ask for one (the web widget).',
  thumbs: 'Thumbs up and down customers gave bot replies written in the window.',
  unanswered_rate: 'The share of bot replies that were the fallback: nothing in the knowledge answered the question.',
  tokens:
    'Prompt and completion tokens of bot replies in the window, as the model provider reported them (or counted here).',
  credits: 'AI credits used: one per bot reply.',
  cost_usd:
    "Estimated model cost of bot replies in the window, from each model's price; replies of the embedded extractive provider and curated answers cost nothing.",
  cost_per_resolved_usd: 'Estimated model cost of the window divided by the conversations resolved.',
  whatsapp:
    'WhatsApp messages sent in the window, by the furthest status Meta reported: sent, delivered, read or failed.',
} as const;

export type MetricKey = keyof typeof metricDefinitions;
