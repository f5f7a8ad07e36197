import type { ResolvedApp } from '../apps';
import { channelType, isValidChannelName, isValidEventName, serverToUserPrefix } from '../protocol/channels';
import type { CachedEvent, ChannelCounts } from '../protocol/ports';
import type { PresenceMember } from '../protocol/presence';
import { isValidSocketId } from '../protocol/socket-id';
import { parseQuery, verifyRequest, type QueryParams } from './signing';

/**
 * The Pusher HTTP API (events, batch_events, channels, channel, users, terminate_connections, and
 * Reverb's connections) plus GET /up, as a pure function of (request, backend): no node:http here.
 */
export interface ApiBackend {
  app(id: string): ResolvedApp | undefined;
  publish(appId: string, channels: string[], event: string, data: string, except?: string): Promise<void>;
  channels(appId: string): Promise<Map<string, ChannelCounts>>;
  channel(appId: string, channel: string): Promise<ChannelCounts>;
  members(appId: string, channel: string): Promise<PresenceMember[]>;
  cache(appId: string, channel: string): Promise<CachedEvent | undefined>;
  terminate(appId: string, userId: string): Promise<void>;
  /** Every process, exactly (the count the connection limit is checked against). */
  connections(appId: string): Promise<number>;
  healthy(): boolean;
}

export interface ApiRequest {
  method: string;
  /** Path and query as received. */
  url: string;
  body: Buffer;
}

export interface ApiResponse {
  status: number;
  body: unknown;
}

export interface ApiOptions {
  /** Seconds auth_timestamp may differ from the server's clock (600, as Pusher). */
  timestampWindow: number;
  now?: () => number;
}

/** Pusher's limits: channels per event, events per batch. */
export const maxChannelsPerEvent = 100;
export const maxBatchSize = 10;

