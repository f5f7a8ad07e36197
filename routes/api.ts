import type { RouteRegistry } from '../server/http/router/registry';
import * as user from '../server/http/controllers/api/user-controller';
import * as team from '../server/http/controllers/api/team-controller';
import * as reference from '../server/http/controllers/api/reference-controller';
import * as knowledges from '../server/http/controllers/api/knowledge-controller';
import * as apiBots from '../server/http/controllers/api/bot-controller';
import * as openai from '../server/http/controllers/api/openai-controller';
import * as apiConversations from '../server/http/controllers/api/conversation-controller';
import * as apiReports from '../server/http/controllers/api/report-controller';
import * as apiContacts from '../server/http/controllers/api/contact-controller';
import { chatCompletionSchema } from '../server/domain/bots/openai-schemas';
import { knowledgeSchema, textSourceSchema } from '../server/domain/knowledges/schemas';
import { teamNameSchema } from '../server/domain/teams/schemas';
import {
  apiBotListSchema,
  apiBotSchema,
  apiChatCompletionSchema,
  apiConversationListSchema,
  apiMessageListSchema,
  apiModelListSchema,
  apiReportSummarySchema,
  apiKnowledgeListSchema,
  apiKnowledgeSchema,
  apiSearchSchema,
  apiSourceSchema,
  apiTeamSchema,
  apiUserSchema,
  apiContactFieldListSchema,
  apiContactListSchema,
  apiWebhookEndpointCreatedSchema,
  apiWebhookEndpointCreateSchema,
  apiWebhookEndpointListSchema,
  apiContactSchema,
  apiContactIdentifySchema,
  apiContactUpdateSchema,
} from '../server/presenters/api-schemas';
import { effectivePermissions } from '../server/domain/api-tokens/token-permissions';
import { contactExample, conversationExample, messageExample } from '../server/http/openapi/examples';
import * as apiWebhooks from '../server/http/controllers/api/webhook-controller';

/** An administrator's team as a token with read and update sees it. */
const teamExample = {
  id: 7,
  name: 'Warung Kopi Nusantara',
  personal_team: false,
  role: 'admin',
  permissions: effectivePermissions('admin', ['read', 'update']),
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: '2026-11-22T08:30:00.000Z',
};

/**
 * The bearer-token API (`api.*`): a personal access token in `Authorization: Bearer …`, checked for
 * the ability each route needs, 60 requests a minute per token. JSON in and out; no session, no CSRF.
 * Every route under /api says what it does in `.openapi()`: that is the reference served at
 * /api/openapi.json and shown at /docs/api (server/http/openapi), and a test fails without it.
 */
export default function apiRoutes(routes: RouteRegistry): void {
  routes.group({ prefix: '/api', as: 'api.', middleware: ['auth.token', 'throttle:api'] }, (api) => {
    api
      .get('/user', user.show)
      .name('user')
      .middleware('abilities:read')
      .openapi({
        tag: 'Account',
        summary: "The token's user",
        response: {
          description: 'The user the token belongs to.',
          schema: apiUserSchema,
          example: {
            id: 1,
            name: 'Dewi Lestari',
            email: 'demo@kawan.test',
            email_verified_at: '2026-11-01T09:00:00.000Z',
            created_at: '2026-11-01T09:00:00.000Z',
            updated_at: '2026-11-01T09:00:00.000Z',
          },
        },
      });
    api
      .get('/team', team.show)
      .name('team')
      .middleware('abilities:read')
      .openapi({
        tag: 'Team',
        summary: "The token's team",
        description: "The team the token acts in, the user's role there and the permissions this token has in it.",
        response: { description: 'The team.', schema: apiTeamSchema, example: teamExample },
        errors: { 403: "The token's user no longer belongs to its team." },
      });
    api
      .put('/team', team.update)
      .name('team.update')
      .middleware('abilities:update')
      .openapi({
        tag: 'Team',
        summary: "Rename the token's team",
        description: 'Owners and administrators may rename the team, as on the team settings page.',
        body: teamNameSchema,
        bodyExample: { name: 'Warung Kopi Nusantara' },
        response: { description: 'The team with its new name.', schema: apiTeamSchema, example: teamExample },
        errors: {
          403: "The user's role may not rename the team, or the user no longer belongs to it.",
        },
      });

    knowledgeApi(api);
    botApi(api);
    conversationApi(api);
    contactApi(api);
    webhookApi(api);
    reportApi(api);
  });

  // The reference itself: public (it holds no secrets), so tools can read it without a token.
  routes
    .get('/api/openapi.json', reference.document)
    .name('api.openapi')
    .openapi({
      tag: 'Reference',
      summary: 'This API as an OpenAPI 3.1 document',
      response: {
        description: 'The OpenAPI document, generated from the routes and the schemas that validate them.',
      },
    });

  // The same reference for people, in the signed-in app next to the API tokens.
  routes.get('/docs/api', reference.show).name('api-docs').middleware('auth', 'verified');
}

