/**
 * Child process of bench/http.ts: a bare `node:http` server answering with the bytes captured from
 * Kawan (same status, content type and body): the Inertia JSON response to requests carrying
 * X-Inertia, the HTML first load to the others. It is the floor Kawan's figures are compared to.
 */
import { createServer, type OutgoingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CapturedResponse, ChildMessage, ParentMessage } from './protocol';

const send = (message: ChildMessage) => process.send?.(message);

interface Prepared {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

const prepare = (captured: CapturedResponse): Prepared => {
  const body = Buffer.from(captured.body, 'base64');
  return {
    status: captured.status,
    headers: { 'Content-Type': captured.contentType, 'Content-Length': body.length },
    body,
  };
};

let inertia: Prepared | undefined;
let html: Prepared | undefined;

const server = createServer((req, res) => {
  const answer = req.headers['x-inertia'] !== undefined ? inertia : html;
  if (!answer) {
    res.writeHead(503).end();
    return;
  }
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body);
});

const shutdown = () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 5000).unref();
};

process.on('message', (message: ParentMessage) => {
  if (message.type === 'serve') {
    inertia = prepare(message.inertia);
    html = prepare(message.html);
    server.listen(0, '127.0.0.1', () => {
      send({ type: 'ready', port: (server.address() as AddressInfo).port, notes: [] });
    });
  } else if (message.type === 'shutdown') {
    shutdown();
  }
});
process.on('disconnect', shutdown);
