import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Services } from '../../services';
import { conversationRepository } from '../../db/repositories/conversation-repository';
import { authorize, type TeamActor } from '../teams/team-access';
import { NotFoundError } from '../../support/errors';
import { isTeamMediaPath, privateDisk, type StoredAttachment } from '../../channels/media';
import { conversationPolicy } from './conversation-actions';

/** A stored file a member may read: where it is on the private disk and what it is. */
export interface AttachmentFile {
  /** The private disk (absolute) and the file's path below it. */
  root: string;
  path: string;
  mime: string | undefined;
  name: string | undefined;
  size: number;
}

/**
 * A message's downloaded file, for a member who may view its conversation. Another team's
 * conversation, a message of another conversation, an index with no file, a file not yet (or
 * never) fetched: all are not found.
 */
export async function attachmentFile(
  services: Pick<Services, 'db' | 'config'>,
  actor: TeamActor,
  target: { conversationId: number; messageId: number; index: number },
): Promise<AttachmentFile> {
  const repo = conversationRepository(services.db, actor.teamId);
  const conversation = await repo.find(target.conversationId);
  if (!conversation) throw new NotFoundError();
  authorize(conversationPolicy.view(actor));
  const message = await repo.message(target.messageId);
  if (!message || message.conversationId !== conversation.id) throw new NotFoundError();
  return storedFile(services, actor.teamId, message.attachments as StoredAttachment[], target.index);
}

/**
 * The downloaded file of a message's attachment `index` (of the team's messages): not found when
 * there is no such attachment, or its file was never fetched or is gone.
 */
export async function storedFile(
  services: Pick<Services, 'config'>,
  teamId: number,
  attachments: StoredAttachment[],
  index: number,
): Promise<AttachmentFile> {
  const attachment = attachments[index];
  if (!attachment || !isTeamMediaPath(attachment.stored, teamId)) throw new NotFoundError();
  const root = resolve(privateDisk(services.config));
  const file = await stat(resolve(root, attachment.stored)).catch(() => undefined);
  if (!file?.isFile()) throw new NotFoundError();
  return { root, path: attachment.stored, mime: attachment.mime, name: attachment.name, size: file.size };
}
