import { z } from 'zod';
import { assignableRoles, permissions } from '../domain/teams/roles';
import type { ApiTeam, ApiUser } from './api-presenter';
import type { ApiConversation, ApiMessage } from './api-conversation-presenter';
import type { ApiReportSummary } from './api-report-presenter';
import { webhookEventTypes, type WebhookEventType } from '../domain/webhooks/event-types';

/**
 * What the API presenters return, as zod schemas the API reference is generated from
 * (server/http/openapi). The compile-time checks below fail when a presenter's type and its
 * schema drift apart; the OpenAPI test checks real answers against them.
 */
const timestamp = z.iso.datetime().meta({ description: 'ISO 8601, UTC.', examples: ['2026-11-22T08:30:00.000Z'] });

export const apiUserSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.email(),
    email_verified_at: timestamp.nullable().meta({ description: 'When the address was verified; null until then.' }),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'User', description: "The token's user: picked fields only, never a hash, token or secret." });

export const apiTeamSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    personal_team: z.boolean().meta({ description: 'True for the team made with the account.' }),
    role: z.enum(['owner', ...assignableRoles]).meta({ description: "The token user's role in the team." }),
    permissions: z
      .array(z.enum(permissions))
      .meta({ description: "The role's permissions narrowed to the token's abilities." }),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'Team', description: "The token's team, the user's role there and what this token may do in it." });

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;

/** Fails to compile when a schema no longer describes its presenter's type exactly. */
export type SchemasMatchPresenters = [
  Holds<Same<z.output<typeof apiUserSchema>, ApiUser>>,
  Holds<Same<z.output<typeof apiTeamSchema>, ApiTeam>>,
];

const embedderSchema = z
  .object({
    label: z.string().meta({ description: 'What the embedder is and can do, as the app shows it.' }),
    available: z.boolean().meta({ description: 'False when this server cannot use it (re-embed the knowledge).' }),
    offline: z
      .boolean()
      .meta({ description: "True for Kawan's built-in lexical embedder (matches words, not meaning)." }),
    model: z.string(),
    dimensions: z.number().int(),
    outdated: z.boolean().meta({ description: 'New knowledge bases would use another embedder.' }),
    default_label: z.string(),
  })
  .meta({ id: 'Embedder' });

export const apiKnowledgeSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    language: z.enum(['indonesian', 'english', 'simple']).meta({ description: 'The full-text search language.' }),
    language_label: z.string(),
    status: z.enum(['empty', 'processing', 'ready', 'degraded']).meta({
      description: 'empty: no sources; processing: a source is being read; degraded: some sources failed.',
    }),
    progress: z.number().int().nullable().meta({ description: 'Average progress of the sources being read (0–100).' }),
    sources_count: z.number().int(),
    chunks_count: z.number().int(),
    failed_sources: z.number().int(),
    chars: z.number().int(),
    embedder: embedderSchema,
    last_ingested_at: timestamp.nullable(),
    updated_at: timestamp,
    created_at: timestamp,
  })
  .meta({ id: 'Knowledge', description: 'A knowledge base with what its sources add up to.' });

export const apiKnowledgeListSchema = z
  .object({
    data: z.array(apiKnowledgeSchema),
    meta: z.object({
      current_page: z.number().int(),
      last_page: z.number().int(),
      per_page: z.number().int(),
      total: z.number().int(),
    }),
  })
  .meta({ id: 'KnowledgeList' });

