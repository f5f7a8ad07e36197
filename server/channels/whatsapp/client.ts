/**
 * The WhatsApp Cloud API (Meta's Graph API) for one connected number: send text (split at 4096
 * characters) and templates, mark read with a typing indicator, check the credentials, list the
 * WABA's templates and download media.
 *
 * Every failure is a ChannelError whose message is what Meta said (never the token): network
 * errors, timeouts, 429, 5xx and Meta's rate-limit codes are retryable (with Retry-After when Meta
 * sent one); a refused token and other 4xx are not; 131047 (outside the 24-hour window) is
 * `window_closed`.
 */
import { createHash } from 'node:crypto';
import { retryDelay } from '../../support/retry-after';
import { splitText } from '../split-text';
import {
  ChannelError,
  type CredentialCheck,
  type DriverHttp,
  type FetchedMedia,
  type MessageChoices,
  type OutboundFile,
  type OutboundText,
  type SendOutcome,
} from '../driver';
import { httpFetch } from '../../support/http-fetch';

export type { FetchedMedia };

export interface WhatsAppClientSettings extends DriverHttp {
  phoneNumberId: string;
  wabaId: string;
  accessToken: string;
  /** The largest media file fetchMedia downloads (default 16 MB, WhatsApp's limit for video and audio). */
  maxBytes?: number;
  /** Per media download (default 60 000; other calls use timeoutMs, default 10 000). */
  mediaTimeoutMs?: number;
}

/** A component of an approved template as Meta lists it; the body's text holds {{1}}, {{2}} placeholders. */
export interface TemplateComponent {
  type: string;
  format?: string;
  text?: string;
  /** The values Meta approved the template with: `body_text: [['Budi']]`, `header_text_named_params`… */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  example?: Record<string, any>;
  buttons?: Array<{ type: string; text?: string; url?: string; phone_number?: string; example?: unknown }>;
}

/** How a template's placeholders are written: POSITIONAL ({{1}}) or NAMED ({{customer_name}}). */
export type ParameterFormat = 'POSITIONAL' | 'NAMED';

export interface Template {
  id?: string;
  name: string;
  language: string;
  /** APPROVED, PENDING, REJECTED, PAUSED, DISABLED… */
  status: string;
  /** MARKETING, UTILITY, AUTHENTICATION */
  category: string;
  parameterFormat: ParameterFormat;
  components: TemplateComponent[];
}

/** A template send's component, as Meta takes it: `{ type: 'body', parameters: [{ type: 'text', text: 'Budi' }] }`. */
export interface TemplateSendComponent {
  type: string;
  sub_type?: string;
  index?: number | string;
  parameters: Array<{ type: string; [key: string]: unknown }>;
}

export interface TemplateMessage {
  /** The wa_id (digits; a leading + is dropped). */
  to: string;
  name: string;
  /** Meta's language code, e.g. 'id' or 'en_US'. */
  language: string;
  components?: TemplateSendComponent[];
  /** A media header's kind; its file is `headerFile`, uploaded first and sent by its id. */
  headerMedia?: 'image' | 'video' | 'document' | null;
  headerFile?: OutboundFile;
}

export interface WhatsAppClient {
  sendText(out: OutboundText): Promise<SendOutcome>;
  sendTemplate(template: TemplateMessage): Promise<SendOutcome>;
  markRead(messageId: string, typing: boolean): Promise<void>;
  checkCredentials(): Promise<CredentialCheck>;
  listTemplates(): Promise<Template[]>;
  fetchMedia(mediaId: string): Promise<FetchedMedia>;
}

/**
 * A ChannelError with what Meta said besides: the HTTP status, Meta's error code and trace id, and
 * for a long reply that failed part way, the ids of the parts that did go out (do not send them again).
 */
export class WhatsAppError extends ChannelError {
  constructor(
    message: string,
    retryable: boolean,
    code: string,
    retryAfterMs: number | undefined,
    readonly details: { status?: number; metaCode?: number; fbtraceId?: string; sentExternalIds?: string[] } = {},
  ) {
    super(message, retryable, code, retryAfterMs);
    this.name = 'WhatsAppError';
  }
}

