import type { Services } from '../../services';
import { teamChannel, userChannel } from '../notifications/channels';

/**
 * Realtime events of bots: `BotReplyDelta` streams a test-chat reply to the asking user's private
 * channel piece by piece (the HTTP answer then brings the whole turn with its trace); `BotChanged`
 * on the team channel tells open pages a bot was edited, published or deleted.
 */
export const botReplyDeltaEvent = 'App\\Events\\BotReplyDelta';
export const botChangedEvent = 'App\\Events\\BotChanged';

export async function replyDelta(
  services: Pick<Services, 'broadcaster'>,
  userId: number,
  data: { bot_id: number; thread: string; request: string; type: 'delta' | 'replace'; text: string },
): Promise<void> {
  await services.broadcaster.broadcast({ channels: [userChannel(userId)], event: botReplyDeltaEvent, data });
}

export async function botChanged(
  services: Pick<Services, 'broadcaster'>,
  teamId: number,
  botId: number,
  action: 'created' | 'updated' | 'published' | 'restored' | 'deleted',
): Promise<void> {
  await services.broadcaster.broadcast({
    channels: [teamChannel(teamId)],
    event: botChangedEvent,
    data: { team_id: teamId, bot_id: botId, action },
  });
}