const knowledgeExample = {
  id: 3,
  name: 'FAQ Warung Kopi Nusantara',
  description: 'Jam buka, menu, pengantaran dan reservasi.',
  language: 'indonesian',
  language_label: 'Indonesian',
  status: 'ready',
  progress: null,
  sources_count: 31,
  chunks_count: 34,
  failed_sources: 0,
  chars: 18250,
  embedder: {
    label: 'Lexical (offline, 384 dimensions): matches words, not meaning',
    available: true,
    offline: true,
    model: 'lexical-v1',
    dimensions: 384,
    outdated: false,
    default_label: 'Lexical (offline, 384 dimensions): matches words, not meaning',
  },
  last_ingested_at: '2026-11-22T08:30:00.000Z',
  updated_at: '2026-11-22T08:30:00.000Z',
  created_at: '2026-11-01T09:00:00.000Z',
};

const sourceExample = {
  id: 12,
  knowledge_id: 3,
  type: 'text',
  title: 'Jam buka',
  status: 'ready',
  working: false,
  progress: 100,
  error: null,
  enabled: true,
  chunk_count: 2,
  hit_count: 40,
  chars: 812,
  url: null,
  max_pages: null,
  file_name: null,
  file_size: null,
  refresh: 'never',
  next_refresh_at: null,
  last_ingested_at: '2026-11-22T08:30:00.000Z',
  last_hit_at: '2026-11-23T10:12:00.000Z',
  diff: { added: 2, removed: 0, unchanged: 0 },
  details: { format: 'markdown', pages: null, crawled: null, skipped: null, language: 'indonesian' },
  text: '# Jam buka\n\nSenin–Jumat 07.00–22.00, Sabtu–Minggu 08.00–23.00.',
  question: null,
  alternatives: [],
  answer: null,
  created_at: '2026-11-22T08:29:00.000Z',
  updated_at: '2026-11-22T08:30:00.000Z',
};

