/**
 * The web chat widget's wire contract, shared by the server (server/http/controllers/widget/) and
 * the widget bundle (resources/widget/). Types, and the lengths the server accepts (`widgetLimits`,
 * which the panel's text boxes hold to, so that a visitor never meets the server's English 422).
 *
 * HTTP, all under `<APP_URL>/widget/<publicKey>/…`, public (no session, no CSRF), JSON, answered
 * with CORS headers for the channel's allowed domains only (a page of another origin gets 403):
 *
 *   GET  config                        → WidgetConfig
 *   POST session     SessionRequest    → SessionResponse   (opens or restores the visitor's chat)
 *   POST contact     ContactRequest    → 204   (the pre-chat form's answers; 422 with a message per field)
 *   POST messages    SendRequest       → 202 { message: WidgetMessage }
 *   POST attachments?clientId=&name=  (the body is the file) → 202 { message: WidgetMessage }   (413 over
 *        WidgetConfig.maxFileBytes, 422 for a kind the chat does not take)
 *   GET  messages/<id>/attachments/<index>  → the file (the visitor's own chat's messages only)
 *   POST handoff     {}                → 202 HandoffResponse  ("talk to a person")
 *   POST typing      { typing: bool }  → 204
 *   POST csat        CsatRequest       → 204
 *   POST messages/<id>/feedback  { value: 'up' | 'down' | null } → 204
 *   POST broadcasting/auth  (form: socket_id, channel_name) → { auth }   (the visitor's channel only)
 *
 * Every call after `session` carries `Authorization: Bearer <token>` from SessionResponse. Errors
 * are JSON `{ message, errors? }` with 401 (bad token), 403 (origin not allowed, channel paused),
 * 404 (unknown key), 422 (bad input), 429 (with Retry-After).
 *
 * Realtime: the widget connects with pusher-js (through laravel-echo) to the widget's own realtime
 * app (WidgetConfig.realtime; client events are off), subscribes to `private-<channel>` with
 * `channel` from SessionResponse, authorizing through `broadcasting/auth` above, and listens for:
 *
 *   message.created       { message: WidgetMessage }        a message of any sender, in order
 *   message.delta         { id, type: 'delta'|'replace', text }  a bot reply as it is written
 *   typing                { sender: 'bot'|'agent', name?, typing: boolean }
 *   conversation.updated  { conversation: WidgetConversation }
 */

/** The longest message, rating comment and pre-chat answers the widget's endpoints accept, in characters. */
export const widgetLimits = { message: 4000, comment: 1000, name: 255, email: 255, phone: 32 } as const;

/** Who wrote a message the visitor sees: notes and Kawan's own lines stay in the team's inbox. */
/**
 * The widget's language for a visitor whose browser wants `first` most (the first of
 * navigator.languages, or of an Accept-Language header): Indonesian for `id`/`in`, else English.
 */
export function browserLocale(first: string): 'id' | 'en' {
  return /^(id|in)\b/i.test(first.trim()) ? 'id' : 'en';
}

export type WidgetSender = 'contact' | 'bot' | 'agent';

export interface WidgetCitation {
  title: string;
  url?: string;
  /** The reply's `[n]` markers that point to this source, ascending. */
  markers?: number[];
}

/** A file the widget can show or download (GET messages/<id>/attachments/<index> with the token). */
export interface WidgetAttachment {
  index: number;
  name: string;
  mime: string;
  size: number;
  /** A picture is shown in the bubble; anything else is a file to download. */
  kind: 'image' | 'file';
}

/** What the widget's file picker offers; the server reads the kind from the bytes (uploads.ts). */
/** Files an agent sends at once from the reply box: a reply makes a message of each, a note keeps them all. */
export const filesLimit = 10;

export const uploadAccept =
  'image/jpeg,image/png,image/gif,image/webp,application/pdf,.docx,.xlsx,.txt,.csv,text/plain,text/csv';