export const apiSourceSchema = z
  .object({
    id: z.number().int(),
    knowledge_id: z.number().int(),
    type: z.enum(['text', 'qa', 'file', 'url', 'sitemap']),
    title: z.string(),
    status: z.enum(['queued', 'fetching', 'parsing', 'chunking', 'embedding', 'ready', 'error']),
    working: z.boolean().meta({ description: 'True while the source is being read.' }),
    progress: z.number().int().meta({ description: '0–100.' }),
    error: z.string().nullable().meta({ description: 'Why the last read failed (or is being retried).' }),
    enabled: z.boolean(),
    chunk_count: z.number().int(),
    hit_count: z.number().int(),
    chars: z.number().int(),
    url: z.string().nullable(),
    max_pages: z.number().int().nullable(),
    file_name: z.string().nullable(),
    file_size: z.number().int().nullable(),
    refresh: z.enum(['never', 'daily', 'weekly']),
    next_refresh_at: timestamp.nullable(),
    last_ingested_at: timestamp.nullable(),
    last_hit_at: timestamp.nullable(),
    diff: z
      .object({ added: z.number().int(), removed: z.number().int(), unchanged: z.number().int() })
      .nullable()
      .meta({ description: 'Chunks the last read added, removed and kept unchanged.' }),
    details: z.object({
      format: z.string().nullable(),
      pages: z.number().int().nullable(),
      crawled: z.number().int().nullable(),
      skipped: z.number().int().nullable(),
      language: z.string().nullable(),
    }),
    text: z.string().nullable(),
    question: z.string().nullable(),
    alternatives: z.array(z.string()),
    answer: z.string().nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'KnowledgeSource', description: 'A source of a knowledge base and the state of its ingest.' });

export const apiSearchSchema = z
  .object({
    query: z.string(),
    retrievers: z.array(z.enum(['fulltext', 'vector'])).meta({ description: 'The retrievers that ran.' }),
    chunks: z.array(
      z.object({
        id: z.number().int(),
        knowledge_id: z.number().int(),
        source: z.object({ id: z.number().int(), title: z.string(), type: z.string(), url: z.string().nullable() }),
        content: z.string(),
        context: z.string(),
        meta: z.record(z.string(), z.union([z.string(), z.number()])),
        score: z.number().meta({ description: 'Reciprocal-rank fusion score.' }),
        retrievers: z.object({
          fulltext: z.object({ rank: z.number().int(), score: z.number() }).nullable(),
          vector: z.object({ rank: z.number().int(), similarity: z.number() }).nullable(),
        }),
      }),
    ),
  })
  .meta({ id: 'KnowledgeSearch', description: 'Ranked chunks with their scores and which retriever found each.' });

export const apiBotSchema = z
  .object({
    id: z.number().int(),
    public_id: z.string().meta({ description: 'The `model` to use with /api/v1/chat/completions.' }),
    name: z.string(),
    description: z.string(),
    avatar_color: z.string(),
    status: z.enum(['draft', 'active', 'paused']),
    published_version: z.number().int().nullable(),
    published_at: timestamp.nullable(),
    has_draft_changes: z.boolean(),
    knowledge_count: z.number().int(),
    replies_this_month: z.number().int().nullable().meta({
      description:
        "Replies to customers on its channels and to API callers since the first of the month (the team's time zone); test chats are not counted.",
    }),
    monthly_credit_cap: z
      .number()
      .int()
      .nullable()
      .meta({ description: "Most AI credits the bot may use a billing period; null: only the plan's quota." }),
    credits_this_period: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'AI credits the bot used in the current billing period.' }),
    last_active_at: timestamp.nullable(),
    updated_at: timestamp,
    created_at: timestamp,
  })
  .meta({ id: 'Bot', description: 'A bot of the team.' });

export const apiBotListSchema = z.object({ data: z.array(apiBotSchema) }).meta({ id: 'BotList' });

export const apiModelListSchema = z
  .object({
    object: z.literal('list'),
    data: z.array(
      z.object({ id: z.string(), object: z.literal('model'), created: z.number().int(), owned_by: z.string() }),
    ),
  })
  .meta({ id: 'ModelList', description: "OpenAI's model list: the team's published bots." });