/** Knowledge bases over the API: list, create, add sources, follow an ingest, search. */
function knowledgeApi(api: RouteRegistry): void {
  api
    .get('/knowledges', knowledges.index)
    .name('knowledges.index')
    .middleware('abilities:read')
    .openapi({
      tag: 'Knowledge',
      summary: "The team's knowledge bases",
      description: 'Newest activity first, 50 a page.',
      query: { page: { description: 'The page, from 1.', example: '1' } },
      response: {
        description: 'A page of knowledge bases.',
        schema: apiKnowledgeListSchema,
        example: { data: [knowledgeExample], meta: { current_page: 1, last_page: 1, per_page: 50, total: 1 } },
      },
      errors: { 403: "The token's user no longer belongs to its team." },
    });
  api
    .post('/knowledges', knowledges.store)
    .name('knowledges.store')
    .middleware('abilities:create')
    .openapi({
      tag: 'Knowledge',
      summary: 'Create a knowledge base',
      description: 'Owners, administrators and editors may. It starts empty: add sources next.',
      body: knowledgeSchema,
      bodyExample: { name: 'FAQ Warung Kopi Nusantara', description: 'Jam buka dan menu.', language: 'indonesian' },
      response: {
        status: 201,
        description: 'The new knowledge base.',
        schema: apiKnowledgeSchema,
        example: { ...knowledgeExample, status: 'empty', sources_count: 0, chunks_count: 0, chars: 0 },
      },
      errors: { 403: "The user's role may not create knowledge bases." },
    });
  api
    .post('/knowledges/{knowledge}/sources', knowledges.storeSource)
    .name('knowledges.sources.store')
    .whereNumber('knowledge')
    .middleware('abilities:create')
    .openapi({
      tag: 'Knowledge',
      summary: 'Add a source',
      description:
        'JSON with `type` text (`title`, `text`), qa (`question`, `alternatives`, `answer`), url (`url`, `title`, `refresh`) or sitemap (`url`, `max_pages`, `refresh`); multipart/form-data with `type=file` and a `file` for PDF, DOCX, XLSX, CSV, TXT, Markdown or HTML. The source is read in the background: follow it with the source endpoint.',
      parameters: { knowledge: 'The knowledge base id.' },
      body: textSourceSchema,
      bodyExample: { type: 'text', title: 'Jam buka', text: '# Jam buka\n\nSenin–Jumat 07.00–22.00.' },
      response: {
        status: 202,
        description: 'The source, queued for reading.',
        schema: apiSourceSchema,
        example: { ...sourceExample, status: 'queued', working: true, progress: 0, chunk_count: 0, diff: null },
      },
      errors: { 403: "The user's role may not add sources.", 404: 'No such knowledge base in the team.' },
    });
  api
    .get('/knowledges/{knowledge}/sources/{source}', knowledges.showSource)
    .name('knowledges.sources.show')
    .whereNumber('knowledge', 'source')
    .middleware('abilities:read')
    .openapi({
      tag: 'Knowledge',
      summary: "A source and its ingest's progress",
      parameters: { knowledge: 'The knowledge base id.', source: 'The source id.' },
      response: { description: 'The source.', schema: apiSourceSchema, example: sourceExample },
      errors: { 404: 'No such knowledge base or source in the team.' },
    });
  api
    .get('/knowledges/{knowledge}/search', knowledges.search)
    .name('knowledges.search')
    .whereNumber('knowledge')
    .middleware('abilities:read')
    .openapi({
      tag: 'Knowledge',
      summary: 'Search a knowledge base',
      description:
        'Hybrid retrieval as bots use it: full-text and vector candidates fused by reciprocal rank. Each returned chunk counts as a hit.',
      parameters: { knowledge: 'The knowledge base id.' },
      query: {
        q: { description: 'The question.', required: true, example: 'jam buka hari minggu' },
        limit: { description: 'Chunks returned, 1–20 (default 5).', example: '5' },
      },
      response: {
        description: 'The ranked chunks.',
        schema: apiSearchSchema,
        example: {
          query: 'jam buka hari minggu',
          retrievers: ['fulltext', 'vector'],
          chunks: [
            {
              id: 88,
              knowledge_id: 3,
              source: { id: 12, title: 'Jam buka', type: 'text', url: null },
              content: 'Senin–Jumat 07.00–22.00, Sabtu–Minggu 08.00–23.00.',
              context: 'Jam buka',
              meta: { heading: 'Jam buka' },
              score: 0.032787,
              retrievers: { fulltext: { rank: 1, score: 0.1 }, vector: { rank: 1, similarity: 0.61 } },
            },
          ],
        },
      },
      errors: { 404: 'No such knowledge base in the team.', 422: 'The q parameter is missing.' },
    });
}

