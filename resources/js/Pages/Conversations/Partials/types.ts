import type { ContactNote } from '../../../../../server/domain/contacts/notes';
import type { AttributeValue, ContactFieldShape } from '../../../../../server/domain/contacts/field-values';
import type { SavedReply } from './saved-replies';
import type { Label } from './labels';
/**
 * The props of Conversations/Index and Show (server/http/controllers/conversations/
 * conversation-controller.ts, server/presenters/conversation-presenter.ts). Dates are ISO strings.
 */
import type { PageMeta } from '../../Bots/Partials/types';
import type { ChannelType } from '../../Channels/Partials/types';
import type { AttachmentProps, TemplateProps } from '../../../../../server/presenters/conversation-presenter';
import type { SearchMatchProps } from '../../../../../server/domain/conversations/search';

export type { PageMeta, ChannelType };

export type ConversationState = 'bot' | 'queued' | 'human' | 'resolved';
export type ConversationPriority = 'low' | 'medium' | 'high' | 'urgent';
export type HandoffReason =
  'user_request' | 'keyword' | 'repeated_fallback' | 'low_confidence' | 'offline' | 'quota' | 'manual' | 'rule';

export interface ConversationSummary {
  id: number;
  number: number;
  state: ConversationState;
  contact: { id: number; name: string | null; phone: string | null; email: string | null };
  channel: { id: number; name: string; type: ChannelType };
  bot: { id: number; name: string } | null;
  assignee: { id: number; name: string } | null;
  last_preview: string;
  last_message_at: string;
  unread_count: number;
  handoff_reason: HandoffReason | null;
  handoff_at: string | null;
  /** Since when the customer has waited for a person: queued, since the handoff; with a person, since their first unanswered message. */
  waiting_since: string | null;
  /** Which reply they wait for: the first since the handoff, or the next (null: none). */
  waiting_for: 'first' | 'next' | null;
  /** WhatsApp: when the 24-hour customer-service window closes (null: closed or not WhatsApp). */
  window_expires_at: string | null;
  /** The team's labels on it, by id (the page's `labels` names them). */
  label_ids: number[];
  /** Snoozed until then: out of the working tabs until that time or the customer's next message. */
  snoozed_until: string | null;
  /** How urgent an agent marked it; null: not marked. */
  priority: ConversationPriority | null;
  /** A search of the inbox: the latest message that holds it, unless the last message shows it already. */
  match?: SearchMatch | null;
}

export type SearchMatch = SearchMatchProps;

export interface MessageCitation {
  title: string;
  url?: string | null;
  source_id?: number;
  chunk_id?: number;
}

export type Attachment = AttachmentProps;
export type Template = TemplateProps;

export interface Message {
  id: number;
  direction: 'inbound' | 'outbound';
  /** system: a state change shown in the thread ("Budi took over"); notes are kind 'note' from an agent. */
  sender: 'contact' | 'bot' | 'agent' | 'system';
  kind: string;
  text: string;
  /** A WhatsApp template message: the template's name. */
  template_name: string | null;
  /** A copy of a broadcast: the broadcast's id. */
  broadcast_id?: number | null;
  /** The choices the customer was offered to tap (a rating's), by title. */
  choices: string[];
  /** Files the customer sent: `url` once Kawan keeps a copy (pending while it is fetched). */
  attachments: Attachment[];
  sender_name: string | null;
  status: 'received' | 'composing' | 'queued' | 'sending' | 'sent' | 'delivered' | 'read' | 'failed';
  error: { code: string; message: string } | null;
  created_at: string;
  /** Bot replies: how they were made. */
  ai: {
    kind: 'answer' | 'curated' | 'fallback' | 'handoff' | 'smalltalk';
    model: string;
    latency_ms: number;
    prompt_tokens: number;
    completion_tokens: number;
    estimated: boolean;
    citations: MessageCitation[];
    /** The labels of the contact's details the bot told or was given ("Poin"). */
    customer_details: string[];
  } | null;
  feedback: 'up' | 'down' | null;
  /** A note: the teammates it names with "@Name", by user id. */
  mentions: number[];
}

export interface ConversationDetail extends ConversationSummary {
  handoff_summary: string | null;
  resolved_at: string | null;
  resolved_by: 'bot' | 'human' | 'auto_idle' | null;
  reopen_count: number;
  csat: { score: number; comment: string | null } | null;
  /** Where it started (widget: url, title, referrer). */
  origin: Record<string, string>;
  /** WhatsApp only: free text is allowed while open; outside it, a template must be sent. */
  window: { open: boolean; expires_at: string | null } | null;
}

