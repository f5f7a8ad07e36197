import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../../support/logger';
import { handleApiRequest, type ApiBackend, type ApiOptions } from './api';

export interface ApiListenerOptions extends ApiOptions {
  /** Largest request body, in bytes → 413. */
  maxRequestSize: number;
  logger: Logger;
}

/** node:http glue for handleApiRequest: reads the body (bounded), writes the JSON answer. */
export function apiRequestListener(backend: ApiBackend, options: ApiListenerOptions) {
  return (request: IncomingMessage, response: ServerResponse): void => {
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > options.maxRequestSize) {
      refused = true;
      send(response, 413, { error: `Payload too large: at most ${options.maxRequestSize} bytes` }, true);
      request.resume();
      return;
    }
    request.on('data', (chunk: Buffer) => {
      if (refused) return;
      size += chunk.length;
      if (size > options.maxRequestSize) {
        refused = true;
        send(response, 413, { error: `Payload too large: at most ${options.maxRequestSize} bytes` }, true);
        return;
      }
      chunks.push(chunk);
    });
    request.on('error', () => {
      refused = true;
    });
    request.on('end', () => {
      if (refused) return;
      handleApiRequest(
        { method: request.method ?? 'GET', url: request.url ?? '/', body: Buffer.concat(chunks) },
        backend,
        options,
      )
        .then((answer) => {
          if (answer.status >= 400 && answer.status !== 404) {
            options.logger.warn(
              { status: answer.status, url: request.url?.split('?')[0], body: answer.body },
              'realtime api refused a request',
            );
          }
          send(response, answer.status, answer.body, false, request.method === 'HEAD');
        })
        .catch((error: unknown) => {
          options.logger.error({ err: error, url: request.url?.split('?')[0] }, 'realtime api request failed');
          send(response, 500, { error: 'Internal server error' });
        });
    });
  };
}

function send(response: ServerResponse, status: number, body: unknown, close = false, head = false): void {
  if (response.headersSent) return;
  const json = JSON.stringify(body);
  response.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(json),
    ...(close ? { Connection: 'close' } : {}),
  });
  response.end(head ? undefined : json);
}
