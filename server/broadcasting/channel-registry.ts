import type { Services } from '../services';
import type { UserRow } from '../db/repositories/user-repository';
import type { AccessToken } from '../domain/api-tokens/authenticate-token';

/** Who asks to join a channel: the signed-in user, and the API token when they came with one. */
export interface ChannelActor {
  user: UserRow;
  token?: AccessToken;
}

/**
 * A channel's authorization callback (Laravel's `Broadcast::channel`): false denies; true allows a
 * private channel; an object allows and, on a presence channel, is the member's `user_info`.
 */
export type ChannelCallback = (
  services: Services,
  actor: ChannelActor,
  params: Record<string, string>,
) => boolean | Record<string, unknown> | Promise<boolean | Record<string, unknown>>;

export type ChannelKind = 'public' | 'private' | 'private-encrypted' | 'presence';

/** Laravel's channel-name conventions: the kind from the prefix, the name the patterns see without it. */
export function parseChannelName(full: string): { kind: ChannelKind; name: string } {
  if (full.startsWith('private-encrypted-'))
    return { kind: 'private-encrypted', name: full.slice('private-encrypted-'.length) };
  if (full.startsWith('private-')) return { kind: 'private', name: full.slice('private-'.length) };
  if (full.startsWith('presence-')) return { kind: 'presence', name: full.slice('presence-'.length) };
  return { kind: 'public', name: full };
}

interface Registered {
  pattern: string;
  regex: RegExp;
  parameters: string[];
  callback: ChannelCallback;
}

/**
 * Channel patterns and their callbacks. `{param}` matches one dot-free segment
 * (`App.Models.User.{id}` matches `App.Models.User.7` with `{id: '7'}`); the first pattern
 * that matches decides.
 */
export class ChannelRegistry {
  private readonly channels: Registered[] = [];

  channel(pattern: string, callback: ChannelCallback): this {
    const parameters: string[] = [];
    const source = pattern
      .split(/(\{\w+\})/)
      .map((part) => {
        const parameter = /^\{(\w+)\}$/.exec(part);
        if (!parameter) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        parameters.push(parameter[1]);
        return '([^.]+)';
      })
      .join('');
    this.channels.push({ pattern, regex: new RegExp(`^${source}$`), parameters, callback });
    return this;
  }

  /** The callback and parameters for a channel name (without its prefix), if a pattern matches. */
  match(name: string): { pattern: string; callback: ChannelCallback; params: Record<string, string> } | undefined {
    for (const channel of this.channels) {
      const found = channel.regex.exec(name);
      if (!found) continue;
      const params = Object.fromEntries(channel.parameters.map((parameter, index) => [parameter, found[index + 1]]));
      return { pattern: channel.pattern, callback: channel.callback, params };
    }
    return undefined;
  }

  patterns(): string[] {
    return this.channels.map((channel) => channel.pattern);
  }
}
