import { randomBytes } from 'node:crypto';
import type { Services } from '../../server/services';
import { channelRepository } from '../../server/db/repositories/channel-repository';
import type { ChannelSecrets } from '../../server/channels/adapters';
import type { ChannelType } from '../../server/db/schema/channels';

/** A channel of the team written straight to the database, its secrets encrypted as the app stores them. */
export async function createChannel(
  services: Pick<Services, 'db' | 'encrypter'>,
  teamId: number,
  options: {
    type: ChannelType;
    botId?: number | null;
    name?: string;
    status?: 'active' | 'paused';
    settings?: Record<string, unknown>;
    secrets?: ChannelSecrets;
    displayIdentifier?: string;
  },
) {
  return channelRepository(services.db, teamId).create({
    type: options.type,
    botId: options.botId ?? null,
    name: options.name ?? `${options.type} channel`,
    status: options.status ?? 'active',
    publicKey: randomBytes(12).toString('base64url'),
    displayIdentifier: options.displayIdentifier ?? '',
    settings: options.settings ?? {},
    secrets: services.encrypter.encrypt(JSON.stringify(options.secrets ?? {})),
    createdBy: null,
  });
}