const botExample = {
  id: 4,
  public_id: 'bot_Q2x8PmR4vT6yN1kA',
  name: 'Asisten Warung Kopi',
  description: 'Menjawab pertanyaan pelanggan tentang menu, jam buka dan pesan antar.',
  avatar_color: 'emerald',
  status: 'active',
  published_version: 3,
  published_at: '2026-11-22T08:30:00.000Z',
  has_draft_changes: true,
  knowledge_count: 2,
  replies_this_month: 1284,
  monthly_credit_cap: 5000,
  credits_this_period: 1630,
  last_active_at: '2026-11-24T10:12:00.000Z',
  updated_at: '2026-11-23T16:00:00.000Z',
  created_at: '2026-11-01T09:00:00.000Z',
};

/** Bots over the API, and every published bot behind OpenAI's chat completions API (`/api/v1`). */
function botApi(api: RouteRegistry): void {
  api
    .get('/bots', apiBots.index)
    .name('bots.index')
    .middleware('abilities:read')
    .openapi({
      tag: 'Bots',
      summary: "The team's bots",
      response: { description: 'Every bot of the team.', schema: apiBotListSchema, example: { data: [botExample] } },
      errors: { 403: "The token's user no longer belongs to its team." },
    });
  api
    .get('/bots/{bot}', apiBots.show)
    .name('bots.show')
    .whereNumber('bot')
    .middleware('abilities:read')
    .openapi({
      tag: 'Bots',
      summary: 'One bot of the team',
      parameters: { bot: 'The bot id.' },
      response: { description: 'The bot.', schema: apiBotSchema, example: botExample },
      errors: { 404: 'No such bot in the team.' },
    });
  api
    .get('/v1/models', openai.models)
    .name('v1.models')
    .middleware('abilities:read')
    .openapi({
      tag: 'OpenAI-compatible',
      summary: 'Published bots as models',
      description:
        "OpenAI's `GET /v1/models`: point an OpenAI client at `<APP_URL>/api/v1` with a Kawan token as its API key. Errors come in OpenAI's shape (`{error: {message, type, param, code}}`).",
      response: {
        description: "The team's published bots; `id` is what `model` names.",
        schema: apiModelListSchema,
        example: {
          object: 'list',
          data: [{ id: botExample.public_id, object: 'model', created: 1793523600, owned_by: 'kawan' }],
        },
      },
    });
  api
    .post('/v1/chat/completions', openai.chatCompletions)
    .name('v1.chat.completions')
    .middleware('abilities:read')
    .openapi({
      tag: 'OpenAI-compatible',
      summary: 'Ask a bot, as OpenAI chat completions',
      description:
        "OpenAI's `POST /v1/chat/completions`: `model` is a published bot's public id, which answers with its published version (instructions, knowledge, grounding, handoff). `stream: true` answers as server-sent events (`chat.completion.chunk`, the usage chunk with `stream_options.include_usage`, `[DONE]`). `citations` and `kawan` are extra fields OpenAI clients ignore. An unknown model is a 404 with code `model_not_found`.",
      body: chatCompletionSchema,
      bodyExample: {
        model: botExample.public_id,
        messages: [{ role: 'user', content: 'Jam berapa outlet Kemang buka?' }],
      },
      response: {
        description: 'The reply.',
        schema: apiChatCompletionSchema,
        example: {
          id: 'chatcmpl-5f1c2a9e7b3d4c8a1e6f0b2d',
          object: 'chat.completion',
          created: 1795560000,
          model: botExample.public_id,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: 'Outlet Kemang buka setiap hari pukul 07.00–22.00 [1].' },
              finish_reason: 'stop',
              logprobs: null,
            },
          ],
          usage: { prompt_tokens: 812, completion_tokens: 24, total_tokens: 836 },
          citations: [{ marker: 1, source_id: 12, source_title: 'Jam buka', chunk_id: 88 }],
          kawan: { kind: 'answer', handoff: null, version: 3 },
        },
      },
      errors: { 404: 'No published bot of the team has this id.' },
    });
}

