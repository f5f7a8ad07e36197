import type { Services } from '../../../services';
import type { ChannelActor } from '../../../broadcasting/channel-registry';
import { memberInfo } from '../../../broadcasting/channels';
import { userSignature } from '../../../broadcasting/signatures';
import { ForbiddenError } from '../../../support/errors';
import { parseSocketRequest } from '../schemas';
import { mayUseRealtime } from '../realtime-access';

/** What pusher-js reads from the user-authentication endpoint before it sends pusher:signin. */
export interface UserAuthentication {
  auth: string;
  /** `{"id":"<user id>","user_info":{…}}`: pusher-js needs a string id. */
  user_data: string;
}

/**
 * `POST /broadcasting/user-auth` (Echo's `connector.signin()`, Laravel's
 * Broadcast::resolveAuthenticatedUserUsing): the signed-in user, signed over
 * `socket_id::user::user_data`. A guest is a 403.
 */
export async function authenticateUser(
  services: Services,
  actor: ChannelActor | undefined,
  input: unknown,
): Promise<UserAuthentication> {
  if (!actor || !mayUseRealtime(actor)) throw new ForbiddenError();
  const { socketId } = parseSocketRequest(input, false);
  const { id, ...info } = memberInfo(actor);
  const userData = JSON.stringify({ id: String(id), user_info: info });
  return { auth: userSignature(services.config.reverb, socketId, userData), user_data: userData };
}
