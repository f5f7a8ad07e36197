/**
 * Child process of bench/http.ts: a bare `node:http` server answering each scenario with the bytes
 * captured from Kawan (same status, content type, Location when present, body), picked by the
 * X-Bench-Scenario request header. It is the floor Kawan's and Express's figures are compared to.
 */
import { createServer, type OutgoingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { scenarioHeader, type CapturedResponse, type ChildMessage, type ParentMessage } from './protocol';

const send = (message: ChildMessage) => process.send?.(message);

interface Prepared {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

const prepare = (captured: CapturedResponse): Prepared => {
  const body = Buffer.from(captured.body, 'base64');
  const headers: OutgoingHttpHeaders = { 'Content-Type': captured.contentType, 'Content-Length': body.length };
  if (captured.location !== undefined) headers.Location = captured.location;
  return { status: captured.status, headers, body };
};

const header = scenarioHeader.toLowerCase();
const answers = new Map<string, Prepared>();

const server = createServer((req, res) => {
  const answer = answers.get(req.headers[header] as string);
  if (!answer) {
    res.writeHead(404).end();
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
    for (const route of message.routes) answers.set(route.key, prepare(route.response));
    server.listen(0, '127.0.0.1', () => {
      send({ type: 'ready', port: (server.address() as AddressInfo).port, notes: [] });
    });
  } else if (message.type === 'shutdown') {
    shutdown();
  }
});
process.on('disconnect', shutdown);
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