const pageMetaExample = (total: number, perPage: number) => ({
  current_page: 1,
  last_page: Math.max(1, Math.ceil(total / perPage)),
  per_page: perPage,
  total,
  from: 1,
  to: Math.min(total, perPage),
});

/** Conversations and their messages, for exports into a CRM, a warehouse or a spreadsheet. */
function conversationApi(api: RouteRegistry): void {
  api
    .get('/conversations', apiConversations.index)
    .name('conversations.index')
    .middleware('abilities:read')
    .openapi({
      tag: 'Conversations',
      summary: "The team's conversations",
      description:
        'Oldest first, so a page never shifts while new conversations arrive. For an incremental export, keep the time of your last run and pass it as `updated_since`: every conversation with a new message or a change since then comes back. A malformed filter is a 422, never ignored.',
      query: {
        state: {
          description:
            '`open` (anything not resolved and not snoozed), `bot`, `queued`, `human` (those two without the snoozed ones), `snoozed` (snoozed by an agent until a later time) or `resolved`.',
          example: 'resolved',
        },
        channel: { description: 'A channel id.', example: '2' },
        bot: { description: 'A bot id.', example: '4' },
        assignee: { description: "A user id, `me` (the token's user) or `unassigned`.", example: 'unassigned' },
        label: { description: 'A label id: conversations carrying that label.', example: '7' },
        priority: {
          description: '`low`, `medium`, `high` or `urgent`: conversations an agent marked so.',
          example: 'urgent',
        },
        mentioned: {
          description: "`me` (the token's user) or a user id: conversations with an internal note naming them.",
          example: 'me',
        },
        search: {
          description:
            "Part of the contact's name, phone or e-mail, of anything written in the conversation (from three characters; not Kawan's own lines), or `#128`.",
          example: 'Rina',
        },
        updated_since: {
          description: 'ISO 8601 with a time zone: conversations with activity at or after it.',
          example: '2026-11-24T00:00:00Z',
        },
        page: { description: 'The page, from 1.', example: '1' },
        per_page: { description: 'Conversations per page, 1–100 (default 50).', example: '50' },
      },
      response: {
        description: 'A page of conversations.',
        schema: apiConversationListSchema,
        example: { data: [conversationExample], meta: pageMetaExample(1, 50) },
      },
      errors: {
        403: "The token's user no longer belongs to its team, or the role may not see conversations.",
        422: 'A filter is malformed, e.g. an unknown state or an updated_since that is not a date and time.',
      },
    });
  api
    .get('/conversations/{conversation}/messages', apiConversations.messages)
    .name('conversations.messages.index')
    .whereNumber('conversation')
    .middleware('abilities:read')
    .openapi({
      tag: 'Conversations',
      summary: "A conversation's messages",
      description:
        "The thread oldest first: the customer's messages, the bot's replies with their trace (model, tokens, latency, cost, citations), agents' replies, internal notes (`kind: note`, never sent to the customer) and events such as a handoff.",
      parameters: { conversation: 'The conversation id.' },
      query: {
        page: { description: 'The page, from 1.', example: '1' },
        per_page: { description: 'Messages per page, 1–200 (default 100).', example: '100' },
      },
      response: {
        description: 'A page of messages.',
        schema: apiMessageListSchema,
        example: { data: [messageExample], meta: pageMetaExample(1, 100) },
      },
      errors: {
        404: 'No such conversation in the team.',
        422: 'The page or per_page is not a positive integer in range.',
      },
    });
}

