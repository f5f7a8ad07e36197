import type { Logger } from '../../support/logger';
import type { ResolvedApp } from '../apps';
import {
  channelNameProblem,
  channelType,
  isValidEventName,
  needsSignature,
  serverToUserChannel,
  userIdOfChannel,
} from './channels';
import { Connection, type ConnectionMeta, type ConnectionPort, type Subscription } from './connection';
import { ErrorCode, ErrorMessage } from './errors';
import { frames, messageData, parseClientMessage, type ClientMessage } from './frames';
import type { AddConnectionOutcome, Bus, BusMessage, SharedState } from './ports';
import {
  memberAddedData,
  memberKey,
  memberRemovedData,
  parseChannelData,
  presencePayload,
  type JoinOutcome,
  type PresenceMember,
} from './presence';
import { channelSignatureString, userSignatureString, verifyAuthToken } from './signatures';
import { generateSocketId } from './socket-id';

export interface ProtocolOptions {
  /** Seconds announced in connection_established; the server pings a connection silent that long. */
  activityTimeout: number;
  /** Seconds a pinged connection has to show any sign of life before it is closed with 4201. */
  pongTimeout: number;
  /** Seconds a cache channel remembers its last event. */
  cacheTtl: number;
}

/**
 * The Pusher protocol 7 server core: connection state, subscriptions (signatures, presence, cache),
 * client events, sign-in, fan-out to this process's connections, keep-alive and pruning. It never
 * touches a socket (ConnectionPort) nor Redis (SharedState, Bus), so it is tested with fakes.
 *
 * Each connection's messages are handled one after the other (Connection.enqueue), because
 * subscribing waits on the shared state; delivery to sockets is synchronous.
 */
export class PusherProtocol {
  private readonly connections = new Map<string, Connection>();
  private readonly perApp = new Map<string, number>();
  /** Socket ids drawn for connections still being counted (not in `connections` yet). */
  private readonly opening = new Set<string>();
  /** appId → channel → this process's subscribed connections (pending ones included). */
  private readonly subscribers = new Map<string, Map<string, Set<Connection>>>();

