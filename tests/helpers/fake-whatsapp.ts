import { createHmac, randomBytes, createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import request from 'supertest';
import { readMultipart, UploadedPart } from './multipart';

/**
 * A local WhatsApp Cloud API (Meta's Graph API; node:http on 127.0.0.1, a free port) speaking the
 * shapes the driver uses, under a version path (`url` = http://127.0.0.1:<port>/v21.0):
 *
 *   POST /{phone}/media           a multipart upload (messaging_product, type, file) → { id }
 *   POST /{phone}/messages        a text, template, or image/document (by an uploaded media id) send →
 *                                 { messaging_product, contacts, messages: [{ id: 'wamid.…' }] };
 *                                 a read receipt ({ status: 'read', message_id }) → { success: true }
 *   GET  /{phone}?fields=…        display_phone_number, verified_name, quality_rating
 *   GET  /{waba}/message_templates  the configured templates, `limit` per page (capped by templatesPageSize), paging.next
 *   GET  /{mediaId}               { url, mime_type, sha256, file_size, id } of media added with addMedia
 *   GET  /whatsapp_business/attachments/?mid=…   the media's bytes (no version path, as Meta's lookaside host)
 *
 * Every request needs `Authorization: Bearer <accessToken>` (else Meta's 401 OAuthException, code
 * 190) and is recorded. Scripted by `failNext` (the next request answers Meta's error shape),
 * `delayNext` (the next request waits before answering) and `setWindowClosed` (sends other than
 * templates to that number answer 131047). A text body over 4096 characters is refused as Meta does;
 * a template send must name an approved template and give each of its parameters (132001, 132000).
 */

export interface RecordedWhatsAppRequest {
  method: string;
  /** Path and query, as sent. */
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body (`undefined` for none, the raw text when it is not JSON). */
  body: unknown;
}

export interface FakeTemplate {
  id?: string;
  name: string;
  language: string;
  status: string;
  category: string;
  /** POSITIONAL (the default) or NAMED. */
  parameter_format?: string;
  components: Array<Record<string, unknown>>;
}

export interface FakeWhatsAppOptions {
  phoneNumberId?: string;
  wabaId?: string;
  accessToken?: string;
  /** As Meta shows it, e.g. '+62 811-2345-6789'. */
  displayPhoneNumber?: string;
  verifiedName?: string;
  qualityRating?: string;
  templates?: FakeTemplate[];
  /** The most templates on one page, whatever `limit` asks (default 25). */
  templatesPageSize?: number;
}

export interface ScriptedFailure {
  status: number;
  /** Meta's error code (e.g. 190, 131047, 130429). */
  code?: number;
  message?: string;
  type?: string;
  subcode?: number;
  /** error_data.details */
  details?: string;
  /** Sent as Retry-After: seconds or an HTTP date. */
  retryAfter?: number | string;
  /** Let this many requests through first (the second part of a long reply fails: skip 1). */
  skip?: number;
}

export interface FakeWhatsApp {
  /** The Graph API base including the version, e.g. http://127.0.0.1:53211/v21.0 */
  url: string;
  phoneNumberId: string;
  wabaId: string;
  accessToken: string;
  requests: RecordedWhatsAppRequest[];
  /** Bodies of message sends (text, template…), read receipts excluded. */
  sent(): Array<Record<string, unknown>>;
  /** Bodies of read receipts. */
  reads(): Array<Record<string, unknown>>;
  /** Files uploaded with POST /{phone}/media, in order, with the ids answered. */
  uploads(): Array<{ id: string; name: string; mime: string; bytes: Buffer }>;
  /** The next request (of any kind, after `skip`) fails this way; several calls queue in order. */
  failNext(failure: ScriptedFailure): void;
  /** The next request waits this long before it is answered. */
  delayNext(ms: number): void;
  /** Sends (not templates) to this wa_id answer 131047; `false` opens the window again. */
  setWindowClosed(to: string, closed?: boolean): void;
  setTemplates(templates: FakeTemplate[]): void;
  /**
   * Serves these bytes as media; returns its id. `declaredSize` overrides the file_size Meta
   * reports; `chunked` sends the download without a Content-Length.
   */
  addMedia(bytes: Buffer, mime: string, options?: { id?: string; declaredSize?: number; chunked?: boolean }): string;
  close(): Promise<void>;
}

const VERSION = '/v21.0';
const MEDIA_PATH = '/whatsapp_business/attachments/';
const TEXT_LIMIT = 4096;

export const defaultFakeTemplates: FakeTemplate[] = [
  {
    id: '1001',
    name: 'order_update',
    language: 'id',
    status: 'APPROVED',
    category: 'UTILITY',
    components: [{ type: 'BODY', text: 'Halo {{1}}, pesanan {{2}} sudah dikirim.' }],
  },
  {
    id: '1002',
    name: 'follow_up',
    language: 'en_US',
    status: 'APPROVED',
    category: 'MARKETING',
    components: [
      { type: 'HEADER', format: 'TEXT', text: 'Hi {{1}}' },
      { type: 'BODY', text: 'Still looking for {{1}}?' },
      { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Yes' }] },
    ],
  },
];

export async function startFakeWhatsApp(options: FakeWhatsAppOptions = {}): Promise<FakeWhatsApp> {
  const phoneNumberId = options.phoneNumberId ?? '106540352242922';
  const wabaId = options.wabaId ?? '102290129340398';
  const accessToken = options.accessToken ?? 'fake-whatsapp-token';
  const pageSize = options.templatesPageSize ?? 25;
  let templates = options.templates ?? defaultFakeTemplates;
  const failures: ScriptedFailure[] = [];
  const delays: number[] = [];
  const windowClosed = new Set<string>();
  const media = new Map<string, { bytes: Buffer; mime: string; declaredSize?: number; chunked?: boolean }>();
  const requests: RecordedWhatsAppRequest[] = [];
  const uploaded: Array<{ id: string; name: string; mime: string; bytes: Buffer }> = [];
  let nextMediaId = 900_000_001;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let origin = '';

  const server: Server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (chunk: Buffer) => parts.push(chunk));
    req.on('end', async () => {
      const raw = Buffer.concat(parts).toString('utf8');
      let body: unknown = undefined;
      const contentType = req.headers['content-type'] ?? '';
      if (contentType.startsWith('multipart/form-data')) {
        // An upload (POST /{phone}/media): its fields, and its file as { name, mime, bytes }.
        body = await readMultipart(Buffer.concat(parts), contentType);
      } else if (raw !== '') {
        try {
          body = JSON.parse(raw);
        } catch {
          body = raw;
        }
      }
      requests.push({ method: req.method ?? 'GET', path: req.url ?? '', headers: req.headers, body });
      const delay = delays.shift();
      if (delay === undefined) return answer(req.method ?? 'GET', req.url ?? '', req.headers, body, res);
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!res.destroyed) answer(req.method ?? 'GET', req.url ?? '', req.headers, body, res);
      }, delay);
      timers.add(timer);
    });
  });

  function answer(method: string, rawPath: string, headers: IncomingHttpHeaders, body: unknown, res: ServerResponse) {
    const url = new URL(rawPath, 'http://fake');
    const failure = failures[0] && (failures[0].skip ?? 0) <= 0 ? failures.shift() : undefined;
    if (failures[0] && !failure) failures[0] = { ...failures[0], skip: (failures[0].skip ?? 0) - 1 };
    if (failure) {
      return sendError(res, failure.status, {
        message: failure.message ?? `Fake failure ${failure.status}`,
        type: failure.type ?? 'OAuthException',
        code: failure.code ?? defaultCode(failure.status),
        ...(failure.subcode !== undefined ? { error_subcode: failure.subcode } : {}),
        ...(failure.details !== undefined
          ? { error_data: { messaging_product: 'whatsapp', details: failure.details } }
          : {}),
        ...(failure.retryAfter !== undefined ? { retryAfter: failure.retryAfter } : {}),
      });
    }
    if (headers.authorization !== `Bearer ${accessToken}`) {
      return sendError(res, 401, {
        message: 'Invalid OAuth access token - Cannot parse access token',
        type: 'OAuthException',
        code: 190,
      });
    }

    if (method === 'GET' && url.pathname === MEDIA_PATH) {
      const item = media.get(url.searchParams.get('mid') ?? '');
      if (!item) return sendError(res, 404, { message: 'Not found', type: 'GraphMethodException', code: 100 });
      res.writeHead(200, {
        'content-type': item.mime,
        ...(item.chunked ? {} : { 'content-length': String(item.bytes.length) }),
      });
      if (item.chunked) {
        for (let start = 0; start < item.bytes.length; start += 512) res.write(item.bytes.subarray(start, start + 512));
        res.end();
      } else {
        res.end(item.bytes);
      }
      return;
    }
    if (!url.pathname.startsWith(`${VERSION}/`)) return unknownPath(res, url.pathname);
    const segments = url.pathname
      .slice(VERSION.length + 1)
      .split('/')
      .map(decodeURIComponent);

    if (method === 'POST' && segments.length === 2 && segments[1] === 'media') {
      if (segments[0] !== phoneNumberId) return unknownObject(res, segments[0], 'post');
      const form = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
      if (form.messaging_product !== 'whatsapp')
        return invalidParameter(res, 'The parameter messaging_product is required.');
      const file = form.file;
      if (!(file instanceof UploadedPart)) return invalidParameter(res, 'The parameter file is required.');
      if (typeof form.type !== 'string' || form.type === '')
        return invalidParameter(res, 'The parameter type is required.');
      const id = String(nextMediaId++);
      media.set(id, { bytes: file.bytes, mime: form.type });
      uploaded.push({ id, name: file.name, mime: form.type, bytes: file.bytes });
      return sendJson(res, 200, { id });
    }
    if (method === 'POST' && segments.length === 2 && segments[1] === 'messages') {
      if (segments[0] !== phoneNumberId) return unknownObject(res, segments[0], 'post');
      return answerMessage(res, body);
    }
    if (method === 'GET' && segments.length === 1 && segments[0] === phoneNumberId) {
      const fields = (url.searchParams.get('fields') ?? 'id,display_phone_number,verified_name').split(',');
      const all: Record<string, unknown> = {
        display_phone_number: options.displayPhoneNumber ?? '+62 811-2345-6789',
        verified_name: options.verifiedName ?? 'Toko Kawan',
        quality_rating: options.qualityRating ?? 'GREEN',
        code_verification_status: 'VERIFIED',
      };
      const picked: Record<string, unknown> = { id: phoneNumberId };
      for (const field of fields) if (field in all) picked[field] = all[field];
      return sendJson(res, 200, picked);
    }
    if (method === 'GET' && segments.length === 2 && segments[1] === 'message_templates') {
      if (segments[0] !== wabaId) return unknownObject(res, segments[0], 'get');
      const limit = Math.min(Math.max(Number(url.searchParams.get('limit') ?? 25) || 25, 1), pageSize);
      const after = Number(url.searchParams.get('after') ?? 0) || 0;
      const page = templates.slice(after, after + limit);
      const nextAfter = after + page.length;
      const paging: Record<string, unknown> = { cursors: { before: String(after), after: String(nextAfter) } };
      if (nextAfter < templates.length) {
        const next = new URL(`${origin}${url.pathname}`);
        next.searchParams.set('limit', String(limit));
        next.searchParams.set('after', String(nextAfter));
        paging.next = next.toString();
      }
      return sendJson(res, 200, { data: page, paging });
    }
    if (method === 'GET' && segments.length === 1 && media.has(segments[0])) {
      const item = media.get(segments[0])!;
      return sendJson(res, 200, {
        messaging_product: 'whatsapp',
        url: `${origin}${MEDIA_PATH}?mid=${encodeURIComponent(segments[0])}&ext=1700000000&hash=fake`,
        mime_type: item.mime,
        sha256: createHash('sha256').update(item.bytes).digest('hex'),
        file_size: item.declaredSize ?? item.bytes.length,
        id: segments[0],
      });
    }
    if (segments.length === 1) return unknownObject(res, segments[0], method.toLowerCase());
    return unknownPath(res, url.pathname);
  }

  function answerMessage(res: ServerResponse, body: unknown) {
    const message = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    if (message.messaging_product !== 'whatsapp') {
      return invalidParameter(res, 'The parameter messaging_product is required.');
    }
    if (message.status === 'read') {
      if (typeof message.message_id !== 'string') return invalidParameter(res, 'The parameter message_id is required.');
      return sendJson(res, 200, { success: true });
    }
    const to = typeof message.to === 'string' ? message.to : '';
    const waId = to.replace(/\D/g, '');
    if (!waId) return invalidParameter(res, 'The parameter to is required.');
    const type = message.type ?? 'text';
    if (type === 'text') {
      const text = (message.text as { body?: unknown } | undefined)?.body;
      if (typeof text !== 'string' || text === '')
        return invalidParameter(res, "The parameter text['body'] is required.");
      if (text.length > TEXT_LIMIT) {
        return invalidParameter(res, `Param text['body'] must be at most ${TEXT_LIMIT} characters long.`);
      }
    } else if (type === 'image' || type === 'document') {
      const content = message[type] as { id?: unknown; caption?: unknown } | undefined;
      if (typeof content?.id !== 'string' || !media.has(content.id))
        return invalidParameter(res, `The parameter ${type}['id'] is not a media id of this number.`);
      if (typeof content.caption === 'string' && content.caption.length > 1024)
        return invalidParameter(res, `Param ${type}['caption'] must be at most 1024 characters long.`);
    } else if (type === 'interactive') {
      const interactive = message.interactive as
        { type?: unknown; body?: { text?: unknown }; action?: { button?: unknown; sections?: unknown } } | undefined;
      if (interactive?.type !== 'list') return invalidParameter(res, 'Only list messages are faked.');
      const rows = (Array.isArray(interactive.action?.sections) ? interactive.action.sections : []).flatMap(
        (section: { rows?: unknown }) => (Array.isArray(section?.rows) ? section.rows : []),
      ) as Array<{ id?: unknown; title?: unknown }>;
      const body = interactive.body?.text;
      const button = interactive.action?.button;
      if (typeof body !== 'string' || body === '' || body.length > 4096)
        return invalidParameter(res, "Param interactive['body']['text'] is required.");
      if (typeof button !== 'string' || button === '' || button.length > 20)
        return invalidParameter(res, "Param interactive['action']['button'] must be 1 to 20 characters.");
      if (rows.length === 0 || rows.length > 10) return invalidParameter(res, 'A list message holds 1 to 10 rows.');
      if (rows.some((row) => typeof row.id !== 'string' || typeof row.title !== 'string' || row.title.length > 24))
        return invalidParameter(res, 'Each row needs an id and a title of at most 24 characters.');
    } else if (type === 'template') {
      const template = message.template as
        { name?: unknown; language?: { code?: unknown }; components?: unknown } | undefined;
      if (typeof template?.name !== 'string' || typeof template.language?.code !== 'string') {
        return invalidParameter(res, 'The parameter template[name] and template[language][code] are required.');
      }
      const known = templates.find((item) => item.name === template.name && item.language === template.language?.code);
      if (!known || known.status !== 'APPROVED') {
        return sendError(res, 404, {
          message: '(#132001) Template name does not exist in the translation',
          type: 'OAuthException',
          code: 132001,
        });
      }
      const mismatch = templateMismatch(known, Array.isArray(template.components) ? template.components : [], media);
      if (mismatch) {
        return sendError(res, 400, {
          message: '(#132000) Number of parameters does not match the expected number of params',
          type: 'OAuthException',
          code: 132000,
          error_data: { messaging_product: 'whatsapp', details: mismatch },
        });
      }
    }
    if (type !== 'template' && windowClosed.has(waId)) {
      return sendError(res, 400, {
        message: '(#131047) Re-engagement message',
        type: 'OAuthException',
        code: 131047,
        error_data: {
          messaging_product: 'whatsapp',
          details:
            'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
        },
      });
    }
    return sendJson(res, 200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: to, wa_id: waId }],
      messages: [
        {
          id: `wamid.${randomBytes(18).toString('base64url')}`,
          ...(type === 'template' ? { message_status: 'accepted' } : {}),
        },
      ],
    });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;

  const isRead = (body: unknown): boolean => (body as { status?: unknown } | undefined)?.status === 'read';
  const messagePosts = () =>
    requests.filter((request) => request.method === 'POST' && /\/messages$/.test(request.path.split('?')[0]));

  return {
    url: `${origin}${VERSION}`,
    phoneNumberId,
    wabaId,
    accessToken,
    requests,
    sent: () =>
      messagePosts()
        .filter((request) => !isRead(request.body))
        .map((request) => request.body as Record<string, unknown>),
    reads: () =>
      messagePosts()
        .filter((request) => isRead(request.body))
        .map((request) => request.body as Record<string, unknown>),
    uploads: () => [...uploaded],
    failNext(failure) {
      failures.push(failure);
    },
    delayNext(ms) {
      delays.push(ms);
    },
    setWindowClosed(to, closed = true) {
      const waId = to.replace(/\D/g, '');
      if (closed) windowClosed.add(waId);
      else windowClosed.delete(waId);
    },
    setTemplates(list) {
      templates = list;
    },
    addMedia(bytes, mime, mediaOptions = {}) {
      const id = mediaOptions.id ?? String(1_000_000_000_000 + media.size + 1);
      media.set(id, { bytes, mime, declaredSize: mediaOptions.declaredSize, chunked: mediaOptions.chunked });
      return id;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const PLACEHOLDERS = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/**
 * What Meta would refuse in a template send, checked as its API does: each placeholder of the
 * header and body given once (by name for a NAMED template), a media header by a media id of this
 * number, a URL button's variable and a copy-code button's code; undefined when it matches.
 */
function templateMismatch(template: FakeTemplate, sent: unknown[], media: Map<string, unknown>): string | undefined {
  const components = sent as Array<{
    type?: string;
    sub_type?: string;
    index?: string;
    parameters?: Array<Record<string, unknown>>;
  }>;
  const named = String(template.parameter_format ?? '').toUpperCase() === 'NAMED';
  const part = (type: string) => components.find((component) => component.type === type);
  const names = (text: unknown) => [
    ...new Set([...String(text ?? '').matchAll(PLACEHOLDERS)].map((match) => match[1])),
  ];
  const byType = (type: string) => template.components.find((component) => component.type === type);

  const header = byType('HEADER');
  const format = String(header?.format ?? 'TEXT');
  if (header && format !== 'TEXT') {
    const kind = format.toLowerCase();
    const parameter = part('header')?.parameters?.[0];
    const content = parameter?.[kind] as { id?: unknown } | undefined;
    if (parameter?.type !== kind || typeof content?.id !== 'string' || !media.has(content.id)) {
      return `header: expected a ${kind} by a media id of this number`;
    }
  }
  for (const [type, source] of [
    ['header', format === 'TEXT' ? header?.text : undefined],
    ['body', byType('BODY')?.text],
  ] as const) {
    if (type === 'header' && format !== 'TEXT') continue;
    const expected = names(source);
    const given = (part(type)?.parameters ?? []).filter((parameter) => parameter.type === 'text');
    if (given.length !== expected.length) return `${type}: expected ${expected.length} parameters, got ${given.length}`;
    if (given.some((parameter) => typeof parameter.text !== 'string' || parameter.text === '')) {
      return `${type}: a parameter has no text`;
    }
    const givenNames = given.map((parameter) => String(parameter.parameter_name));
    if (named && expected.some((name) => !givenNames.includes(name))) return `${type}: parameter names do not match`;
  }
  const buttons = (byType('BUTTONS')?.buttons ?? []) as Array<Record<string, unknown>>;
  for (const [index, button] of buttons.entries()) {
    const needs =
      button.type === 'URL' && names(button.url).length > 0
        ? 'url'
        : button.type === 'COPY_CODE'
          ? 'copy_code'
          : undefined;
    const given = components.find(
      (component) => component.type === 'button' && String(component.index) === String(index),
    );
    if (!needs) {
      if (given && given.sub_type !== 'quick_reply') return `button ${index}: takes no parameter`;
      continue;
    }
    const parameter = given?.parameters?.[0];
    const ok =
      given?.sub_type === needs &&
      (needs === 'url'
        ? parameter?.type === 'text' && typeof parameter.text === 'string' && parameter.text !== ''
        : parameter?.type === 'coupon_code' &&
          typeof parameter.coupon_code === 'string' &&
          parameter.coupon_code !== '');
    if (!ok) return `button ${index}: expected its ${needs === 'url' ? 'URL variable' : 'coupon code'}`;
  }
  return undefined;
}

/** Meta's code for a status when a script names none: a refused token, an app rate limit, a bad parameter, a server error. */
function defaultCode(status: number): number {
  if (status === 401) return 190;
  if (status === 429) return 4;
  return status >= 500 ? 2 : 100;
}

/** Meta's error shape; `retryAfter` goes to the Retry-After header. */
function sendError(
  res: ServerResponse,
  status: number,
  error: { message: string; type: string; code: number; retryAfter?: number | string; [key: string]: unknown },
): void {
  const { retryAfter, ...rest } = error;
  sendJson(
    res,
    status,
    { error: { ...rest, fbtrace_id: `A${randomBytes(8).toString('hex')}` } },
    retryAfter !== undefined ? { 'retry-after': String(retryAfter) } : {},
  );
}

function invalidParameter(res: ServerResponse, message: string): void {
  sendError(res, 400, { message: `(#100) ${message}`, type: 'OAuthException', code: 100 });
}

function unknownObject(res: ServerResponse, id: string, verb: string): void {
  sendError(res, 400, {
    message: `Unsupported ${verb} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    type: 'GraphMethodException',
    code: 100,
    error_subcode: 33,
  });
}

function unknownPath(res: ServerResponse, path: string): void {
  sendError(res, 400, { message: `Unknown path components: ${path}`, type: 'OAuthException', code: 2500 });
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

// ---------------------------------------------------------------------------------------------
// Webhook payloads as Meta sends them.

export interface WhatsAppMessageWebhookInput {
  phoneNumberId: string;
  displayPhoneNumber?: string;
  wabaId?: string;
  /** The sender's wa_id (digits). */
  from: string;
  /** The sender's profile name (contacts[].profile.name). */
  name?: string;
  /** The wamid (default: a random one). */
  id?: string;
  /** The message's text when type is 'text' (the default type). */
  text?: string;
  /** image, audio, video, document, sticker, location, interactive, button, reaction, contacts… */
  type?: string;
  /** The object under `message[type]` for types other than text (e.g. `{ id, mime_type, sha256, caption }`). */
  content?: Record<string, unknown>;
  /** Unix seconds (default: now). */
  timestamp?: number | string;
  /** The quoted message: `context: { from, id }`. */
  contextId?: string;
  /** More fields merged into the message object (e.g. a `contacts` array for type 'contacts'). */
  extra?: Record<string, unknown>;
}

/** A `messages` webhook with one inbound message, as a JSON string (sign these exact bytes). */
export function whatsappMessageWebhook(input: WhatsAppMessageWebhookInput): string {
  const type = input.type ?? 'text';
  const message: Record<string, unknown> = {
    from: input.from,
    id: input.id ?? `wamid.${randomBytes(18).toString('base64url')}`,
    timestamp: String(input.timestamp ?? Math.floor(Date.now() / 1000)),
    type,
    ...(input.contextId ? { context: { from: input.phoneNumberId, id: input.contextId } } : {}),
    ...(type === 'text' ? { text: { body: input.text ?? 'Halo' } } : input.content ? { [type]: input.content } : {}),
    ...input.extra,
  };
  return envelope(input.phoneNumberId, input.displayPhoneNumber, input.wabaId, {
    contacts: [{ profile: { name: input.name ?? 'Budi' }, wa_id: input.from }],
    messages: [message],
  });
}

export interface WhatsAppStatusWebhookInput {
  phoneNumberId: string;
  displayPhoneNumber?: string;
  wabaId?: string;
  /** The wamid of the message Kawan sent. */
  id: string;
  status: 'sent' | 'delivered' | 'read' | 'failed' | string;
  /** The customer's wa_id. */
  recipient: string;
  timestamp?: number | string;
  error?: { code: number; title: string; message?: string; details?: string };
  pricing?: { billable?: boolean; pricing_model?: string; category?: string; type?: string };
}

/** A `messages` webhook with one status update, as a JSON string. */
export function whatsappStatusWebhook(input: WhatsAppStatusWebhookInput): string {
  const status: Record<string, unknown> = {
    id: input.id,
    status: input.status,
    timestamp: String(input.timestamp ?? Math.floor(Date.now() / 1000)),
    recipient_id: input.recipient,
  };
  if (input.status === 'sent' || input.status === 'delivered') {
    status.conversation = { id: randomBytes(16).toString('hex'), origin: { type: 'service' } };
    status.pricing = input.pricing ?? { billable: false, pricing_model: 'PMP', category: 'service' };
  } else if (input.pricing) {
    status.pricing = input.pricing;
  }
  if (input.error) {
    status.errors = [
      {
        code: input.error.code,
        title: input.error.title,
        message: input.error.message ?? input.error.title,
        ...(input.error.details ? { error_data: { details: input.error.details } } : {}),
        href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
      },
    ];
  }
  return envelope(input.phoneNumberId, input.displayPhoneNumber, input.wabaId, { statuses: [status] });
}

/** POSTs these exact bytes to a WhatsApp channel's webhook, signed with its app secret, as Meta does. */
export function postWhatsAppWebhook(app: Express, publicKey: string, body: string, appSecret: string) {
  return request(app)
    .post(`/webhooks/whatsapp/${publicKey}`)
    .set({ 'Content-Type': 'application/json', 'X-Hub-Signature-256': signWhatsApp(body, appSecret) })
    .send(body);
}

/** The X-Hub-Signature-256 header value for these bytes. */
export function signWhatsApp(body: string | Buffer, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;
}

function envelope(
  phoneNumberId: string,
  displayPhoneNumber: string | undefined,
  wabaId: string | undefined,
  value: Record<string, unknown>,
): string {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: wabaId ?? '102290129340398',
        changes: [
          {
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: displayPhoneNumber ?? '6281123456789', phone_number_id: phoneNumberId },
              ...value,
            },
            field: 'messages',
          },
        ],
      },
    ],
  });
}

/**
 * A WhatsApp channel on this fake, as createChannel takes it: its number and account, the token the
 * fake accepts, and the app secret its webhooks are signed with (`postWhatsAppWebhook`).
 */
export function whatsappChannelOn(
  fake: Pick<FakeWhatsApp, 'phoneNumberId' | 'wabaId' | 'accessToken'>,
  options: { appSecret?: string; settings?: Record<string, unknown> } = {},
) {
  return {
    type: 'whatsapp' as const,
    settings: { phoneNumberId: fake.phoneNumberId, wabaId: fake.wabaId, ...options.settings },
    secrets: { accessToken: fake.accessToken, appSecret: options.appSecret ?? 'x', verifyToken: 'y' },
  };
}
