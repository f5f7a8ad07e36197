import type { Request, RequestHandler } from 'express';
import express from 'express';
import busboy from 'busboy';
import qs from 'qs';
import { HttpError } from '../../support/errors';
import { wantsJson } from './errors';
import { authenticateToken } from '../../domain/api-tokens/authenticate-token';
import { bearerToken } from '../auth/token-guard';

/** The specification's query-string limits, used for query strings and form bodies alike. */
export const queryLimits = { arrayLimit: 20, depth: 5, parameterLimit: 1000 } as const;

const queryOptions = { ...queryLimits, allowPrototypes: false, strictDepth: false } as const;

export function parseQueryString(source: string): Record<string, unknown> {
  // Most requests carry no query string: an empty object without qs's per-call option checks.
  if (source === '') return {};
  return qs.parse(source, queryOptions);
}

/** A file received in a multipart body. */
export class UploadedFile {
  constructor(
    readonly fieldName: string,
    readonly originalName: string,
    readonly mimeType: string,
    readonly buffer: Buffer,
  ) {}

  get size(): number {
    return this.buffer.length;
  }
}

const noBody = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What an upload over its limit is told (Laravel's `max` rule for files), wherever it is refused. */
export const fileTooLargeMessage = (maxBytes: number) =>
  `The file may not be greater than ${Math.floor(maxBytes / 1024)} kilobytes.`;
const tooLarge = (maxBytes: number) => new HttpError(413, fileTooLargeMessage(maxBytes));

/**
 * A request's body as bytes, for an endpoint that takes a file as its whole body (the widget's
 * uploads), read only once the route has checked who is asking. Over `maxBytes` it is a 413:
 * at once when Content-Length says so, else as soon as the bytes pass it (the rest is drained).
 */
export function readRawBody(req: Request, maxBytes: number): Promise<Buffer> {
  // A JSON or form body was read (and its stream ended) by the parsers: there are no bytes left to wait for.
  if (req.body !== undefined || req.readableEnded) {
    return Promise.reject(new HttpError(415, 'Send the file itself as the body, as application/octet-stream.'));
  }
  if (Number(req.headers['content-length'] ?? 0) > maxBytes) {
    req.resume();
    return Promise.reject(tooLarge(maxBytes));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > maxBytes) {
        over = true;
        chunks.length = 0;
        reject(tooLarge(maxBytes));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!over) resolve(Buffer.concat(chunks));
    });
    req.on('error', () => reject(new HttpError(400, 'The request body was not received in full.')));
  });
}

/**
 * JSON and urlencoded bodies, nested keys and arrays as the Inertia client sends them. GET and
 * HEAD bodies are never read. Multipart bodies (uploads) wait for `uploadParsers`, after sign-in.
 */
export function bodyParsers(): RequestHandler[] {
  const json = express.json({ limit: '1mb', strict: false });
  const urlencodedText = express.text({ limit: '1mb', type: 'application/x-www-form-urlencoded' });
  const urlencoded: RequestHandler = (req, res, next) =>
    urlencodedText(req, res, (error?: unknown) => {
      if (error) return next(error);
      if (typeof req.body === 'string') req.body = parseQueryString(req.body);
      next();
    });
  const onlyWithBody =
    (parser: RequestHandler): RequestHandler =>
    (req, res, next) =>
      noBody.has(req.method) ? next() : parser(req, res, next);
  // Webhooks are verified over their exact bytes: kept as a Buffer whatever the content type.
  const raw = express.raw({ limit: '1mb', type: () => true });
  const webhookOrJson: RequestHandler = (req, res, next) =>
    req.path.startsWith('/webhooks/') ? raw(req, res, next) : json(req, res, next);
  return [onlyWithBody(webhookOrJson), onlyWithBody(urlencoded), bodyReceived];
}

/**
 * A JSON or form body announced but never read: the client went away before sending it all (the
 * parsers skip a request whose stream has ended). Answering 400 keeps it from being handled as an
 * empty form, which would flash "required" errors into the session of the person who submitted it.
 */