  constructor(
    private readonly state: SharedState,
    private readonly bus: Bus,
    private readonly logger: Logger,
    private readonly options: ProtocolOptions,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * A new socket: draws a socket id and counts the connection against the app's limit, atomically
   * and on every process together (SharedState.addConnection), then sends
   * pusher:connection_established. Over the limit it gets 4004 (frame and close code) and no
   * connection; when the shared count cannot be reached, 4100 (pusher-js retries after a back-off).
   * A socket that closed meanwhile must still be handed to closed(), which uncounts it.
   */
  async connect(app: ResolvedApp, port: ConnectionPort, meta: ConnectionMeta = {}): Promise<Connection | undefined> {
    let socketId = '';
    let outcome: AddConnectionOutcome = 'taken';
    try {
      for (let attempt = 0; outcome === 'taken' && attempt < 5; attempt++) {
        socketId = generateSocketId((id) => this.connections.has(id) || this.opening.has(id));
        this.opening.add(socketId);
        try {
          outcome = await this.state.addConnection(app.id, socketId, app.maxConnections);
        } catch (error) {
          // The count may have been taken before the reply was lost: give it back if it was.
          void this.state.removeConnection(app.id, socketId).catch(() => undefined);
          throw error;
        } finally {
          this.opening.delete(socketId);
        }
      }
      // Five ids in a row counted elsewhere: those are other connections', never to be removed here.
      if (outcome === 'taken') throw new Error('No free socket id after 5 draws');
    } catch (error) {
      this.logger.error({ err: error, appId: app.id }, 'realtime connection refused: the connection count failed');
      port.send(frames.error(ErrorCode.OverCapacity, ErrorMessage.overCapacity));
      port.close(ErrorCode.OverCapacity, ErrorMessage.overCapacity);
      return undefined;
    }
    if (outcome === 'full') {
      this.logger.warn(
        { appId: app.id, ip: meta.ip, max: app.maxConnections },
        'realtime connection refused: over connection quota',
      );
      port.send(frames.error(ErrorCode.OverConnectionQuota, ErrorMessage.overQuota));
      port.close(ErrorCode.OverConnectionQuota, ErrorMessage.overQuota);
      return undefined;
    }
    const connection = new Connection(socketId, app, port, this.now(), meta);
    this.connections.set(socketId, connection);
    this.perApp.set(app.id, (this.perApp.get(app.id) ?? 0) + 1);
    port.send(frames.connectionEstablished(socketId, this.options.activityTimeout));
    return connection;
  }

  /** A text frame from the client. */
  receive(connection: Connection, text: string): void {
    if (connection.closed) return;
    connection.touch(this.now());
    void connection.enqueue(
      () => this.handle(connection, text),
      (error) => this.failed(connection, error),
    );
  }

  /** Any other sign of life (ping or pong control frame). */
  touch(connection: Connection): void {
    connection.touch(this.now());
  }

  /** The socket is gone: stop delivering now, then leave every channel (after pending work). */
  closed(connection: Connection): Promise<void> {
    if (connection.closed) return connection.drained();
    connection.closed = true;
    this.connections.delete(connection.socketId);
    const count = (this.perApp.get(connection.app.id) ?? 1) - 1;
    if (count > 0) this.perApp.set(connection.app.id, count);
    else this.perApp.delete(connection.app.id);
    for (const channel of connection.subscriptions.keys()) this.removeSubscriber(connection, channel);
    return connection.enqueue(
      async () => {
        const subscriptions = [...connection.subscriptions.values()];
        connection.subscriptions.clear();
        await Promise.all([
          this.state.removeConnection(connection.app.id, connection.socketId),
          ...subscriptions.map((subscription) => this.leaveShared(connection, subscription)),
        ]);
      },
      (error) => this.failed(connection, error),
    );
  }

  /** Server-initiated close: a pusher:error frame, the same close code, and the cleanup. */
  disconnect(connection: Connection, code: number, message: string): Promise<void> {
    if (connection.closed) return connection.drained();
    connection.port.send(frames.error(code, message));
    connection.port.close(code, message);
    return this.closed(connection);
  }

  /** Closes every connection (shutdown: 4200, pusher-js reconnects) and waits for their cleanup. */
  async closeAll(code: number, message: string): Promise<void> {
    await Promise.all([...this.connections.values()].map((connection) => this.disconnect(connection, code, message)));
  }

  /** Connections this process holds for the app (SharedState.connectionCount counts every process). */
  connectionCount(appId: string): number {
    return this.perApp.get(appId) ?? 0;
  }

  connectionCounts(): Record<string, number> {
    return Object.fromEntries(this.perApp);
  }

  /** Publishes a server event (HTTP API or in-process): remembered on cache channels, then fanned out. */
  async publish(appId: string, channels: string[], event: string, data: string, except?: string): Promise<void> {
    const cached = channels.filter((channel) => channelType(channel).cache);
    if (cached.length > 0) {
      await Promise.all(
        cached.map((channel) =>
          this.state.setCache(appId, channel, frames.event(event, channel, data), this.options.cacheTtl),
        ),
      );
    }
    await this.bus.publish({ type: 'event', appId, channels, event, data, except });
  }

  /** Closes every connection of the user (signed in as them, or a presence member as them) everywhere. */
  terminateUser(appId: string, userId: string): Promise<void> {
    return this.bus.publish({ type: 'terminate', appId, userId });
  }

  /** A bus message for this process: fan-out to local subscribers, or a termination. */
  deliver(message: BusMessage): void {
    if (message.type === 'terminate') {
      this.terminateLocal(message.appId, message.userId);
      return;
    }
    const channels = this.subscribers.get(message.appId);
    if (!channels) return;
    for (const channel of message.channels) {
      const connections = channels.get(channel);
      if (!connections) continue;
      let frame: string | undefined;
      for (const connection of connections) {
        if (connection.socketId === message.except) continue;
        frame ??= frames.event(message.event, channel, message.data, message.userId);
        const subscription = connection.subscriptions.get(channel);
        if (subscription?.pending) subscription.buffer.push(frame);
        else connection.send(frame);
      }
    }
  }

  /**
   * Keep-alive, run every few seconds: a connection silent for activityTimeout gets a pusher:ping and
   * a ping frame; still silent pongTimeout later, it is closed with 4201 (pusher-js reconnects).
   */
  sweep(): void {
    const now = this.now();
    const activity = this.options.activityTimeout * 1000;
    const pong = this.options.pongTimeout * 1000;
    for (const connection of this.connections.values()) {
      if (connection.pingedAt !== undefined) {
        if (now - connection.pingedAt >= pong) {
          this.logger.info(
            { appId: connection.app.id, socketId: connection.socketId },
            'realtime connection pruned (no pong)',
          );
          void this.disconnect(connection, ErrorCode.PongNotReceived, ErrorMessage.pongNotReceived);
        }
      } else if (now - connection.lastSeen >= activity) {
        connection.pingedAt = now;
        connection.port.send(frames.ping);
        connection.port.ping();
      }
    }
  }

  /** After this process's shared state was reaped (presumed dead): count every connection and
   * subscription again. */
  async rejoin(): Promise<void> {
    // Taken and sent at once: a connection closing later is uncounted after this, in order.
    const live = [...this.connections.values()];
    await this.state.restoreConnections(
      live.map((connection) => ({ appId: connection.app.id, socketId: connection.socketId })),
    );
    const work = live.map((connection) =>
      connection.enqueue(
        async () => {
          for (const subscription of connection.subscriptions.values()) {
            if (subscription.pending || connection.closed) continue;
            const { app } = connection;
            if (subscription.member) {
              const joined = await this.state.join(app.id, subscription.channel, subscription.member, Infinity);
              if (joined.first) await this.announce(connection, subscription.channel, 'added', subscription.member);
            } else {
              await this.state.subscribe(app.id, subscription.channel);
            }
          }
        },
        (error) => this.failed(connection, error),
      ),
    );
    await Promise.all(work);
  }

  private async handle(connection: Connection, text: string): Promise<void> {
    if (connection.closed) return;
    const message = parseClientMessage(text);
    if (!message) {
      connection.send(frames.error(ErrorCode.GenericReconnect, ErrorMessage.invalidMessage));
      return;
    }
    switch (message.event) {
      case 'pusher:ping':
        connection.send(frames.pong);
        return;
      case 'pusher:pong':
        return;
      case 'pusher:subscribe':
        return this.subscribe(connection, messageData(message.data));
      case 'pusher:unsubscribe':
        return this.unsubscribe(connection, messageData(message.data).channel);
      case 'pusher:signin':
        return this.signin(connection, messageData(message.data));
    }
    if (message.event.startsWith('client-')) return this.clientEvent(connection, message);
    if (message.event.startsWith('pusher:') || message.event.startsWith('pusher_internal:')) {
      connection.send(frames.error(ErrorCode.GenericReconnect, ErrorMessage.invalidMessage));
    }
    // Any other event name is ignored, as Pusher and Reverb do.
  }

  private async subscribe(connection: Connection, data: Record<string, unknown>): Promise<void> {
    const { app } = connection;
    const channel = data.channel;
    const problem = channelNameProblem(channel);
    if (problem !== undefined || typeof channel !== 'string') {
      const reason = problem ?? 'A channel name is required';
      connection.send(frames.error(null, reason));
      // The name exactly as sent (bounded by the message size), so that pusher-js routes the error to it.
      if (typeof channel === 'string' && channel.length > 0) {
        connection.send(frames.subscriptionError(channel, 'InvalidChannel', reason, 400));
      }
      return;
    }
    if (!connection.subscriptions.has(channel) && connection.subscriptions.size >= app.maxChannelsPerConnection) {
      // Pending subscriptions count too, so a burst of subscribes cannot overshoot.
      const message = `The connection is subscribed to the maximum of ${app.maxChannelsPerConnection} channels`;
      connection.send(frames.error(null, message));
      connection.send(frames.subscriptionError(channel, 'LimitReached', message, ErrorCode.OverCapacity));
      return;
    }
    const type = channelType(channel);
    let member: PresenceMember | undefined;
    if (type.kind === 'user') {
      if (connection.user?.id !== userIdOfChannel(channel)) {
        return this.refuse(connection, channel, 'The connection is not signed in as this user');
      }
    } else if (needsSignature(type)) {
      const channelData = type.kind === 'presence' ? data.channel_data : undefined;
      if (type.kind === 'presence' && typeof channelData !== 'string') return this.refuse(connection, channel);
      const signed = channelSignatureString(connection.socketId, channel, channelData as string | undefined);
      if (!verifyAuthToken(app, signed, data.auth)) return this.refuse(connection, channel);
      if (type.kind === 'presence') {
        member = parseChannelData(channelData) ?? undefined;
        if (!member) return this.refuse(connection, channel, 'Invalid channel_data: a user_id is required');
      }
    }

    if (connection.subscriptions.has(channel)) {
      // pusher-js never subscribes twice; confirm again without counting anything twice (Reverb).
      const payload = type.kind === 'presence' ? presencePayload(await this.state.members(app.id, channel)) : '{}';
      connection.send(frames.subscriptionSucceeded(channel, payload));
      return;
    }

    const subscription: Subscription = { channel, type, member, pending: true, buffer: [] };
    connection.subscriptions.set(channel, subscription);
    this.addSubscriber(connection, channel);
    let joined: JoinOutcome | undefined;
    let cached: Awaited<ReturnType<SharedState['getCache']>>;
    try {
      [joined, cached] = await Promise.all([
        member
          ? this.state.join(app.id, channel, member, app.maxPresenceMembers)
          : this.state.subscribe(app.id, channel).then(() => undefined),
        type.cache ? this.state.getCache(app.id, channel) : Promise.resolve(undefined),
      ]);
    } catch (error) {
      this.dropSubscription(connection, channel);
      connection.send(frames.subscriptionError(channel, 'ServerError', 'The subscription could not be recorded', 500));
      throw error;
    }
    if (joined && !joined.accepted) {
      this.dropSubscription(connection, channel);
      const message = `The presence channel is full (${app.maxPresenceMembers} members)`;
      connection.send(frames.error(null, message));
      connection.send(frames.subscriptionError(channel, 'LimitReached', message, ErrorCode.OverCapacity));
      return;
    }
    // Closed meanwhile: the close task, queued behind this one, leaves the channel.
    if (connection.closed) return;

    connection.send(frames.subscriptionSucceeded(channel, joined ? presencePayload(joined.members) : '{}'));
    if (type.cache) connection.send(cached ? cached.frame : frames.cacheMiss(channel));
    subscription.pending = false;
    for (const frame of subscription.buffer) connection.send(frame);
    subscription.buffer = [];
    if (member && joined?.first) await this.announce(connection, channel, 'added', member);
  }

  private async unsubscribe(connection: Connection, channel: unknown): Promise<void> {
    if (typeof channel !== 'string') return;
    const subscription = connection.subscriptions.get(channel);
    if (!subscription) return;
    this.dropSubscription(connection, channel);
    await this.leaveShared(connection, subscription);
  }

  private async signin(connection: Connection, data: Record<string, unknown>): Promise<void> {
    const userData = data.user_data;
    if (
      typeof userData !== 'string' ||
      !verifyAuthToken(connection.app, userSignatureString(connection.socketId, userData), data.auth)
    ) {
      connection.send(frames.error(ErrorCode.Unauthorized, ErrorMessage.unauthorized));
      return;
    }
    let id: unknown;
    try {
      id = (JSON.parse(userData) as Record<string, unknown> | null)?.id;
    } catch {
      id = undefined;
    }
    if (typeof id !== 'string' || id.length === 0) {
      connection.send(frames.error(ErrorCode.Unauthorized, 'Invalid user data: a string id is required'));
      return;
    }
    const previous = connection.user;
    connection.user = { id, data: userData };
    if (previous && previous.id !== id) await this.unsubscribe(connection, serverToUserChannel(previous.id));
    connection.send(frames.signinSuccess(userData));
  }

  private async clientEvent(connection: Connection, message: ClientMessage): Promise<void> {
    const { app } = connection;
    if (app.clientEvents === 'none') {
      connection.send(frames.error(ErrorCode.ClientEventRejected, ErrorMessage.clientEventsDisabled));
      return;
    }
    if (!connection.clientEvents.take(this.now())) {
      connection.send(frames.error(ErrorCode.ClientEventRejected, ErrorMessage.clientEventRateLimit));
      return;
    }
    const channel = message.channel;
    if (!isValidEventName(message.event)) {
      connection.send(frames.error(ErrorCode.ClientEventRejected, ErrorMessage.clientEventNameTooLong));
      return;
    }
    if (channel === undefined) {
      connection.send(frames.error(ErrorCode.ClientEventRejected, ErrorMessage.clientEventChannel));
      return;
    }
    const type = channelType(channel);
    if (type.kind === 'encrypted') {
      connection.send(frames.error(null, ErrorMessage.clientEventEncryptedChannel));
      return;
    }
    if (type.kind === 'user' || (type.kind === 'public' && app.clientEvents !== 'all')) {
      connection.send(frames.error(null, ErrorMessage.clientEventPublicChannel));
      return;
    }
    const subscription = connection.subscriptions.get(channel);
    if (!subscription || subscription.pending) {
      connection.send(frames.error(ErrorCode.Unauthorized, ErrorMessage.clientEventNotMember));
      return;
    }
    await this.bus.publish({
      type: 'event',
      appId: app.id,
      channels: [channel],
      event: message.event,
      data: message.data,
      except: connection.socketId,
      userId: subscription.member?.user_id,
    });
  }

  /** Refused subscription: Reverb's pusher:error 4009, then a channel-scoped error for Echo's .error(). */
  private refuse(connection: Connection, channel: string, reason?: string): void {
    connection.send(frames.error(ErrorCode.Unauthorized, ErrorMessage.unauthorized));
    connection.send(frames.subscriptionError(channel, 'AuthError', reason ?? 'The connection is unauthorized', 401));
  }

  private async leaveShared(connection: Connection, subscription: Subscription): Promise<void> {
    const appId = connection.app.id;
    if (subscription.member) {
      const left = await this.state.leave(appId, subscription.channel, memberKey(subscription.member));
      if (left.removed) await this.announce(connection, subscription.channel, 'removed', left.removed);
    } else {
      await this.state.unsubscribe(appId, subscription.channel);
    }
  }

  /** member_added / member_removed to the channel's other subscribers, on every process. */
  private announce(
    connection: Connection,
    channel: string,
    change: 'added' | 'removed',
    member: PresenceMember,
  ): Promise<void> {
    return this.bus.publish({
      type: 'event',
      appId: connection.app.id,
      channels: [channel],
      event: change === 'added' ? 'pusher_internal:member_added' : 'pusher_internal:member_removed',
      data: change === 'added' ? memberAddedData(member) : memberRemovedData(member),
      except: connection.socketId,
    });
  }

  private terminateLocal(appId: string, userId: string): void {
    for (const connection of this.connections.values()) {
      if (connection.app.id !== appId) continue;
      const asMember = [...connection.subscriptions.values()].some(
        (subscription) => subscription.member && memberKey(subscription.member) === userId,
      );
      if (connection.user?.id === userId || asMember) {
        this.logger.info({ appId, socketId: connection.socketId, userId }, 'realtime connection terminated');
        void this.disconnect(connection, ErrorCode.Unauthorized, ErrorMessage.terminated);
      }
    }
  }

  private addSubscriber(connection: Connection, channel: string): void {
    let channels = this.subscribers.get(connection.app.id);
    if (!channels) {
      channels = new Map();
      this.subscribers.set(connection.app.id, channels);
    }
    let set = channels.get(channel);
    if (!set) {
      set = new Set();
      channels.set(channel, set);
    }
    set.add(connection);
  }

  private removeSubscriber(connection: Connection, channel: string): void {
    const channels = this.subscribers.get(connection.app.id);
    const set = channels?.get(channel);
    if (!channels || !set) return;
    set.delete(connection);
    if (set.size === 0) channels.delete(channel);
    if (channels.size === 0) this.subscribers.delete(connection.app.id);
  }

  private dropSubscription(connection: Connection, channel: string): void {
    connection.subscriptions.delete(channel);
    this.removeSubscriber(connection, channel);
  }

  private failed(connection: Connection, error: unknown): void {
    this.logger.error(
      { err: error, appId: connection.app.id, socketId: connection.socketId },
      'realtime message handling failed',
    );
  }
}