export const apiChatCompletionSchema = z
  .object({
    id: z.string(),
    object: z.literal('chat.completion'),
    created: z.number().int(),
    model: z.string(),
    choices: z.array(
      z.object({
        index: z.number().int(),
        message: z.object({ role: z.literal('assistant'), content: z.string() }),
        finish_reason: z.string(),
        logprobs: z.null(),
      }),
    ),
    usage: z.object({
      prompt_tokens: z.number().int(),
      completion_tokens: z.number().int(),
      total_tokens: z.number().int(),
    }),
    citations: z
      .array(
        z.object({
          marker: z.number().int(),
          source_id: z.number().int(),
          source_title: z.string(),
          chunk_id: z.number().int(),
        }),
      )
      .meta({ description: 'What the reply cites as [n] (an extra field OpenAI clients ignore).' }),
    kawan: z
      .object({
        kind: z.enum(['answer', 'curated', 'fallback', 'handoff', 'smalltalk']),
        handoff: z.object({ reason: z.string(), message: z.string() }).nullable(),
        version: z.number().int().nullable(),
      })
      .meta({
        description:
          'How Kawan answered: from the knowledge, a curated answer, the fallback, a handoff, or small talk (a greeting, thanks or goodbye answered as such).',
      }),
  })
  .meta({ id: 'ChatCompletion', description: "OpenAI's chat completion, answered by the bot's published version." });

const pageMetaSchema = z.object({
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  from: z.number().int().nullable(),
  to: z.number().int().nullable(),
});

const conversationStates = ['bot', 'queued', 'human', 'resolved'] as const;

export const apiConversationSchema = z
  .object({
    id: z.number().int(),
    number: z
      .number()
      .int()
      .meta({ description: "The conversation's number in the team (#12), as the inbox shows it." }),
    state: z.enum(conversationStates).meta({
      description: 'bot: the bot answers; queued: waiting for a person; human: an agent has it; resolved.',
    }),
    contact: z.object({ id: z.number().int(), name: z.string().nullable(), phone: z.string().nullable() }),
    channel: z.object({
      id: z.number().int(),
      name: z.string(),
      type: z.enum(['web', 'whatsapp', 'telegram', 'webhook']),
    }),
    bot: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    assignee: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    last_preview: z.string(),
    last_message_at: timestamp,
    unread_count: z.number().int(),
    handoff_reason: z
      .enum(['user_request', 'keyword', 'repeated_fallback', 'low_confidence', 'offline', 'quota', 'manual', 'rule'])
      .nullable()
      .meta({ description: 'Why the conversation was last handed to a person.' }),
    handoff_at: timestamp.nullable(),
    waiting_since: timestamp.nullable().meta({
      description:
        'Since when the customer has waited for a person: waiting to be taken, since the handoff; with a person, since their first message that no reply has answered. Null when nobody owes them a reply.',
    }),
    priority: z
      .enum(['low', 'medium', 'high', 'urgent'])
      .nullable()
      .meta({ description: 'How urgent an agent marked it; null when not marked.' }),
    snoozed_until: timestamp.nullable().meta({
      description: 'Snoozed by an agent until then: it comes back at that time, or when the customer writes.',
    }),
    resolved_at: timestamp.nullable(),
    resolved_by: z.enum(['bot', 'human', 'auto_idle']).nullable(),
    reopen_count: z.number().int(),
    csat: z.object({ score: z.number().int(), comment: z.string().nullable() }).nullable(),
    labels: z
      .array(z.object({ id: z.number().int(), name: z.string(), color: z.string() }))
      .meta({ description: "The team's labels on it." }),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'Conversation', description: 'A conversation of the team with its contact, channel, bot and state.' });

export const apiConversationListSchema = z
  .object({ data: z.array(apiConversationSchema), meta: pageMetaSchema })
  .meta({ id: 'ConversationList' });

