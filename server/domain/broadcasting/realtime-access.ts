import type { ChannelActor } from '../../broadcasting/channel-registry';
import { tokenCan } from '../api-tokens/token-permissions';

/**
 * A browser session may always join what its channels allow; an API token only when it carries
 * the `read` ability (receiving events is reading), and then only for its own team's channels
 * (checked by the channel callbacks).
 */
export function mayUseRealtime(actor: ChannelActor): boolean {
  return actor.token === undefined || tokenCan(actor.token.abilities, 'read');
}
