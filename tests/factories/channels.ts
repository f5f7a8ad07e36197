import { randomBytes } from 'node:crypto';
import type { Services } from '../../server/services';
import { channelRepository, type ChannelRow } from '../../server/db/repositories/channel-repository';
import { channelEvents } from '../../server/db/schema/channels';
import {
  conversationRepository,
  conversationWriter,
  type MessageRow,
  type NewMessage,
} from '../../server/db/repositories/conversation-repository';
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

/** A conversation on the channel with one inbound message, stored as the pipeline stores it, and its event. */
export async function createConversation(
  services: Pick<Services, 'db'>,
  channel: ChannelRow,
  options: { text?: string } = {},
) {
  const writer = conversationWriter(services.db);
  const visitor = randomBytes(8).toString('hex');
  const contact = await writer.contactFor({
    teamId: channel.teamId,
    channelType: channel.type,
    channelId: channel.id,
    externalUserId: visitor,
  });
  const { conversation } = await writer.conversationFor({
    teamId: channel.teamId,
    channelId: channel.id,
    botId: channel.botId,
    contactId: contact.id,
    threadId: visitor,
    now: new Date(),
  });
  const text = options.text ?? 'Halo, jam buka?';
  const message = (await writer.inbound({
    teamId: channel.teamId,
    conversationId: conversation.id,
    channelId: channel.id,
    kind: 'text',
    text,
    externalId: `web:${visitor}`,
  }))!;
  await writer.countInbound(conversation.id, new Date(), text);
  // The delivery the message came in, as the acknowledgement stores it (its job not queued).
  const [event] = await services.db
    .insert(channelEvents)
    .values({
      teamId: channel.teamId,
      channelId: channel.id,
      direction: 'inbound',
      eventId: `message:${visitor}`,
      signature: 'valid',
      status: 'received',
      summary: `Text from ${visitor}: ${text}`,
      payload: JSON.stringify({ message: { id: visitor, text, user: { id: visitor } } }),
    })
    .returning();
  return { conversation, message, event, contact };
}

/** One message a test adds to a conversation: who sent it, and anything else it needs set. */
export type MessageStep = Pick<NewMessage, 'direction' | 'sender'> &
  Partial<Pick<NewMessage, 'kind' | 'status' | 'inReplyToId' | 'text'>>;

/**
 * Messages added to the conversation in order, as the repository stores them: a text by default,
 * received when inbound and sent when outbound, its text the kind (or the sender, for a text) and
 * its position (`contact 0`, `note 1`).
 */
export async function addMessages(
  services: Pick<Services, 'db'>,
  channel: ChannelRow,
  conversationId: number,
  steps: MessageStep[],
): Promise<MessageRow[]> {
  const repo = conversationRepository(services.db, channel.teamId);
  const rows: MessageRow[] = [];
  for (const [index, step] of steps.entries()) {
    const kind = step.kind ?? 'text';
    rows.push(
      (await repo.insertMessage({
        conversationId,
        channelId: channel.id,
        kind,
        text: `${kind === 'text' ? step.sender : kind} ${index}`,
        status: step.direction === 'inbound' ? 'received' : 'sent',
        ...step,
      }))!,
    );
  }
  return rows;
}