export interface ContactDetail {
  id: number;
  name: string | null;
  phone: string | null;
  email: string | null;
  /** The team's own id for the person (its API, a signed-in website user, a webhook's user id). */
  external_id: string | null;
  locale: string | null;
  first_seen_at: string;
  last_seen_at: string;
  identities: { channel_type: ChannelType; channel_name: string | null; external_user_id: string; verified: boolean }[];
  /** The contact's values of the team's own fields, by key. */
  attributes: Record<string, AttributeValue>;
  /** How many other contacts have the same e-mail or phone (a conversation's page; merged from the contact's). */
  possible_duplicates?: number;
  other_conversations: {
    id: number;
    number: number;
    state: ConversationState;
    last_message_at: string;
    last_preview: string;
    channel_type: ChannelType;
  }[];
}

export interface Agent {
  id: number;
  name: string;
  /** Marked away in the inbox: automatic assignment passes them by (absent: available). */
  away?: boolean;
}

/** A member of the team, whatever their role. */
export interface Teammate {
  id: number;
  name: string;
}

export interface ConversationAbilities {
  reply: boolean;
  resolve: boolean;
  assign: boolean;
}

export interface ConversationIndexProps {
  conversations: { data: ConversationSummary[]; meta: PageMeta };
  filters: {
    state: 'open' | ConversationState | 'snoozed' | '';
    channel: number | '';
    bot: number | '';
    assignee: 'me' | 'unassigned' | number | '';
    label: number | '';
    priority: ConversationPriority | '';
    /** 'priority': the most urgent first; 'waiting': the customer waiting longest for a person first; '': latest activity first. */
    sort: 'priority' | 'waiting' | '';
    /** 'me': conversations with a note that names me ("@Name"). */
    mentioned: 'me' | '';
    search: string;
  };
  /** Queued, human, mine and unread leave snoozed conversations out, as the tabs do. */
  counts: { bot: number; queued: number; human: number; mine: number; snoozed: number; unread: number };
  channels: { id: number; name: string; type: ChannelType }[];
  bots: { id: number; name: string }[];
  agents: Agent[];
  /** The team's labels, by name. */
  labels: Label[];
  reply_targets: ReplyTargets;
  can: ConversationAbilities;
}

/** The team's reply targets in minutes (null: none): each wait is shown against its own. */
export interface ReplyTargets {
  first: number | null;
  next: number | null;
}

export interface ConversationShowProps {
  conversation: ConversationDetail;
  reply_targets: ReplyTargets;
  /** The latest messages, oldest first. */
  messages: Message[];
  /** Older messages than these exist (`conversations.messages.index` loads them, 100 at a time). */
  has_earlier: boolean;
  /** A message to go back to and show (the inbox's search found it), when it is in this conversation. */
  focus_message_id: number | null;
  contact: ContactDetail;
  agents: Agent[];
  /** Everyone on the team (every role reads conversations): whom a note may name with "@Name". */
  teammates: Teammate[];
  /** WhatsApp: the number's approved templates, with the values each asks for (the only reply once the window closed). */
  templates: Template[];
  /** The team's saved replies (empty for a role that does not reply). */
  saved_replies: SavedReply[];
  /** The team's labels, by name. */
  labels: Label[];
  /** The team's notes about the contact, newest first (the latest 50). */
  contact_notes: ContactNote[];
  /** The team's own contact fields (the contact card lists the contact's values). */
  /** The team's contact fields; `bot_readable`: its bots tell a customer their own value. */
  contact_fields: Array<ContactFieldShape & { bot_readable?: boolean }>;
  can: ConversationAbilities;
}

/**
 * Realtime (laravel-echo, private channels, event names as Echo's `listen('Name')` takes them):
 *   private-teams.{team}           ConversationChanged { conversation: ConversationSummary, action }
 *                                  AvailabilityChanged { user_id, away }  (a member marked themselves away or back)
 *                                  action: 'opened' | 'message' | 'queued' | 'assigned' | 'handback' | 'resolved' | 'reopened' | 'read' | 'contact' | 'labels' | 'snoozed' | 'unsnoozed' | 'priority' | 'label_deleted' | 'rated' | 'rule'
 *   private-conversations.{id}     MessageCreated { message: Message }
 *                                  MessageUpdated { message: Message }  (status, text of a finished reply)
 *                                  MessageDelta { id, type: 'delta' | 'replace', text }  (a bot reply being written)
 *                                  ConversationUpdated { conversation: ConversationDetail }
 *   presence-conversations.{id}    who is viewing it (here/joining/leaving: { id, name, profile_photo_url })
 *   presence-teams.{team}          who of the team is online (already joined by the app layout's hooks, if any)
 */
export const conversationEvents = {
  changed: 'ConversationChanged',
  messageCreated: 'MessageCreated',
  messageUpdated: 'MessageUpdated',
  messageDelta: 'MessageDelta',
  updated: 'ConversationUpdated',
  availability: 'AvailabilityChanged',
} as const;