/** Meta's rate-limit codes: app (4), business account (80007), throughput (130429), spam (131048), pair (131056). */
const RATE_LIMIT_CODES = new Set([4, 80007, 130429, 131048, 131056]);
/** Meta's transient codes: unknown (1), service unavailable (2), temporarily unavailable (133004). */
const TRANSIENT_CODES = new Set([1, 2, 133004]);
const WINDOW_CLOSED_CODE = 131047;
const TOKEN_CODE = 190;
const MAX_TEMPLATE_PAGES = 10;
const MAX_META_MESSAGE = 400;
/** The longest Retry-After honoured. */
const MAX_RETRY_AFTER_MS = 15 * 60_000;

export function whatsappClient(settings: WhatsAppClientSettings): WhatsAppClient {
  const base = settings.baseUrl.replace(/\/+$/, '');
  const origin = new URL(base).origin;
  const doFetch = settings.fetch ?? httpFetch;
  const timeoutMs = settings.timeoutMs ?? 10_000;
  const mediaTimeoutMs = settings.mediaTimeoutMs ?? 60_000;
  const maxBytes = settings.maxBytes ?? 16 * 1024 * 1024;
  const phone = encodeURIComponent(settings.phoneNumberId);

  /** Meta could echo what it was sent; the token never leaves in a message. */
  const redact = (message: string): string =>
    settings.accessToken ? message.split(settings.accessToken).join('[redacted]') : message;

  async function send(
    url: string,
    init: { method: 'GET' | 'POST'; body?: unknown; accept?: string },
    limitMs = timeoutMs,
  ): Promise<{ response: Response; timeout: AbortSignal }> {
    const timeout = AbortSignal.timeout(limitMs);
    let response: Response;
    try {
      response = await doFetch(url, {
        method: init.method,
        headers: {
          authorization: `Bearer ${settings.accessToken}`,
          accept: init.accept ?? 'application/json',
          // An upload is multipart (fetch writes its boundary); any other body is JSON.
          ...(init.body !== undefined && !(init.body instanceof FormData)
            ? { 'content-type': 'application/json' }
            : {}),
        },
        ...(init.body instanceof FormData
          ? { body: init.body }
          : init.body !== undefined
            ? { body: JSON.stringify(init.body) }
            : {}),
        signal: timeout,
      });
    } catch (error) {
      if (timeout.aborted) {
        throw new WhatsAppError(
          `The WhatsApp Cloud API did not answer within ${seconds(limitMs)}`,
          true,
          'timeout',
          undefined,
        );
      }
      throw new WhatsAppError(
        `Could not reach the WhatsApp Cloud API${networkReason(error)}`,
        true,
        'network',
        undefined,
      );
    }
    return { response, timeout };
  }

  /** A Graph API call answering JSON; a non-2xx answer becomes a WhatsAppError. */
  async function call(url: string, init: { method: 'GET' | 'POST'; body?: unknown }): Promise<Record<string, unknown>> {
    const { response, timeout } = await send(url, init);
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      if (timeout.aborted) {
        throw new WhatsAppError(
          `The WhatsApp Cloud API did not answer within ${seconds(timeoutMs)}`,
          true,
          'timeout',
          undefined,
        );
      }
      throw new WhatsAppError(
        `The WhatsApp Cloud API connection broke${networkReason(error)}`,
        true,
        'network',
        undefined,
      );
    }
    if (!response.ok) throw graphError(response, text, redact);
    try {
      const json: unknown = JSON.parse(text);
      if (typeof json === 'object' && json !== null && !Array.isArray(json)) return json as Record<string, unknown>;
    } catch {
      // fall through
    }
    throw new WhatsAppError(
      'The WhatsApp Cloud API answered with an unexpected body',
      false,
      'invalid_response',
      undefined,
      {
        status: response.status,
      },
    );
  }

  async function postMessage(body: Record<string, unknown>): Promise<string> {
    const json = await call(`${base}/${phone}/messages`, { method: 'POST', body });
    const id = (Array.isArray(json.messages) ? (json.messages[0] as { id?: unknown } | undefined) : undefined)?.id;
    if (typeof id !== 'string' || id === '') {
      // Perhaps sent all the same: not retryable, so a customer never gets the reply twice.
      throw new WhatsAppError(
        'The WhatsApp Cloud API answered without a message id',
        false,
        'invalid_response',
        undefined,
      );
    }
    return id;
  }

  /** Uploads a file to the number's media (POST /{phone}/media): its media id. */
  async function upload(file: OutboundFile): Promise<string> {
    const form = new FormData();
    form.set('messaging_product', 'whatsapp');
    form.set('type', file.mime);
    form.set('file', new Blob([new Uint8Array(await file.read())], { type: file.mime }), file.name);
    const uploaded = await call(`${base}/${phone}/media`, { method: 'POST', body: form });
    if (typeof uploaded.id !== 'string' || uploaded.id === '') {
      throw new WhatsAppError(
        'The WhatsApp Cloud API answered the upload without a media id',
        true,
        'invalid_response',
        undefined,
      );
    }
    return uploaded.id;
  }

  /**
   * A file with its caption: uploaded to the number's media (POST /{phone}/media), then sent by its
   * id, as an image when WhatsApp shows it as one (JPEG, PNG), else as a document under its name.
   */
  async function sendFile(out: OutboundText, file: OutboundFile): Promise<SendOutcome> {
    const id = await upload(file);
    const type = file.mime === 'image/jpeg' || file.mime === 'image/png' ? 'image' : 'document';
    const caption = out.text.trim() ? { caption: out.text } : {};
    const body: Record<string, unknown> = {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: recipient(out.threadId),
      type,
      [type]: { id, ...caption, ...(type === 'document' ? { filename: file.name } : {}) },
    };
    if (out.replyToExternalId) body.context = { message_id: out.replyToExternalId };
    return { externalIds: [await postMessage(body)] };
  }

  /** Words with choices to tap: an interactive list message (one section of at most ten rows). */
  async function sendChoices(out: OutboundText, choices: MessageChoices): Promise<SendOutcome> {
    const body: Record<string, unknown> = {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: recipient(out.threadId),
      type: 'interactive',
      interactive: {
        type: 'list',
        body: { text: out.text.slice(0, 1024) },
        action: {
          button: choices.button.slice(0, 20),
          sections: [
            { rows: choices.items.slice(0, 10).map((item) => ({ id: item.id, title: item.title.slice(0, 24) })) },
          ],
        },
      },
    };
    return { externalIds: [await postMessage(body)] };
  }

  return {
    async sendText(out) {
      if (out.files?.length) return sendFile(out, out.files[0]);
      if (out.choices) return sendChoices(out, out.choices);
      const to = recipient(out.threadId);
      const parts = splitText(out.text, 4096);
      if (parts.length === 0) throw new WhatsAppError('The reply is empty', false, 'empty_message', undefined);
      const externalIds: string[] = [];
      for (const [index, part] of parts.entries()) {
        const body: Record<string, unknown> = {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to,
          type: 'text',
          text: { preview_url: false, body: part },
        };
        if (index === 0 && out.replyToExternalId) body.context = { message_id: out.replyToExternalId };
        try {
          externalIds.push(await postMessage(body));
        } catch (error) {
          if (externalIds.length === 0 || !(error instanceof WhatsAppError)) throw error;
          throw new WhatsAppError(error.message, error.retryable, error.code, error.retryAfterMs, {
            ...error.details,
            sentExternalIds: [...externalIds],
          });
        }
      }
      return { externalIds };
    },

    async sendTemplate(template) {
      const components = [...(template.components ?? [])];
      if (template.headerMedia) {
        const file = template.headerFile;
        if (!file) {
          throw new WhatsAppError(
            `The template's ${template.headerMedia} header has no file`,
            false,
            'missing_media',
            undefined,
          );
        }
        const media = template.headerMedia;
        const id = await upload(file);
        components.unshift({
          type: 'header',
          parameters: [{ type: media, [media]: { id, ...(media === 'document' ? { filename: file.name } : {}) } }],
        });
      }
      const id = await postMessage({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: recipient(template.to),
        type: 'template',
        template: {
          name: template.name,
          language: { code: template.language },
          ...(components.length ? { components } : {}),
        },
      });
      return { externalIds: [id] };
    },

    async markRead(messageId, typing) {
      await call(`${base}/${phone}/messages`, {
        method: 'POST',
        body: {
          messaging_product: 'whatsapp',
          status: 'read',
          message_id: messageId,
          ...(typing ? { typing_indicator: { type: 'text' } } : {}),
        },
      });
    },

    async checkCredentials() {
      let json: Record<string, unknown>;
      try {
        json = await call(`${base}/${phone}?fields=display_phone_number,verified_name,quality_rating`, {
          method: 'GET',
        });
      } catch (error) {
        return { ok: false, detail: error instanceof Error ? redact(error.message) : 'The check failed' };
      }
      const name = typeof json.verified_name === 'string' ? json.verified_name : undefined;
      const quality = typeof json.quality_rating === 'string' ? json.quality_rating : undefined;
      const displayDigits =
        typeof json.display_phone_number === 'string' ? json.display_phone_number.replace(/\D/g, '') : '';
      const detail =
        `Connected${name ? ` as ${name}` : ''}` +
        (displayDigits ? ` (+${displayDigits})` : '') +
        (quality ? `, quality rating ${quality}` : '');
      return { ok: true, detail, ...(displayDigits ? { displayIdentifier: `+${displayDigits}` } : {}) };
    },

    async listTemplates() {
      const templates: Template[] = [];
      let url: string | undefined =
        `${base}/${encodeURIComponent(settings.wabaId)}/message_templates` +
        '?fields=id,name,language,status,category,parameter_format,components&limit=100';
      for (let page = 0; url !== undefined && page < MAX_TEMPLATE_PAGES; page++) {
        const json = await call(url, { method: 'GET' });
        for (const item of Array.isArray(json.data) ? json.data : []) {
          const template = readTemplate(item);
          if (template) templates.push(template);
        }
        const next = (json.paging as { next?: unknown } | undefined)?.next;
        url = typeof next === 'string' && sameOrigin(next, origin) ? next : undefined;
      }
      return templates;
    },

    async fetchMedia(mediaId) {
      const info = await call(`${base}/${encodeURIComponent(mediaId)}`, { method: 'GET' });
      const url = typeof info.url === 'string' ? info.url : undefined;
      if (!url || !/^https?:\/\//.test(url)) {
        throw new WhatsAppError(
          'The WhatsApp Cloud API gave no download address for the media',
          false,
          'invalid_response',
          undefined,
        );
      }
      const declared = typeof info.file_size === 'number' ? info.file_size : Number(info.file_size);
      if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);

      const { response, timeout } = await send(url, { method: 'GET', accept: '*/*' }, mediaTimeoutMs);
      if (!response.ok) throw graphError(response, await response.text().catch(() => ''), redact);
      const length = Number(response.headers.get('content-length'));
      if (Number.isFinite(length) && length > maxBytes) {
        await response.body?.cancel().catch(() => undefined);
        throw tooLarge(maxBytes);
      }
      const bytes = await readCapped(response, maxBytes, () =>
        timeout.aborted
          ? new WhatsAppError(
              `The media download did not finish within ${seconds(mediaTimeoutMs)}`,
              true,
              'timeout',
              undefined,
            )
          : new WhatsAppError('The media download broke off', true, 'network', undefined),
      );
      const mime =
        (typeof info.mime_type === 'string' && info.mime_type) ||
        response.headers.get('content-type')?.split(';')[0].trim() ||
        'application/octet-stream';
      return { mime, bytes, sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.length };
    },
  };
}