/** Contacts and the team's own fields: for a CRM sync, and for the team's system to set a customer's fields. */
function contactApi(api: RouteRegistry): void {
  api
    .get('/contacts', apiContacts.index)
    .name('contacts.index')
    .middleware('abilities:read')
    .openapi({
      tag: 'Contacts',
      summary: "The team's contacts",
      description:
        "Oldest first, so a page never shifts while new contacts arrive, each with its values of the team's contact fields. A malformed filter is a 422, never ignored.",
      query: {
        search: { description: 'Part of the name, e-mail or phone (0812… finds +62812…).', example: 'Rina' },
        segment: {
          description:
            "A group of contacts by one of the team's fields, as `key:value`: a list's or yes/no field's value (`member_tier:Gold`), a date field's month of any year (`tanggal_lahir:month-12`) or its day and month today in the team's time zone (`tanggal_lahir:today`: birthdays today), a number field's bound (`poin:>=1000`, `poin:<=500`), or a text field's value whatever its case (`kota:bandung`).",
          example: 'member_tier:Gold',
        },
        external_id: {
          description:
            "Your own id for the person, exactly: the user id your site signs into the web widget (then your system can keep the fields the bots tell them), or a webhook channel's user id.",
          example: 'cust-1042',
        },
        page: { description: 'The page, from 1.', example: '1' },
        per_page: { description: 'Contacts per page, 1–100 (default 50).', example: '50' },
      },
      response: {
        description: 'A page of contacts.',
        schema: apiContactListSchema,
        example: { data: [contactExample], meta: pageMetaExample(1, 50) },
      },
      errors: {
        403: "The token's user no longer belongs to its team, or the role may not see contacts.",
        422: "A filter is malformed, e.g. a segment that names no field of the team, or a number field's bound that is no number.",
      },
    });
  api
    .post('/contacts', apiContacts.store)
    .name('contacts.store')
    .middleware('abilities:create,update')
    .openapi({
      tag: 'Contacts',
      summary: 'Add or update a contact by your id for them',
      description:
        "A customer as your own system knows them, such as a shop's member after a purchase. The contact with your `external_id` for them is updated; else the one with their phone, else the one with their e-mail (and given your id); else a new contact is made. Kawan then knows them wherever they write first: the web widget when your site signs them in with that id, the webhook channel with it as the user id, WhatsApp from their phone. Details that name two different contacts are refused, never merged. Each field value is read in its field's type, as `PATCH` reads it; keys left out stay.",
      body: apiContactIdentifySchema,
      bodyExample: {
        external_id: 'cust-1042',
        name: 'Rina Wulandari',
        phone: '0812-3456-7890',
        attributes: { kota: 'Bandung' },
      },
      response: {
        status: 201,
        description: 'The new contact (201), or the contact as it is now (200).',
        schema: apiContactSchema,
        example: contactExample,
      },
      errors: {
        403: "The user's role may not change contacts.",
        422: "Neither an external id, a phone nor an e-mail; a detail or a field's value is invalid; or the phone or e-mail is another contact's (`phone`, `email`).",
      },
    });
  api
    .get('/contacts/{contact}', apiContacts.show)
    .name('contacts.show')
    .whereNumber('contact')
    .middleware('abilities:read')
    .openapi({
      tag: 'Contacts',
      summary: 'A contact',
      parameters: { contact: 'The contact id.' },
      response: { description: 'The contact.', schema: apiContactSchema, example: contactExample },
      errors: { 404: 'No such contact in the team.' },
    });
  api
    .patch('/contacts/{contact}', apiContacts.update)
    .name('contacts.update')
    .whereNumber('contact')
    .middleware('abilities:update')
    .openapi({
      tag: 'Contacts',
      summary: "Change a contact's details and fields",
      description:
        "What the team's own system knows of a customer (points after a purchase, a member tier): each value is read in its field's type (`1.500.000`, `17/08/1990` and `ya` are read), as the contact page reads it. Keys left out stay; null or an empty text clears one. Whoever answers conversations may; nothing of a refused request is saved.",
      parameters: { contact: 'The contact id.' },
      body: apiContactUpdateSchema,
      bodyExample: { name: 'Rina Wulandari', attributes: { kota: 'Bandung' } },
      response: { description: 'The contact as it is now.', schema: apiContactSchema, example: contactExample },
      errors: {
        403: "The user's role may not change contacts.",
        404: 'No such contact in the team.',
        422: "A detail or a field's value is invalid, or names no field of the team (`attributes.<key>`).",
      },
    });
  api
    .get('/contact-fields', apiContacts.fields)
    .name('contact-fields.index')
    .middleware('abilities:read')
    .openapi({
      tag: 'Contacts',
      summary: "The team's contact fields",
      description: "The fields a contact's `attributes` hold, in the order the team added them.",
      response: {
        description: 'The fields.',
        schema: apiContactFieldListSchema,
        example: {
          data: [
            { key: 'kota', label: 'Kota', type: 'text', options: [], bot_readable: false },
            {
              key: 'member_tier',
              label: 'Member tier',
              type: 'list',
              options: ['Gold', 'Silver', 'Bronze'],
              bot_readable: true,
            },
          ],
        },
      },
    });
}

