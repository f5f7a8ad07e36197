/**
 * Child process of bench/http.ts: a bare Express 5 app answering each scenario with the bytes
 * captured from Kawan. One route per scenario, declared as Kawan's router would match it (method
 * and path pattern, `/teams/:team`), whose handler answers when the X-Bench-Scenario header names
 * its scenario (and passes otherwise) with `res.status().type().set().send()`: status, content
 * type, Location when present, body.
 *
 * No middleware at all (no body parser, session or logger): this is Express's own cost per request,
 * the ceiling Kawan can reach without leaving Express. Like Kawan's kernel it turns off
 * `x-powered-by` and ETags (computing an ETag hashes every body).
 */
import express from 'express';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { scenarioHeader, type ChildMessage, type ParentMessage, type ReplayRoute } from './protocol';

const send = (message: ChildMessage) => process.send?.(message);

const app = express();
app.disable('x-powered-by');
app.set('etag', false);

function addRoute({ key, method, route, response }: ReplayRoute) {
  const body = Buffer.from(response.body, 'base64');
  const handler: express.RequestHandler = (req, res, next) => {
    if (req.get(scenarioHeader) !== key) return next();
    res.status(response.status).type(response.contentType);
    if (response.location !== undefined) res.set('Location', response.location);
    res.send(body);
  };
  switch (method) {
    case 'GET':
      app.get(route, handler);
      break;
    case 'PUT':
      app.put(route, handler);
      break;
    case 'POST':
      app.post(route, handler);
      break;
    default:
      throw new Error(`express-baseline: no route method for ${method}`);
  }
}

let server: Server | undefined;

const shutdown = () => {
  if (!server) process.exit(0);
  server.closeAllConnections();
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 5000).unref();
};

process.on('message', (message: ParentMessage) => {
  if (message.type === 'serve') {
    try {
      message.routes.forEach(addRoute);
    } catch (error) {
      send({ type: 'failed', error: error instanceof Error ? error.message : String(error) });
      return;
    }
    const listening = app.listen(0, '127.0.0.1', () => {
      send({ type: 'ready', port: (listening.address() as AddressInfo).port, notes: [] });
    });
    server = listening;
  } else if (message.type === 'shutdown') {
    shutdown();
  }
});
process.on('disconnect', shutdown);
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