/** Meta's `{ error: { message, type, code, error_subcode, error_data, fbtrace_id } }` to a WhatsAppError. */
function graphError(response: Response, body: string, redact: (text: string) => string): WhatsAppError {
  let meta: { message?: unknown; code?: unknown; error_subcode?: unknown; fbtrace_id?: unknown; error_data?: unknown } =
    {};
  try {
    const parsed = JSON.parse(body) as { error?: unknown };
    if (typeof parsed.error === 'object' && parsed.error !== null) meta = parsed.error as typeof meta;
  } catch {
    // not JSON: a proxy's page; the status says enough
  }
  const status = response.status;
  const metaCode = typeof meta.code === 'number' ? meta.code : undefined;
  const details = (meta.error_data as { details?: unknown } | undefined)?.details;
  let message =
    typeof meta.message === 'string' && meta.message.trim()
      ? meta.message.trim()
      : `The WhatsApp Cloud API answered ${status}`;
  if (typeof details === 'string' && details.trim() && !message.includes(details.trim()))
    message += `: ${details.trim()}`;
  message = redact(message.replace(/\s+/g, ' ')).slice(0, MAX_META_MESSAGE);

  const header = response.headers.get('retry-after');
  const retryAfterMs = header ? retryDelay(header, MAX_RETRY_AFTER_MS) : undefined;
  const extra = {
    status,
    ...(metaCode !== undefined ? { metaCode } : {}),
    ...(typeof meta.fbtrace_id === 'string' ? { fbtraceId: meta.fbtrace_id } : {}),
  };

  if (metaCode === WINDOW_CLOSED_CODE) return new WhatsAppError(message, false, 'window_closed', undefined, extra);
  if (status === 429 || (metaCode !== undefined && RATE_LIMIT_CODES.has(metaCode))) {
    return new WhatsAppError(message, true, 'rate_limited', retryAfterMs, extra);
  }
  if (status === 401 || metaCode === TOKEN_CODE)
    return new WhatsAppError(message, false, 'unauthorized', undefined, extra);
  if (status >= 500 || (metaCode !== undefined && TRANSIENT_CODES.has(metaCode))) {
    return new WhatsAppError(message, true, 'unavailable', retryAfterMs, extra);
  }
  return new WhatsAppError(message, false, 'rejected', undefined, extra);
}

