import type { Services } from '../../services';
import type { ChannelRow } from '../../db/repositories/channel-repository';
import { conversationRepository } from '../../db/repositories/conversation-repository';
import { visibleToVisitor } from '../../domain/conversations/events';
import { storedFile, type AttachmentFile } from '../../domain/conversations/message-attachments';
import { NotFoundError } from '../../support/errors';
import { acceptInbound } from '../pipeline';
import type { StoredAttachment } from '../media';
import { storeUpload } from './uploads';

/**
 * Files a widget visitor sends: checked by their bytes (uploads.ts), written to the private disk
 * as a WhatsApp customer's are (media.ts), and stored as the visitor's message through the
 * pipeline, so that a resend with the same client id is the same message, the inbox shows the
 * file in the thread and the bot says what it can do with it. The visitor reads their own files
 * back with their token, never another visitor's.
 */

export async function acceptVisitorFile(
  services: Parameters<typeof acceptInbound>[0],
  channel: ChannelRow,
  visitor: {
    threadId: string;
    externalUserId: string;
    verified: boolean;
    userId?: string;
    name?: string;
    email?: string;
  },
  upload: { bytes: Buffer; name: string; clientId: string },
) {
  const { attachment, kind } = await storeUpload(services.config, channel.teamId, upload.bytes, upload.name);
  return acceptInbound(
    services,
    channel,
    {
      externalId: `web:${upload.clientId}`,
      externalUserId: visitor.externalUserId,
      threadId: visitor.threadId,
      ...(visitor.name ? { name: visitor.name } : {}),
      kind,
      text: null,
      attachments: [attachment],
      sentAt: new Date(),
    },
    { clientId: upload.clientId, verified: visitor.verified, externalId: visitor.userId, email: visitor.email },
  );
}

/**
 * A file of a message the visitor sees in their own chat on this channel (theirs, or one an agent
 * sent them): any other message, a note, or an attachment without a stored file is not found.
 */
export async function visitorFile(
  services: Pick<Services, 'db' | 'config'>,
  channel: ChannelRow,
  threadId: string,
  target: { messageId: number; index: number },
): Promise<AttachmentFile> {
  const repo = conversationRepository(services.db, channel.teamId);
  const message = await repo.message(target.messageId);
  if (!message || message.channelId !== channel.id || !visibleToVisitor(message)) throw new NotFoundError();
  const conversation = await repo.find(message.conversationId);
  if (!conversation || conversation.channelId !== channel.id || conversation.threadId !== threadId)
    throw new NotFoundError();
  return storedFile(services, channel.teamId, message.attachments as StoredAttachment[], target.index);
}