export const apiMessageSchema = z
  .object({
    id: z.number().int(),
    direction: z.enum(['inbound', 'outbound']),
    sender: z.enum(['contact', 'bot', 'agent', 'system']),
    sender_user_id: z.number().int().nullable().meta({ description: 'The agent who wrote it.' }),
    kind: z
      .enum([
        'text',
        'image',
        'audio',
        'video',
        'file',
        'location',
        'sticker',
        'interactive',
        'unsupported',
        'template',
        'note',
        'event',
      ])
      .meta({
        description: '`note`: an internal note, never sent to the customer; `event`: a line such as a handoff.',
      }),
    text: z.string(),
    template: z
      .object({ name: z.string(), language: z.string() })
      .nullable()
      .meta({ description: 'A WhatsApp template message: the approved template it sent; `text` is what it read.' }),
    attachments: z.array(
      z.object({ mime: z.string().nullable(), name: z.string().nullable(), size: z.number().int().nullable() }),
    ),
    status: z.enum(['received', 'composing', 'queued', 'sending', 'sent', 'delivered', 'read', 'failed']),
    error: z.object({ code: z.string(), message: z.string() }).nullable(),
    external_id: z
      .string()
      .nullable()
      .meta({ description: "The provider's message id (a wamid, a Telegram chat:message id)." }),
    created_at: timestamp,
    sent_at: timestamp.nullable(),
    delivered_at: timestamp.nullable(),
    read_at: timestamp.nullable(),
    feedback: z.enum(['up', 'down']).nullable().meta({ description: "The customer's rating of a bot reply." }),
    mentioned_user_ids: z
      .array(z.number().int())
      .meta({ description: 'A note: the teammates it names with "@Name" (their user ids); empty otherwise.' }),
    ai: z
      .object({
        kind: z.enum(['answer', 'curated', 'fallback', 'handoff', 'smalltalk']),
        model: z.string(),
        bot_version: z.number().int().nullable(),
        prompt_tokens: z.number().int(),
        completion_tokens: z.number().int(),
        estimated: z
          .boolean()
          .meta({ description: 'True when the provider gave no usage and tokens were counted here.' }),
        latency_ms: z.number(),
        cost_usd: z.number().nullable(),
        citations: z.array(
          z.object({
            marker: z.number().int(),
            source_id: z.number().int(),
            source_title: z.string(),
            chunk_id: z.number().int(),
          }),
        ),
        customer_details: z.array(z.string()).meta({
          description:
            "The labels of the contact's fields the reply told the customer or gave the model (fields the team lets bots use).",
        }),
      })
      .nullable()
      .meta({ description: "A bot reply's trace: how it answered, the model, tokens, latency, cost and citations." }),
  })
  .meta({ id: 'Message', description: 'A message of a conversation.' });

export const apiMessageListSchema = z
  .object({ data: z.array(apiMessageSchema), meta: pageMetaSchema })
  .meta({ id: 'MessageList' });

/** Fails to compile when the conversation schemas drift from their presenters. */
export type ConversationSchemasMatchPresenters = [
  Holds<Same<z.output<typeof apiConversationSchema>, ApiConversation>>,
  Holds<Same<z.output<typeof apiMessageSchema>, ApiMessage>>,
];

const rate = (description: string) =>
  z
    .number()
    .nullable()
    .meta({ description: `${description} A fraction from 0 to 1; null when nothing was measured.` });
const count = (description: string) => z.number().int().meta({ description });
const day = z.string().meta({ description: 'A day in the team’s time zone, YYYY-MM-DD.', examples: ['2026-11-24'] });
const durations = (description: string) =>
  z
    .object({
      median: z.number().nullable().meta({ description: 'Seconds; null when nothing was measured.' }),
      p90: z.number().nullable().meta({ description: 'The 90th percentile, in seconds.' }),
      count: z.number().int().meta({ description: 'How many were measured.' }),
    })
    .meta({ description });