const metricsExample = {
  conversations: 412,
  new_contacts: 268,
  inbound_messages: 1730,
  ai_replies: 1594,
  human_replies: 207,
  bot_handled: 398,
  auto_resolution_rate: 0.7136,
  handoff_rate: 0.2186,
  handoffs: 87,
  durable_resolution_rate: 0.9437,
  reopen_rate: 0.0513,
  resolved: 351,
  first_bot_response: { median: 3.2, p90: 7.4, count: 398 },
  first_human_response: { median: 185.5, p90: 1140, count: 81 },
  human_reply_time: { median: 150, p90: 960, count: 214 },
  reply_target_rate: 0.8738,
  reply_target_checked: 206,
  resolution_time: { median: 612.4, p90: 7320, count: 351 },
  csat_average: 4.41,
  csat_positive_rate: 0.8611,
  csat_response_rate: 0.3827,
  csat_responses: 72,
  thumbs_up: 131,
  thumbs_down: 18,
  unanswered_rate: 0.0684,
  prompt_tokens: 1285310,
  completion_tokens: 97420,
  credits: 1594,
  cost_usd: 0.251248,
  cost_per_resolved_usd: 0.000716,
  whatsapp: { sent: 20, delivered: 188, read: 702, failed: 3 },
};

/** The team's figures for a window, as the Reports page shows them. */
function reportApi(api: RouteRegistry): void {
  api
    .get('/reports/summary', apiReports.summary)
    .name('reports.summary')
    .middleware('abilities:read')
    .openapi({
      tag: 'Reports',
      summary: "The team's report for a window",
      description:
        "The Reports page's figures as JSON: each metric for the window and for the window of the same length just before it, the handoff reasons, the per-bot, per-channel and per-model tables and the daily series. Days are in the team's time zone. Owners, administrators, editors and viewers get the team's figures; an agent's token gets those of the agent's own conversations (`scope: mine`). Rates are fractions from 0 to 1, times are seconds and costs US dollars. A malformed filter is a 422, never ignored.",
      query: {
        range: {
          description: '`today`, `7d`, `30d` (the default), `month` (this calendar month so far) or `custom`.',
          example: '7d',
        },
        from: { description: 'The first day of a custom range (YYYY-MM-DD), required with it.', example: '2026-11-01' },
        to: {
          description: 'The last day of a custom range (YYYY-MM-DD), at most 366 days after `from`.',
          example: '2026-11-30',
        },
        bot: { description: 'Only the conversations of this bot.', example: '4' },
        channel: { description: 'Only the conversations of this channel.', example: '2' },
      },
      response: {
        description: 'The report.',
        schema: apiReportSummarySchema,
        example: {
          window: {
            range: '7d',
            from: '2026-11-18',
            to: '2026-11-24',
            days: 7,
            today: '2026-11-24',
            previous: { from: '2026-11-11', to: '2026-11-17' },
          },
          scope: 'team',
          timezone: 'Asia/Jakarta',
          metrics: metricsExample,
          previous: { ...metricsExample, conversations: 380, auto_resolution_rate: 0.6812 },
          handoff_reasons: [
            { reason: 'user_request', count: 51 },
            { reason: 'repeated_fallback', count: 22 },
            { reason: 'offline', count: 14 },
          ],
          by_bot: [{ id: 4, name: 'Asisten Warung Kopi', ...metricsExample }],
          by_channel: [{ id: 2, name: 'WhatsApp Jakarta', type: 'whatsapp', ...metricsExample }],
          by_model: [
            {
              model: 'gpt-4o-mini',
              replies: 1402,
              prompt_tokens: 1180220,
              completion_tokens: 90110,
              cost_usd: 0.251248,
            },
          ],
          series: [
            {
              day: '2026-11-24',
              conversations: 61,
              bot_handled: 59,
              auto_resolved: 43,
              handoffs: 12,
              auto_resolution_rate: 0.7288,
              ai_replies: 240,
              human_replies: 31,
              inbound_messages: 259,
            },
          ],
        },
      },
      errors: {
        403: "The token's user no longer belongs to its team, or the role may not see reports.",
        422: 'A filter is malformed: an unknown range, a custom range without its days or longer than 366 days, a bot or channel that is not a positive integer.',
      },
    });
}