export interface WidgetMessage {
  id: number;
  sender: WidgetSender;
  /** Markdown-light: paragraphs, line breaks, **bold**, links. */
  text: string;
  createdAt: string;
  /** The agent's first name for agent messages. */
  senderName?: string;
  citations?: WidgetCitation[];
  /** A bot reply still being written (its text grows through message.delta). */
  streaming?: boolean;
  feedback?: 'up' | 'down' | null;
  /** A bot's reply to small talk (a greeting, thanks): nothing to rate, so no thumbs under it. */
  smallTalk?: true;
  /** The sender's own id from SendRequest, so the widget can match its optimistic copy. */
  clientId?: string;
  /** Its files that are stored (a picture or document the visitor sent). */
  attachments?: WidgetAttachment[];
}

export type WidgetConversationState = 'bot' | 'queued' | 'human' | 'resolved';

export interface WidgetConversation {
  state: WidgetConversationState;
  /** Set once the conversation is resolved and the channel collects ratings. */
  csatRequested: boolean;
  csat: { score: number; comment?: string } | null;
  /** The agent working it (state 'human'). */
  agentName?: string;
}

export interface WidgetRealtime {
  key: string;
  wsHost: string;
  wsPort: number;
  wssPort: number;
  forceTLS: boolean;
  /** Absolute URL of `broadcasting/auth` for this channel. */
  authEndpoint: string;
}

export interface WidgetConfig {
  title: string;
  /** A CSS hex colour (#rrggbb). */
  color: string;
  position: 'left' | 'right';
  avatarUrl: string | null;
  launcherText: string;
  welcomeMessage: string;
  suggestedQuestions: string[];
  /**
   * A message shown beside the launcher after `delaySeconds` on the page, once a browser session,
   * until the visitor opens the chat or dismisses it; null: none.
   */
  proactive: { message: string; delaySeconds: number } | null;
  /**
   * The pre-chat form: the details a new visitor gives before their first message (an anonymous
   * visitor Kawan does not know yet; SessionResponse.detailsNeeded says when), with the channel's
   * line above them ('' for the widget's own words); null: no form.
   */
  preChat: PreChatForm | null;
  collectCsat: boolean;
  /** The largest file the visitor may send, in bytes. */
  maxFileBytes: number;
  showBranding: boolean;
  /** The bot's replies are off (channel or bot paused): the widget says a person will answer. */
  botActive: boolean;
  /**
   * The widget's own words: the language the channel's bot replies in, or null when it answers in
   * the language it is asked in (the visitor's browser decides).
   */
  language: 'id' | 'en' | null;
  realtime: WidgetRealtime;
}

export type PreChatFieldName = 'name' | 'email' | 'phone';

export interface PreChatForm {
  message: string;
  /** In the form's order: name, e-mail, phone, those the channel asks for. */
  fields: { name: PreChatFieldName; required: boolean }[];
}

/** The pre-chat form's answers: a field the channel does not ask for is ignored, an empty one is none. */
export type ContactRequest = Partial<Record<PreChatFieldName, string>>;

export interface SessionRequest {
  /** The id the widget keeps in localStorage; absent on the first visit (the server makes one). */
  visitorId?: string;
  /** The host page's signed-in user: userHash = hex HMAC-SHA256(channel secret, userId). */
  identity?: { userId: string; userHash: string; name?: string; email?: string };
  page?: { url?: string; title?: string; referrer?: string };
}

export interface SessionResponse {
  visitorId: string;
  token: string;
  /** The realtime channel name without the `private-` prefix. */
  channel: string;
  /** True when the identity's hash matched (a mismatch is treated as an anonymous visitor). */
  verified: boolean;
  /** The channel has a pre-chat form and Kawan does not know this visitor yet: the form comes first. */
  detailsNeeded: boolean;
  conversation: WidgetConversation | null;
  /** The latest messages of the visitor's conversation, oldest first (at most 50). */
  messages: WidgetMessage[];
}

export interface SendRequest {
  text: string;
  /** A client-made id (UUID): resending the same one never makes a second message. */
  clientId: string;
}

export interface CsatRequest {
  score: 1 | 2 | 3 | 4 | 5;
  comment?: string;
}

/** "Talk to a person": the conversation now waiting, and what the bot said about it (outside business hours, when people are back). */
export interface HandoffResponse {
  conversation: WidgetConversation;
  messages: WidgetMessage[];
}