/** Each figure of a window, as docs/decisions/016-reports.md defines it. */
export const apiReportMetricsSchema = z
  .object({
    conversations: count('Conversations that started in the window.'),
    new_contacts: count("Conversations that were their contact's first."),
    inbound_messages: count('Messages customers sent in the window.'),
    ai_replies: count('Replies the bots sent in the window.'),
    human_replies: count('Replies people sent to customers in the window (notes not included).'),
    bot_handled: count('Conversations a bot answered: the denominator of the auto-resolution and handoff rates.'),
    auto_resolution_rate: rate('Of the bot-handled conversations, the share resolved with no person involved.'),
    handoff_rate: rate('Of the bot-handled conversations, the share handed to a person at least once.'),
    handoffs: count('Bot-handled conversations handed to a person.'),
    durable_resolution_rate: rate('Of the auto-resolved conversations, the share not reopened within 7 days.'),
    reopen_rate: rate('Of the resolved conversations, the share reopened afterwards.'),
    resolved: count('Conversations resolved at least once.'),
    first_bot_response: durations("From the conversation's start to the bot's first reply."),
    first_human_response: durations("From the first handoff (or the start) to a person's first reply."),
    human_reply_time: durations(
      "How long customers had waited when a person's reply came (each reply that ended a wait, first replies too).",
    ),
    reply_target_rate: rate(
      "Of the people's replies that ended a wait the team has a reply target for, the share within it (the targets as they are now).",
    ),
    reply_target_checked: count("People's replies that ended a wait the team has a reply target for."),
    resolution_time: durations("From the conversation's start to its first resolution."),
    csat_average: z.number().nullable().meta({ description: 'The average rating, 1–5.' }),
    csat_positive_rate: rate('The share of ratings that were 4 or 5.'),
    csat_response_rate: rate('Ratings received per resolved conversation on channels that ask for one.'),
    csat_responses: count('Ratings received.'),
    thumbs_up: count('Thumbs up on bot replies.'),
    thumbs_down: count('Thumbs down on bot replies.'),
    unanswered_rate: rate('The share of bot replies that were the fallback.'),
    prompt_tokens: count('Prompt tokens of bot replies.'),
    completion_tokens: count('Completion tokens of bot replies.'),
    credits: z.number().meta({ description: 'AI credits used.' }),
    cost_usd: z.number().meta({ description: 'Estimated model cost, US dollars.' }),
    cost_per_resolved_usd: z
      .number()
      .nullable()
      .meta({ description: 'The model cost divided by the conversations resolved, US dollars.' }),
    whatsapp: z
      .object({ sent: z.number().int(), delivered: z.number().int(), read: z.number().int(), failed: z.number().int() })
      .meta({ description: 'Outbound WhatsApp messages by the furthest status Meta reported.' }),
  })
  .meta({ id: 'ReportMetrics' });

export const apiReportSummarySchema = z
  .object({
    window: z
      .object({
        range: z.enum(['today', '7d', '30d', 'month', 'custom']),
        from: day,
        to: day,
        days: z.number().int(),
        today: day.meta({ description: "Today in the team's time zone: its figures still change." }),
        previous: z
          .object({ from: day, to: day })
          .meta({ description: 'The window of the same length just before, which `previous` describes.' }),
      })
      .meta({ description: "The days the figures cover, in the team's time zone." }),
    scope: z
      .enum(['team', 'mine'])
      .meta({ description: "team: the team's figures; mine: an agent's own conversations only." }),
    timezone: z.string().meta({ description: "The team's time zone (IANA).", examples: ['Asia/Jakarta'] }),
    metrics: apiReportMetricsSchema,
    previous: apiReportMetricsSchema,
    handoff_reasons: z
      .array(z.object({ reason: z.string(), count: z.number().int() }))
      .meta({ description: "Handed-over conversations by their first handoff's reason, most first." }),
    by_bot: z.array(
      apiReportMetricsSchema.extend({
        id: z.number().int().nullable().meta({ description: 'null: conversations no bot answered.' }),
        name: z.string(),
      }),
    ),
    by_channel: z.array(
      apiReportMetricsSchema.extend({ id: z.number().int(), name: z.string(), type: z.string().nullable() }),
    ),
    by_model: z.array(
      z.object({
        model: z.string().nullable().meta({
          description: 'The model; null for the replies no model wrote (curated answers, handoffs, early fallbacks).',
        }),
        replies: z.number().int(),
        prompt_tokens: z.number().int(),
        completion_tokens: z.number().int(),
        cost_usd: z.number(),
      }),
    ),
    series: z
      .array(
        z.object({
          day,
          conversations: z.number().int(),
          bot_handled: z.number().int(),
          auto_resolved: z.number().int(),
          handoffs: z.number().int(),
          auto_resolution_rate: z.number().nullable(),
          ai_replies: z.number().int(),
          human_replies: z.number().int(),
          inbound_messages: z.number().int(),
        }),
      )
      .meta({ description: 'Each day of the window, quiet days included.' }),
  })
  .meta({ id: 'ReportSummary', description: "A report of the team's conversations for a window." });

