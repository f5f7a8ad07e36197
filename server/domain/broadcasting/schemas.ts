import { HttpError, ForbiddenError } from '../../support/errors';

const socketIdPattern = /^\d+\.\d+$/;
/** Pusher's channel-name characters (the `pusher` SDK's rule), at most 200 of them. */
const channelNamePattern = /^[A-Za-z0-9_\-=@,.;]{1,200}$/;

/**
 * The form fields pusher-js posts (`socket_id`, `channel_name`). A malformed socket id is a 422;
 * a missing or malformed channel name a 403, as Laravel answers it.
 */
export function parseSocketRequest(input: unknown, withChannel: boolean): { socketId: string; channelName: string } {
  const body = input && typeof input === 'object' ? (input as Record<string, unknown>) : {};
  const socketId = body.socket_id;
  if (typeof socketId !== 'string' || socketId.length > 40 || !socketIdPattern.test(socketId)) {
    throw new HttpError(422, 'The socket id is invalid.');
  }
  const channelName = body.channel_name;
  if (!withChannel) return { socketId, channelName: '' };
  if (typeof channelName !== 'string' || !channelNamePattern.test(channelName)) throw new ForbiddenError();
  return { socketId, channelName };
}
