import type {
  AddConnectionOutcome,
  Bus,
  BusMessage,
  CachedEvent,
  ChannelCounts,
  HeldConnection,
  ScalingDriver,
  ScalingHandlers,
  SharedState,
} from '../protocol/ports';
import { channelType } from '../protocol/channels';
import { PresenceRoster, type JoinOutcome, type LeaveOutcome, type PresenceMember } from '../protocol/presence';

/** One process: channel state in memory, the bus a direct call. */
export class LocalScaling implements ScalingDriver, SharedState, Bus {
  readonly kind = 'local' as const;
  readonly state: SharedState = this;
  readonly bus: Bus = this;
  private handlers?: ScalingHandlers;
  private readonly counts = new Map<string, Map<string, number>>();
  private readonly rosters = new Map<string, PresenceRoster>();
  private readonly cache = new Map<string, { frame: string; expiresAt: number }>();
  /** appId → socket ids of the connections held. */
  private readonly held = new Map<string, Set<string>>();

  constructor(private readonly now: () => number = Date.now) {}

  attach(handlers: ScalingHandlers): void {
    this.handlers = handlers;
  }

  async start(): Promise<void> {}

  async stop(): Promise<void> {}

  healthy(): boolean {
    return true;
  }

  async publish(message: BusMessage): Promise<void> {
    this.handlers?.deliver(message);
  }

  async addConnection(appId: string, socketId: string, max: number): Promise<AddConnectionOutcome> {
    let ids = this.held.get(appId);
    if (ids?.has(socketId)) return 'taken';
    if ((ids?.size ?? 0) >= max) return 'full';
    if (!ids) {
      ids = new Set();
      this.held.set(appId, ids);
    }
    ids.add(socketId);
    return 'added';
  }

  async removeConnection(appId: string, socketId: string): Promise<void> {
    const ids = this.held.get(appId);
    if (!ids?.delete(socketId)) return;
    if (ids.size === 0) this.held.delete(appId);
  }

  async restoreConnections(connections: HeldConnection[]): Promise<void> {
    for (const { appId, socketId } of connections) await this.addConnection(appId, socketId, Infinity);
  }

  async connectionCount(appId: string): Promise<number> {
    return this.held.get(appId)?.size ?? 0;
  }

  async subscribe(appId: string, channel: string): Promise<void> {
    this.add(appId, channel, 1);
  }

  async unsubscribe(appId: string, channel: string): Promise<void> {
    this.add(appId, channel, -1);
  }

  async join(appId: string, channel: string, member: PresenceMember, maxMembers: number): Promise<JoinOutcome> {
    const outcome = this.roster(appId).join(channel, member, maxMembers);
    if (outcome.accepted) this.add(appId, channel, 1);
    return outcome;
  }

  async leave(appId: string, channel: string, userId: string): Promise<LeaveOutcome> {
    this.add(appId, channel, -1);
    return this.roster(appId).leave(channel, userId);
  }

  async members(appId: string, channel: string): Promise<PresenceMember[]> {
    return this.roster(appId).members(channel);
  }

  async channels(appId: string): Promise<Map<string, ChannelCounts>> {
    const result = new Map<string, ChannelCounts>();
    for (const [channel, count] of this.counts.get(appId) ?? [])
      result.set(channel, this.countsOf(appId, channel, count));
    return result;
  }

  async channel(appId: string, channel: string): Promise<ChannelCounts> {
    return this.countsOf(appId, channel, this.counts.get(appId)?.get(channel) ?? 0);
  }

  async setCache(appId: string, channel: string, frame: string, ttlSeconds: number): Promise<void> {
    this.cache.set(`${appId}\n${channel}`, { frame, expiresAt: this.now() + ttlSeconds * 1000 });
  }

  async getCache(appId: string, channel: string): Promise<CachedEvent | undefined> {
    const key = `${appId}\n${channel}`;
    const entry = this.cache.get(key);
    if (!entry) return undefined;
    const left = entry.expiresAt - this.now();
    if (left <= 0) {
      this.cache.delete(key);
      return undefined;
    }
    return { frame: entry.frame, ttl: Math.ceil(left / 1000) };
  }

  private countsOf(appId: string, channel: string, subscriptionCount: number): ChannelCounts {
    return channelType(channel).kind === 'presence'
      ? { subscriptionCount, userCount: this.roster(appId).userCount(channel) }
      : { subscriptionCount };
  }

  private add(appId: string, channel: string, delta: number): void {
    let channels = this.counts.get(appId);
    if (!channels) {
      channels = new Map();
      this.counts.set(appId, channels);
    }
    const count = (channels.get(channel) ?? 0) + delta;
    if (count > 0) channels.set(channel, count);
    else channels.delete(channel);
  }

  private roster(appId: string): PresenceRoster {
    let roster = this.rosters.get(appId);
    if (!roster) {
      roster = new PresenceRoster();
      this.rosters.set(appId, roster);
    }
    return roster;
  }
}