/** Fails to compile when the report schema drifts from its presenter. */
export type ReportSchemasMatchPresenters = [Holds<Same<z.output<typeof apiReportSummarySchema>, ApiReportSummary>>];

const attributeValue = z.union([z.string(), z.number(), z.boolean()]);

export const apiContactSchema = z
  .object({
    id: z.number().int(),
    name: z.string().nullable(),
    phone: z.string().nullable().meta({ description: 'E.164, such as +6281234567890.' }),
    email: z.string().nullable(),
    external_id: z.string().nullable().meta({
      description:
        "Your own id for the person: the user id your site signs into the web widget, or a webhook channel's user id.",
    }),
    locale: z.string().nullable(),
    attributes: z.record(z.string(), attributeValue).meta({
      description:
        "The team's contact fields' values by key: text and a list's choice as text, a number as a number, a date as YYYY-MM-DD, yes/no as a boolean.",
    }),
    receives_broadcasts: z.boolean().meta({ description: 'False once they asked for no more broadcasts.' }),
    first_seen_at: timestamp,
    last_seen_at: timestamp,
  })
  .meta({ id: 'Contact', description: 'A contact of the team: one person across its channels.' });

/** The conversation a webhook event carries: as GET /api/conversations has it, with its page. */
export const apiWebhookConversationSchema = apiConversationSchema
  .extend({ url: z.string().meta({ description: "The conversation's page in Kawan's inbox." }) })
  .meta({
    id: 'WebhookConversation',
    description: 'The conversation as GET /api/conversations has it, with a link to its page in the inbox.',
  });

/** `{ id, type, createdAt, data }`: the envelope of every webhook event (the webhook channel's too). */
function webhookEvent<Data extends z.ZodType>(types: readonly [string, ...string[]], data: Data) {
  return z.object({
    id: z.string().meta({
      description:
        "The event's id, also sent as X-Kawan-Event-Id: the same on every attempt. Skip an id you have handled.",
      examples: ['evt_5f0c8e1d2a3b4c5d6e7f8091'],
    }),
    type: z.enum(types),
    createdAt: timestamp.meta({ description: 'When it happened (ISO 8601, UTC).' }),
    data,
  });
}

export const apiConversationEventSchema = webhookEvent(
  [
    'conversation.opened',
    'conversation.queued',
    'conversation.assigned',
    'conversation.updated',
    'conversation.handed_back',
    'conversation.resolved',
    'conversation.reopened',
    'conversation.rated',
  ],
  z.object({
    conversation: apiWebhookConversationSchema,
    contact: apiContactSchema,
    changed: z
      .array(z.enum(['labels', 'priority']))
      .optional()
      .meta({ description: 'conversation.updated only: what changed (`labels`, `priority` or both).' }),
  }),
).meta({
  id: 'ConversationEvent',
  description: 'A change of a conversation, with the conversation and its contact as they are now.',
});

export const apiMessageEventSchema = webhookEvent(
  ['message.created'],
  z.object({ message: apiMessageSchema, conversation: apiWebhookConversationSchema, contact: apiContactSchema }),
).meta({ id: 'MessageEvent', description: 'A message of a conversation, with the conversation and its contact.' });

export const apiContactEventSchema = webhookEvent(
  ['contact.created', 'contact.updated'],
  z.object({ contact: apiContactSchema }),
).meta({ id: 'ContactEvent', description: 'A contact added or changed, as it is now.' });

export const apiContactDeletedEventSchema = webhookEvent(
  ['contact.deleted'],
  z.object({
    contact: z.object({ id: z.number().int(), external_id: z.string().nullable() }),
    merged_into: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'The contact they were merged into; null when they were erased.' }),
  }),
).meta({
  id: 'ContactDeletedEvent',
  description: 'A contact erased (at their request) or merged into another: only their ids, nothing else of theirs.',
});

export const apiPingEventSchema = webhookEvent(
  ['ping'],
  z.object({
    endpoint: z.object({ id: z.number().int(), url: z.string(), events: z.array(z.string()) }),
    message: z.string(),
  }),
).meta({ id: 'PingEvent', description: '"Send test event" on the endpoint\'s page: answer 2xx.' });

