/** What a channel name's prefix says about it (dash-exact prefixes, unlike Reverb). */
export type ChannelKind = 'public' | 'private' | 'encrypted' | 'presence' | 'user';

export interface ChannelType {
  kind: ChannelKind;
  /** cache-, private-cache-, private-encrypted-cache-, presence-cache-: the last event is replayed. */
  cache: boolean;
}

export const serverToUserPrefix = '#server-to-user-';
/** Pusher's documented limit, prefix included (using_channels/channels.md); the `pusher` SDK checks 200. */
export const maxChannelNameLength = 164;
/** The `pusher` SDK's limit (and soketi's), for server and client events alike. */
export const maxEventNameLength = 200;

const prefixes: [string, ChannelType][] = [
  [serverToUserPrefix, { kind: 'user', cache: false }],
  ['private-encrypted-cache-', { kind: 'encrypted', cache: true }],
  ['private-encrypted-', { kind: 'encrypted', cache: false }],
  ['private-cache-', { kind: 'private', cache: true }],
  ['private-', { kind: 'private', cache: false }],
  ['presence-cache-', { kind: 'presence', cache: true }],
  ['presence-', { kind: 'presence', cache: false }],
  ['cache-', { kind: 'public', cache: true }],
];

const publicType: ChannelType = { kind: 'public', cache: false };

export function channelType(name: string): ChannelType {
  for (const [prefix, type] of prefixes) if (name.startsWith(prefix)) return type;
  return publicType;
}

/** The characters the `pusher` SDK allows (Laravel names with dots included). */
const namePattern = /^[A-Za-z0-9_\-=@,.;]+$/;
// eslint-disable-next-line no-control-regex
const userIdPattern = /^[^\u0000-\u001f\u007f]+$/;

export function isValidChannelName(name: unknown): name is string {
  return channelNameProblem(name) === undefined;
}

/** Why a channel name is refused (too long, or characters outside the charset), or undefined. */
export function channelNameProblem(name: unknown): string | undefined {
  if (typeof name !== 'string' || name.length === 0) return 'A channel name is required';
  if (name.length > maxChannelNameLength) {
    return `The channel name is longer than the allowed ${maxChannelNameLength} characters`;
  }
  const valid = name.startsWith(serverToUserPrefix)
    ? name.length > serverToUserPrefix.length && userIdPattern.test(name.slice(serverToUserPrefix.length))
    : namePattern.test(name);
  return valid ? undefined : 'Invalid channel name: only A-Z, a-z, 0-9 and _ - = @ , . ; are allowed';
}

export function isValidEventName(name: unknown): name is string {
  return typeof name === 'string' && name.length > 0 && name.length <= maxEventNameLength;
}

/** `#server-to-user-42` → `42`. */
export function userIdOfChannel(name: string): string | undefined {
  return name.startsWith(serverToUserPrefix) ? name.slice(serverToUserPrefix.length) : undefined;
}

export function serverToUserChannel(userId: string): string {
  return `${serverToUserPrefix}${userId}`;
}

/** Private, encrypted and presence channels need a signature from the app's auth endpoint. */
export function needsSignature(type: ChannelType): boolean {
  return type.kind === 'private' || type.kind === 'encrypted' || type.kind === 'presence';
}
