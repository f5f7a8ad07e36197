/**
 * Child process of bench/realtime.ts: the floor Kawan is compared to, a bare `ws` broadcast server.
 * It speaks just enough of the protocol for the same load generator (connection_established,
 * subscribe → subscription_succeeded, ping → pong) and takes publishes as an unsigned
 * POST /publish {name, channel, data}: the frame is serialized once, then one ws.send per socket.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { serveProbes, type ChildMessage } from './realtime-child';

const channels = new Map<string, Set<WebSocket>>();
let connections = 0;
let nextId = 1;

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    if (request.method === 'POST' && request.url === '/publish') {
      const { name, channel, data } = JSON.parse(Buffer.concat(chunks).toString()) as Record<string, string>;
      const frame = JSON.stringify({ event: name, channel, data });
      for (const socket of channels.get(channel) ?? []) socket.send(frame);
      response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': 2 });
      response.end('{}');
      return;
    }
    response.writeHead(404);
    response.end();
  });
});

const wss = new WebSocketServer({ server, perMessageDeflate: false, maxPayload: 10_000 });
wss.on('connection', (socket) => {
  connections++;
  const subscribed = new Set<string>();
  const socketId = `${nextId++}.${Math.floor(Math.random() * 1e9)}`;
  socket.send(
    JSON.stringify({
      event: 'pusher:connection_established',
      data: JSON.stringify({ socket_id: socketId, activity_timeout: 30 }),
    }),
  );
  socket.on('message', (raw) => {
    const message = JSON.parse(raw.toString()) as { event: string; data?: { channel?: string } };
    if (message.event === 'pusher:subscribe' && message.data?.channel) {
      const channel = message.data.channel;
      let set = channels.get(channel);
      if (!set) channels.set(channel, (set = new Set()));
      set.add(socket);
      subscribed.add(channel);
      socket.send(JSON.stringify({ event: 'pusher_internal:subscription_succeeded', channel, data: '{}' }));
    } else if (message.event === 'pusher:ping') {
      socket.send('{"event":"pusher:pong","data":"{}"}');
    }
  });
  socket.on('close', () => {
    connections--;
    for (const channel of subscribed) {
      const set = channels.get(channel);
      set?.delete(socket);
      if (set?.size === 0) channels.delete(channel);
    }
  });
});

server.listen(0, '127.0.0.1', () => {
  serveProbes(
    () => connections,
    () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        server.close(() => resolve());
      }),
  );
  process.send?.({ type: 'ready', port: (server.address() as AddressInfo).port } satisfies ChildMessage);
});
