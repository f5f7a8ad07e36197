import type { Services } from '../../../services';
import { channels, memberInfo } from '../../../broadcasting/channels';
import { parseChannelName, type ChannelActor } from '../../../broadcasting/channel-registry';
import { channelSignature } from '../../../broadcasting/signatures';
import { ForbiddenError } from '../../../support/errors';
import { parseSocketRequest } from '../schemas';
import { mayUseRealtime } from '../realtime-access';

/** What pusher-js reads from the authorization endpoint. */
export interface ChannelAuthorization {
  auth: string;
  /** Presence channels: the member as the realtime server will show them, a JSON string. */
  channel_data?: string;
}

/**
 * Laravel's Broadcast::auth for `POST /broadcasting/auth`: the channel's callback in
 * server/broadcasting/channels.ts decides; a guest, an unknown channel or a refusal is a 403.
 * Private channels get `{auth}`; presence channels `{auth, channel_data}` signed over
 * `socket_id:channel:channel_data`. Encrypted channels are refused (no master key is configured).
 */
export async function authorizeChannel(
  services: Services,
  actor: ChannelActor | undefined,
  input: unknown,
): Promise<ChannelAuthorization> {
  if (!actor || !mayUseRealtime(actor)) throw new ForbiddenError();
  const { socketId, channelName } = parseSocketRequest(input, true);
  const { kind, name } = parseChannelName(channelName);
  if (kind !== 'private' && kind !== 'presence') throw new ForbiddenError();
  const found = channels.match(name);
  if (!found) throw new ForbiddenError();
  const result = await found.callback(services, actor, found.params);
  if (result === false || result === null || result === undefined) throw new ForbiddenError();

  const app = services.config.reverb;
  if (kind === 'private') return { auth: channelSignature(app, socketId, channelName) };
  const userInfo = result === true ? memberInfo(actor) : result;
  const channelData = JSON.stringify({ user_id: actor.user.id, user_info: userInfo });
  return { auth: channelSignature(app, socketId, channelName, channelData), channel_data: channelData };
}