export const apiWebhookEndpointSchema = z
  .object({
    id: z.number().int(),
    url: z.string(),
    description: z.string(),
    events: z.array(z.string()).meta({ description: 'The event types it hears (see Webhook events).' }),
    enabled: z.boolean(),
    disabled_reason: z
      .string()
      .nullable()
      .meta({ description: 'Why Kawan turned it off (it failed every event for days); null otherwise.' }),
    failing_since: timestamp.nullable().meta({ description: 'The first failed event since its last delivery.' }),
    created_at: timestamp,
  })
  .meta({ id: 'WebhookEndpoint', description: "A URL of the team's own system that hears the events it chose." });

export const apiWebhookEndpointListSchema = z
  .object({ data: z.array(apiWebhookEndpointSchema) })
  .meta({ id: 'WebhookEndpointList' });

export const apiWebhookEndpointCreatedSchema = apiWebhookEndpointSchema
  .extend({
    secret: z.string().meta({
      description: 'The signing secret (`whsec_…`), shown this once: keep it to check X-Kawan-Signature.',
    }),
  })
  .meta({ id: 'WebhookEndpointCreated', description: 'The new endpoint, with its signing secret this once.' });

export const apiWebhookEndpointCreateSchema = z
  .object({
    url: z.string().meta({
      description:
        'An http(s) URL of at most 2,000 characters that Kawan may call: a private or local address is refused.',
    }),
    description: z.string().max(200).optional(),
    events: z
      .array(z.enum(webhookEventTypes.map(({ type }) => type) as [WebhookEventType, ...WebhookEventType[]]))
      .min(1)
      .meta({ description: 'The event types it hears.' }),
    enabled: z.boolean().optional().meta({ description: 'Default true.' }),
  })
  .meta({ id: 'WebhookEndpointCreate' });

export const apiContactListSchema = z
  .object({ data: z.array(apiContactSchema), meta: pageMetaSchema })
  .meta({ id: 'ContactList' });

/** What `PATCH /api/contacts/{contact}` takes (the request is checked by the contact's own rules). */
export const apiContactUpdateSchema = z
  .object({
    name: z.string().max(255).nullable().optional(),
    phone: z.string().nullable().optional().meta({ description: 'A local number (0812…) is taken as Indonesian.' }),
    email: z.string().nullable().optional(),
    attributes: z.record(z.string(), attributeValue.nullable()).optional().meta({
      description:
        "Values of the team's contact fields by key, each read in its field's type; null or an empty text clears one; keys left out stay.",
    }),
  })
  .meta({ id: 'ContactUpdate' });

/** What `POST /api/contacts` takes: a contact's details, found by the first three, and its fields' values. */
export const apiContactIdentifySchema = z
  .object({
    external_id: z
      .union([z.string().max(255), z.number().int()])
      .optional()
      .meta({
        description:
          'Your own id for the person (a number is taken as its text). The contact that has it is updated; else it is given to the contact found by phone or e-mail, or to the new one.',
      }),
    name: z.string().max(255).nullable().optional(),
    phone: z.string().nullable().optional().meta({ description: 'A local number (0812…) is taken as Indonesian.' }),
    email: z.string().nullable().optional(),
    receives_broadcasts: z.boolean().optional().meta({ description: 'False: they asked for no more broadcasts.' }),
    attributes: z.record(z.string(), attributeValue.nullable()).optional().meta({
      description: "Values of the team's contact fields by key, each read in its field's type; null clears one.",
    }),
  })
  .meta({ id: 'ContactIdentify' });

export const apiContactFieldListSchema = z
  .object({
    data: z.array(
      z.object({
        key: z.string().meta({ description: 'As `attributes` and the `{{contact.<key>}}` variable name it.' }),
        label: z.string(),
        type: z.enum(['text', 'number', 'date', 'list', 'yes_no']),
        options: z.array(z.string()).meta({ description: "A list's choices." }),
        bot_readable: z.boolean().meta({
          description:
            'Whether bots tell a customer their own value when asked, where the channel knows who is writing.',
        }),
      }),
    ),
  })
  .meta({ id: 'ContactFieldList' });