function readTemplate(item: unknown): Template | undefined {
  if (typeof item !== 'object' || item === null) return undefined;
  const raw = item as Record<string, unknown>;
  if (typeof raw.name !== 'string' || typeof raw.language !== 'string') return undefined;
  const components = (Array.isArray(raw.components) ? raw.components : [])
    .filter((component): component is Record<string, unknown> => typeof component === 'object' && component !== null)
    .filter((component) => typeof component.type === 'string')
    .map((component) => {
      const read: TemplateComponent = { type: component.type as string };
      if (typeof component.format === 'string') read.format = component.format;
      if (typeof component.text === 'string') read.text = component.text;
      if (typeof component.example === 'object' && component.example !== null && !Array.isArray(component.example))
        read.example = component.example as TemplateComponent['example'];
      if (Array.isArray(component.buttons)) read.buttons = component.buttons as TemplateComponent['buttons'];
      return read;
    });
  return {
    ...(typeof raw.id === 'string' ? { id: raw.id } : {}),
    name: raw.name,
    language: raw.language,
    status: typeof raw.status === 'string' ? raw.status : 'UNKNOWN',
    category: typeof raw.category === 'string' ? raw.category : 'UNKNOWN',
    parameterFormat: String(raw.parameter_format).toUpperCase() === 'NAMED' ? 'NAMED' : 'POSITIONAL',
    components,
  };
}

/** The body, refused as soon as it grows past `maxBytes`. */
async function readCapped(response: Response, maxBytes: number, broken: () => WhatsAppError): Promise<Buffer> {
  if (!response.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge(maxBytes);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof WhatsAppError) throw error;
    throw broken();
  }
  return Buffer.concat(chunks);
}

function tooLarge(maxBytes: number): WhatsAppError {
  return new WhatsAppError(
    `The media is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`,
    false,
    'too_large',
    undefined,
  );
}

/** A wa_id as Meta takes it in `to`: digits. */
function recipient(threadId: string): string {
  const digits = threadId.replace(/[\s+()-]/g, '');
  if (!/^\d{5,20}$/.test(digits))
    throw new WhatsAppError('The recipient is not a WhatsApp number', false, 'invalid_recipient', undefined);
  return digits;
}

function sameOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

/** ` (ECONNREFUSED)` from undici's `fetch failed` cause, when it names one. */
function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  return typeof cause?.code === 'string' && /^[A-Z_]+$/.test(cause.code) ? ` (${cause.code})` : '';
}