const bodyReceived: RequestHandler = (req, _res, next) => {
  if (noBody.has(req.method) || req.body !== undefined) return next();
  const announced = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
  if (announced && req.is(['json', 'urlencoded']))
    return next(new HttpError(400, 'The request body was not received in full.'));
  next();
};

/**
 * Multipart bodies, read only for a signed-in user (no upload is parsed before the auth check;
 * a guest's upload is refused unread), then `_method` on POST routed as PUT/PATCH/DELETE.
 */
export function uploadParsers(options: { maxUploadBytes: number }): RequestHandler[] {
  const parse = multipart(options.maxUploadBytes);
  const signedInOnly: RequestHandler = (req, res, next) => {
    if (noBody.has(req.method) || !req.is('multipart/form-data')) return next();
    if (req.user) return parse(req, res, next);
    // An API upload: read only when its token is valid (the route's `auth.token` then signs it in).
    const bearer = bearerToken(req);
    if (bearer) {
      authenticateToken(req.services, bearer).then((result) => {
        if (result) return parse(req, res, next);
        req.resume();
        next(new HttpError(401, 'Unauthenticated.', { 'WWW-Authenticate': 'Bearer' }));
      }, next);
      return;
    }
    // Unread: a guest is sent to sign in, as the `auth` middleware would.
    req.resume();
    if (wantsJson(req)) return next(new HttpError(401, 'Unauthenticated.'));
    return res.redirect(303, req.services.route('login'));
  };
  return [signedInOnly, methodOverride];
}

const methodOverride: RequestHandler = (req, _res, next) => {
  const body = req.body as Record<string, unknown> | undefined;
  const override = typeof body?._method === 'string' ? body._method.toUpperCase() : undefined;
  if (req.method === 'POST' && override && ['PUT', 'PATCH', 'DELETE'].includes(override)) {
    req.method = override;
  }
  next();
};

function multipart(maxBytes: number): RequestHandler {
  return (req, _res, next) => {
    if (!req.is('multipart/form-data')) return next();
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { fileSize: maxBytes, fields: queryLimits.parameterLimit, files: 20 },
      });
    } catch {
      return next(new HttpError(400, 'Malformed multipart body.'));
    }
    const pairs: string[] = [];
    const files = new Map<string, UploadedFile>();
    const pending: Promise<void>[] = [];
    let failed = false;
    const fail = (error: HttpError) => {
      if (failed) return;
      failed = true;
      req.unpipe(parser);
      req.resume();
      next(error);
    };

    parser.on('field', (name, value) => pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`));
    parser.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      pending.push(
        new Promise((resolve) => {
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          // A body cut short mid-file errors the file's stream too: answered once, as malformed.
          stream.on('error', () => {
            fail(new HttpError(400, 'Malformed multipart body.'));
            resolve();
          });
          stream.on('limit', () => fail(tooLarge(maxBytes)));
          stream.on('end', () => {
            if (!info.filename) return resolve();
            const placeholder = `\u0000file:${files.size}`;
            files.set(placeholder, new UploadedFile(name, info.filename, info.mimeType, Buffer.concat(chunks)));
            pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(placeholder)}`);
            resolve();
          });
        }),
      );
    });
    parser.on('fieldsLimit', () => fail(new HttpError(413, 'Too many fields.')));
    parser.on('error', () => fail(new HttpError(400, 'Malformed multipart body.')));
    parser.on('close', () => {
      Promise.all(pending).then(() => {
        if (failed) return;
        const body = parseQueryString(pairs.join('&'));
        req.body = replacePlaceholders(body, files);
        next();
      });
    });
    req.pipe(parser);
  };
}

function replacePlaceholders(value: unknown, files: Map<string, UploadedFile>): unknown {
  if (typeof value === 'string') return files.get(value) ?? value;
  if (Array.isArray(value)) return value.map((item) => replacePlaceholders(item, files));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replacePlaceholders(item, files)]));
  }
  return value;
}