const webhookEndpointExample = {
  id: 3,
  url: 'https://crm.example.com/kawan/webhooks',
  description: 'CRM',
  events: ['conversation.resolved', 'contact.updated'],
  enabled: true,
  disabled_reason: null,
  failing_since: null,
  created_at: '2026-11-24T08:00:00.000Z',
};

/** The team's webhook endpoints, for a tool that subscribes itself (owners and admins). */
function webhookApi(api: RouteRegistry): void {
  api
    .get('/webhooks', apiWebhooks.index)
    .name('webhooks.index')
    .middleware('abilities:read')
    .openapi({
      tag: 'Webhooks',
      summary: "The team's webhook endpoints",
      description:
        'Every endpoint of the team with the events it hears and whether it is failing. Never its secret. The events and their bodies are under Webhook events.',
      response: {
        description: 'The endpoints, oldest first.',
        schema: apiWebhookEndpointListSchema,
        example: { data: [webhookEndpointExample] },
      },
      errors: { 403: "The user's role may not manage the team's webhooks (owners and admins do)." },
    });
  api
    .post('/webhooks', apiWebhooks.store)
    .name('webhooks.store')
    .middleware('abilities:create')
    .openapi({
      tag: 'Webhooks',
      summary: 'Add a webhook endpoint',
      description:
        'For a tool that subscribes itself: Kawan POSTs the chosen events to the URL from now on, signed with the secret this answer holds (shown this once). A team has at most 10 endpoints.',
      body: apiWebhookEndpointCreateSchema,
      bodyExample: {
        url: 'https://93.184.215.14/kawan/webhooks',
        description: 'CRM',
        events: ['conversation.resolved', 'contact.updated'],
      },
      response: {
        status: 201,
        description: 'The new endpoint and its signing secret.',
        schema: apiWebhookEndpointCreatedSchema,
        example: { ...webhookEndpointExample, secret: 'whsec_3nq9V2bX7dE1kLm0Pq4sTu8wYz5aBcD6' },
      },
      errors: {
        403: "The user's role may not manage the team's webhooks (owners and admins do).",
        422: 'The URL is not an http(s) URL Kawan may call (a private or local address), no or an unknown event is chosen, or the team has 10 endpoints.',
      },
    });
  api
    .delete('/webhooks/{webhook}', apiWebhooks.destroy)
    .name('webhooks.destroy')
    .whereNumber('webhook')
    .middleware('abilities:delete')
    .openapi({
      tag: 'Webhooks',
      summary: 'Delete a webhook endpoint',
      description: 'The tool unsubscribes: the endpoint hears nothing more, and its delivery log goes with it.',
      parameters: { webhook: 'The endpoint id.' },
      response: { status: 204, description: 'Deleted.' },
      errors: {
        403: "The user's role may not manage the team's webhooks (owners and admins do).",
        404: 'No such endpoint in the team.',
      },
    });
}
