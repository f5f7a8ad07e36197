import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import type { Logger } from '../../support/logger';
import type { AppRegistry, ResolvedApp } from '../apps';
import type { Connection, ConnectionPort } from '../protocol/connection';
import { ErrorCode, ErrorMessage } from '../protocol/errors';
import { frames } from '../protocol/frames';
import { protocolRefusal } from '../protocol/handshake';
import type { PusherProtocol } from '../protocol/pusher-protocol';
import { isOriginAllowed } from './origins';

export interface TransportOptions {
  apps: AppRegistry;
  protocol: PusherProtocol;
  logger: Logger;
  /** A socket whose unsent data exceeds this (bytes) is closed with 4100 (pusher-js backs off). */
  maxBufferedAmount: number;
}

const appPath = /^\/app\/([^/?]+)\/?$/;
/** Frames kept from a client that talks before its connection is counted and open. */
const maxEarlyFrames = 16;

/**
 * The `ws` side: upgrades `/app/{key}` (query protocol=7&client=…), refuses unknown keys (4001),
 * a protocol version other than 7 or none (4007; not a number: 4006), disallowed origins (4009)
 * with a pusher:error frame and the same close code, then hands the socket to the protocol core,
 * which counts it against the app's connection limit on every process (4004 beyond it). Messages over the app's maxMessageSize close the socket with 1009 (ws does it).
 */
export class WebSocketTransport {
  private readonly servers = new Map<number, WebSocketServer>();

  constructor(private readonly options: TransportOptions) {}

  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(request.url ?? '/', 'http://realtime.invalid');
    const match = appPath.exec(url.pathname);
    if (!match || request.method !== 'GET') {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    let key: string;
    try {
      key = decodeURIComponent(match[1]);
    } catch {
      key = match[1];
    }
    const app = this.options.apps.byKey(key);
    const server = this.serverFor(app?.maxMessageSize ?? 10_000);
    server.handleUpgrade(request, socket, head, (ws) => this.accept(ws, request, url, key, app));
  }

  close(): void {
    for (const server of this.servers.values()) server.close();
  }

  private accept(ws: WebSocket, request: IncomingMessage, url: URL, key: string, app: ResolvedApp | undefined): void {
    const { logger, protocol } = this.options;
    const origin = request.headers.origin;
    const ip = request.socket.remoteAddress;
    if (!app) {
      logger.warn({ key: key.slice(0, 64), ip, origin }, 'realtime connection refused: unknown app key');
      return refuse(ws, ErrorCode.ApplicationDoesNotExist, ErrorMessage.applicationDoesNotExist);
    }
    const version = url.searchParams.get('protocol');
    const badVersion = protocolRefusal(version);
    if (badVersion) {
      logger.warn(
        { appId: app.id, ip, origin, protocol: version?.slice(0, 16) ?? null },
        'realtime connection refused: unsupported protocol version',
      );
      return refuse(ws, badVersion.code, badVersion.message);
    }
    if (!isOriginAllowed(origin, app.allowedOrigins)) {
      logger.warn({ appId: app.id, ip, origin }, 'realtime connection refused: origin not allowed');
      return refuse(ws, ErrorCode.Unauthorized, ErrorMessage.originNotAllowed);
    }
    let closing = false;
    let closed = false;
    // Filled once connect() resolves: the port exists first because connect() sends through it.
    const bound: { connection?: Connection } = {};
    const port: ConnectionPort = {
      send: (frame) => {
        if (closing || ws.readyState !== WebSocket.OPEN) return;
        const connection = bound.connection;
        if (connection && ws.bufferedAmount > this.options.maxBufferedAmount) {
          // A frame would only queue behind the rest: close with 4100 (pusher-js backs off, then reconnects).
          logger.warn({ appId: app.id, socketId: connection.socketId }, 'realtime connection too slow: closed');
          closing = true;
          closeSoon(ws, ErrorCode.OverCapacity, ErrorMessage.bufferFull);
          void protocol.closed(connection);
          return;
        }
        ws.send(frame);
      },
      // The core has already sent the matching pusher:error frame.
      close: (code, reason) => {
        if (closing) return;
        closing = true;
        closeSoon(ws, code, reason);
      },
      ping: () => {
        if (!closing && ws.readyState === WebSocket.OPEN) ws.ping();
      },
    };

    // Frames that arrive while the connection is being counted are handled once it is open.
    const early: string[] = [];
    const receive = (text: string) => {
      const connection = bound.connection;
      if (connection) protocol.receive(connection, text);
      else if (early.length < maxEarlyFrames) early.push(text);
    };
    const opened = Date.now();
    ws.on('message', (data, isBinary) => {
      if (isBinary) {
        port.send(frames.error(ErrorCode.GenericReconnect, ErrorMessage.invalidMessage));
        return;
      }
      receive(data.toString());
    });
    ws.on('ping', () => bound.connection && protocol.touch(bound.connection));
    ws.on('pong', () => bound.connection && protocol.touch(bound.connection));
    ws.on('error', (error) => {
      logger.warn({ appId: app.id, socketId: bound.connection?.socketId, err: error }, 'realtime socket error');
    });
    ws.on('close', (code) => {
      closing = true;
      closed = true;
      const connection = bound.connection;
      if (!connection) return;
      logger.info(
        { appId: app.id, socketId: connection.socketId, code, seconds: Math.round((Date.now() - opened) / 1000) },
        'realtime connection closed',
      );
      void protocol.closed(connection);
    });

    void protocol
      .connect(app, port, { ip, origin })
      .then((connection) => {
        if (!connection) return;
        bound.connection = connection;
        if (closed) {
          // Gone while it was being counted: uncount it.
          void protocol.closed(connection);
          return;
        }
        logger.info({ appId: app.id, socketId: connection.socketId, ip, origin }, 'realtime connection opened');
        for (const text of early.splice(0)) protocol.receive(connection, text);
      })
      .catch((error: unknown) => {
        logger.error({ err: error, appId: app.id }, 'realtime connection failed to open');
        closeSoon(ws, ErrorCode.OverCapacity, ErrorMessage.overCapacity);
      });
  }

  private serverFor(maxPayload: number): WebSocketServer {
    let server = this.servers.get(maxPayload);
    if (!server) {
      server = new WebSocketServer({ noServer: true, perMessageDeflate: false, clientTracking: false, maxPayload });
      this.servers.set(maxPayload, server);
    }
    return server;
  }
}

/** Refusal during the handshake: pusher-js reads the frame as the handshake's answer. */
function refuse(ws: WebSocket, code: number, message: string): void {
  ws.send(frames.error(code, message));
  closeSoon(ws, code, message);
}

/** A close frame, and the TCP connection dropped if the peer does not answer it within 2 s. */
function closeSoon(ws: WebSocket, code: number, reason: string): void {
  ws.close(code, reason);
  setTimeout(() => ws.terminate(), 2_000).unref();
}