interface ValidEvent {
  name: string;
  data: string;
  channels: string[];
  socketId?: string;
  info: string[];
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function handleApiRequest(
  request: ApiRequest,
  backend: ApiBackend,
  options: ApiOptions,
): Promise<ApiResponse> {
  const queryAt = request.url.indexOf('?');
  const rawPath = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
  const params = parseQuery(queryAt === -1 ? '' : request.url.slice(queryAt + 1));
  const method = request.method.toUpperCase();

  if (rawPath === '/up') {
    if (method !== 'GET' && method !== 'HEAD') return error(405, 'Method not allowed');
    return backend.healthy()
      ? { status: 200, body: { health: 'OK' } }
      : { status: 503, body: { health: 'Unavailable', error: 'Redis is not reachable' } };
  }

  const segments = rawPath.split('/').slice(1).map(decodeSegment);
  if (segments[0] !== 'apps' || segments.length < 3 || segments.some((segment) => segment === null)) {
    return error(404, 'Not found');
  }
  const [, appId, resource, ...rest] = segments as string[];
  const app = backend.app(appId);
  if (!app) return error(404, `No matching application for ID [${appId}].`);

  const now = Math.floor((options.now ?? Date.now)() / 1000);
  const verified = verifyRequest(app, { method, rawPath, params, body: request.body }, now, options.timestampWindow);
  if (!verified.ok) return error(401, `Authentication signature invalid: ${verified.reason}`);

  try {
    const route = `${method} ${resource}${rest.length > 0 ? `/${rest.map((_, index) => `{${index}}`).join('/')}` : ''}`;
    switch (route) {
      case 'POST events':
        return await triggerEvent(app, backend, parseBody(request.body));
      case 'POST batch_events':
        return await triggerBatch(app, backend, parseBody(request.body));
      case 'GET channels':
        return await listChannels(app, backend, params);
      case 'GET channels/{0}':
        return await showChannel(app, backend, rest[0], params);
      case 'GET channels/{0}/{1}':
        if (rest[1] !== 'users') break;
        return await channelUsers(app, backend, rest[0]);
      case 'POST users/{0}/{1}':
        if (rest[1] !== 'terminate_connections') break;
        await backend.terminate(app.id, rest[0]);
        return { status: 200, body: {} };
      case 'GET connections':
        return { status: 200, body: { connections: await backend.connections(app.id) } };
    }
    return error(404, 'Not found');
  } catch (caught) {
    if (caught instanceof ApiError) return error(caught.status, caught.message);
    throw caught;
  }
}

async function triggerEvent(
  app: ResolvedApp,
  backend: ApiBackend,
  body: Record<string, unknown>,
): Promise<ApiResponse> {
  const event = validateEvent(app, body, true);
  await backend.publish(app.id, event.channels, event.name, event.data, event.socketId);
  if (event.info.length === 0) return { status: 200, body: {} };
  return { status: 200, body: { channels: await channelAttributes(app, backend, event.channels, event.info) } };
}

async function triggerBatch(
  app: ResolvedApp,
  backend: ApiBackend,
  body: Record<string, unknown>,
): Promise<ApiResponse> {
  const batch = body.batch;
  if (!Array.isArray(batch)) throw new ApiError(400, 'batch must be an array of events');
  if (batch.length > maxBatchSize) throw new ApiError(400, `Batch too large: at most ${maxBatchSize} events`);
  // Every event is checked before any is published: a bad batch delivers nothing.
  const events = batch.map((item) => validateEvent(app, isRecord(item) ? item : {}, false));
  for (const event of events) await backend.publish(app.id, event.channels, event.name, event.data, event.socketId);
  if (events.every((event) => event.info.length === 0)) return { status: 200, body: {} };
  const results = [];
  for (const event of events) {
    const channel = event.channels[0];
    results.push(
      event.info.length === 0 ? {} : (await channelAttributes(app, backend, [channel], event.info))[channel],
    );
  }
  return { status: 200, body: { batch: results } };
}

async function listChannels(app: ResolvedApp, backend: ApiBackend, params: QueryParams): Promise<ApiResponse> {
  const prefix = params.filter_by_prefix ?? '';
  const info = infoList(params.info);
  if (info.includes('user_count') && !prefix.startsWith('presence-')) {
    throw new ApiError(400, 'info=user_count requires filter_by_prefix=presence-');
  }
  const channels: Record<string, Record<string, number>> = {};
  for (const [name, counts] of await backend.channels(app.id)) {
    if (counts.subscriptionCount <= 0 || name.startsWith(serverToUserPrefix) || !name.startsWith(prefix)) continue;
    channels[name] = attributes(name, counts, info);
  }
  return { status: 200, body: { channels } };
}

async function showChannel(
  app: ResolvedApp,
  backend: ApiBackend,
  channel: string,
  params: QueryParams,
): Promise<ApiResponse> {
  if (!isValidChannelName(channel)) throw new ApiError(400, 'Invalid channel name');
  const info = infoList(params.info);
  const counts = await backend.channel(app.id, channel);
  const body: Record<string, unknown> = {
    occupied: counts.subscriptionCount > 0,
    ...attributes(channel, counts, info),
  };
  if (info.includes('cache') && channelType(channel).cache) {
    const cached = await backend.cache(app.id, channel);
    if (cached) {
      const frame = JSON.parse(cached.frame) as { event: string; data: unknown };
      body.cache = { event: frame.event, data: frame.data, ttl: cached.ttl };
    }
  }
  return { status: 200, body };
}

async function channelUsers(app: ResolvedApp, backend: ApiBackend, channel: string): Promise<ApiResponse> {
  if (!isValidChannelName(channel)) throw new ApiError(400, 'Invalid channel name');
  if (channelType(channel).kind !== 'presence') throw new ApiError(400, 'Users are listed for presence channels only');
  const members = await backend.members(app.id, channel);
  return { status: 200, body: { users: members.map((member) => ({ id: member.user_id })) } };
}

function validateEvent(app: ResolvedApp, body: Record<string, unknown>, allowChannelList: boolean): ValidEvent {
  const { name, data } = body;
  if (!isValidEventName(name)) throw new ApiError(400, 'name must be a string of 1 to 200 characters');
  if (typeof data !== 'string') throw new ApiError(400, 'data must be a string');
  let channels: unknown[];
  if (allowChannelList && body.channels !== undefined) {
    if (!Array.isArray(body.channels)) throw new ApiError(400, 'channels must be an array');
    channels = body.channels;
  } else if (body.channel !== undefined) {
    channels = [body.channel];
  } else {
    throw new ApiError(400, allowChannelList ? 'channels or channel is required' : 'channel is required');
  }
  if (channels.length === 0) throw new ApiError(400, 'channels must not be empty');
  if (channels.length > maxChannelsPerEvent)
    throw new ApiError(400, `At most ${maxChannelsPerEvent} channels per event`);
  for (const channel of channels) {
    if (!isValidChannelName(channel)) throw new ApiError(400, `Invalid channel name: ${String(channel).slice(0, 210)}`);
  }
  const socketId = body.socket_id;
  if (socketId !== undefined && socketId !== null && !isValidSocketId(socketId)) {
    throw new ApiError(400, 'Invalid socket_id');
  }
  if (body.info !== undefined && typeof body.info !== 'string') throw new ApiError(400, 'info must be a string');
  if (Buffer.byteLength(data, 'utf8') > app.maxEventPayload) {
    throw new ApiError(413, `Event data too large: at most ${app.maxEventPayload} bytes`);
  }
  return {
    name,
    data,
    channels: [...new Set(channels as string[])],
    socketId: typeof socketId === 'string' ? socketId : undefined,
    info: infoList(body.info as string | undefined),
  };
}

async function channelAttributes(
  app: ResolvedApp,
  backend: ApiBackend,
  channels: string[],
  info: string[],
): Promise<Record<string, Record<string, number>>> {
  const result: Record<string, Record<string, number>> = {};
  for (const channel of channels) result[channel] = attributes(channel, await backend.channel(app.id, channel), info);
  return result;
}

/** user_count for presence channels, subscription_count for any channel, when asked for. */
function attributes(channel: string, counts: ChannelCounts, info: string[]): Record<string, number> {
  const result: Record<string, number> = {};
  if (info.includes('user_count') && channelType(channel).kind === 'presence')
    result.user_count = counts.userCount ?? 0;
  if (info.includes('subscription_count')) result.subscription_count = counts.subscriptionCount;
  return result;
}

function infoList(info: string | undefined): string[] {
  return (info ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function parseBody(body: Buffer): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    throw new ApiError(400, 'The body must be JSON');
  }
  if (!isRecord(value)) throw new ApiError(400, 'The body must be a JSON object');
  return value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

function error(status: number, message: string): ApiResponse {
  return { status, body: { error: message } };
}
