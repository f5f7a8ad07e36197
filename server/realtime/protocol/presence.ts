/**
 * Presence membership: a user is a member while at least one of their connections is subscribed.
 * member_added goes out on a user's first connection, member_removed on their last.
 */
export interface PresenceMember {
  /** As the auth endpoint sent it (Laravel sends the numeric key); compared as String(user_id). */
  user_id: string | number;
  user_info?: unknown;
}

export const maxUserIdLength = 128;

/** The member in a presence subscription's channel_data, or null when it has no usable user_id. */
export function parseChannelData(channelData: unknown): PresenceMember | null {
  if (typeof channelData !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(channelData);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  const userId = record.user_id;
  if (typeof userId === 'string') {
    if (userId.length === 0 || userId.length > maxUserIdLength) return null;
  } else if (typeof userId !== 'number' || !Number.isFinite(userId)) {
    return null;
  }
  return record.user_info === undefined ? { user_id: userId } : { user_id: userId, user_info: record.user_info };
}

export function memberKey(member: PresenceMember): string {
  return String(member.user_id);
}

/** subscription_succeeded data: `{"presence":{"ids":[…],"hash":{id:info},"count":n}}` (a JSON string). */
export function presencePayload(members: PresenceMember[]): string {
  const hash: Record<string, unknown> = {};
  const ids: (string | number)[] = [];
  for (const member of members) {
    const key = memberKey(member);
    if (Object.prototype.hasOwnProperty.call(hash, key)) continue;
    hash[key] = member.user_info ?? null;
    ids.push(member.user_id);
  }
  return JSON.stringify({ presence: { ids, hash, count: ids.length } });
}

export function memberAddedData(member: PresenceMember): string {
  return JSON.stringify(member.user_info === undefined ? { user_id: member.user_id } : member);
}

export function memberRemovedData(member: PresenceMember): string {
  return JSON.stringify({ user_id: member.user_id });
}

export interface JoinOutcome {
  /** False when the channel already holds `max` other users. */
  accepted: boolean;
  /** This is the user's first connection on the channel: announce member_added. */
  first: boolean;
  members: PresenceMember[];
}

export interface LeaveOutcome {
  /** That was the user's last connection: announce member_removed with this member. */
  removed?: PresenceMember;
}

/** One process's presence bookkeeping (the Redis store keeps the same counts in hashes). */
export class PresenceRoster {
  private readonly channels = new Map<string, Map<string, { member: PresenceMember; connections: number }>>();

  join(channel: string, member: PresenceMember, max = Number.POSITIVE_INFINITY): JoinOutcome {
    let users = this.channels.get(channel);
    const key = memberKey(member);
    const existing = users?.get(key);
    if (!existing && (users?.size ?? 0) >= max) {
      return { accepted: false, first: false, members: this.members(channel) };
    }
    if (!users) {
      users = new Map();
      this.channels.set(channel, users);
    }
    if (existing) existing.connections++;
    else users.set(key, { member, connections: 1 });
    return { accepted: true, first: !existing, members: this.members(channel) };
  }

  leave(channel: string, userId: string): LeaveOutcome {
    const users = this.channels.get(channel);
    const entry = users?.get(userId);
    if (!users || !entry) return {};
    entry.connections--;
    if (entry.connections > 0) return {};
    users.delete(userId);
    if (users.size === 0) this.channels.delete(channel);
    return { removed: entry.member };
  }

  members(channel: string): PresenceMember[] {
    return [...(this.channels.get(channel)?.values() ?? [])].map((entry) => entry.member);
  }

  userCount(channel: string): number {
    return this.channels.get(channel)?.size ?? 0;
  }
}
