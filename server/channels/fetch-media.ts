import type { Services } from '../services';
import { ChannelError } from './driver';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { adapterFor, replyJob } from './pipeline';
import { awaitingFetch, notFetchedReason, privateDisk, writeMedia, type StoredAttachment } from './media';
import { transcribe, transcriptionOf } from '../bot-engine/providers/transcription';
import { ProviderError } from '../bot-engine/providers/provider';
import { reserveReply } from '../billing/reply-metering';
import { releaseCredits } from '../billing/metering';
import { spokenLanguage } from '../domain/conversations/rating';
import { channelById } from '../db/repositories/channel-repository';
import { conversationRepository } from '../db/repositories/conversation-repository';
import { messageCreated } from '../domain/conversations/events';

type MediaServices = Pick<
  Services,
  'db' | 'config' | 'encrypter' | 'broadcaster' | 'widgetBroadcaster' | 'logger' | 'route' | 'jobs' | 'mailer'
>;

/** What a failure says on the attachment: the provider's words, never an internal error's. */
function reasonOf(error: unknown): string {
  return error instanceof ChannelError ? error.message : 'The file could not be saved.';
}

/**
 * The `channel.media` job: each attachment of an inbound message still waiting for its file is
 * downloaded through the channel's adapter, written to the private disk and recorded on the
 * message (`stored`, mime, size, sha256), and the open inbox hears MessageUpdated. A retryable
 * failure throws (the job runs again); a permanent one (too large, gone, refused) or the last
 * attempt's is recorded as `error`. A rerun after a crash ends the same: the file is named by its
 * content, and a recorded attachment is not fetched again.
 *
 * A voice note, when the platform transcribes them (AI_TRANSCRIPTION_MODEL), is then transcribed
 * (its words or why not recorded on the attachment, so a rerun does not ask again) and its reply
 * queued: acceptInbound left that to this job.
 */
export async function fetchMessageMedia(
  services: MediaServices,
  input: { teamId: number; messageId: number },
  context: { lastAttempt: boolean },
): Promise<void> {
  const repo = conversationRepository(services.db, input.teamId);
  const message = await repo.message(input.messageId);
  if (!message) return;
  const channel = await channelById(services.db, message.channelId);
  if (!channel || channel.teamId !== input.teamId) return;
  const adapter = adapterFor(services, channel);
  const attachments = [...(message.attachments as StoredAttachment[])];
  for (const [index, attachment] of attachments.entries()) {
    if (!awaitingFetch(attachment)) continue;
    let outcome: StoredAttachment;
    if (!adapter.fetchMedia) {
      outcome = { ...attachment, error: notFetchedReason };
    } else {
      try {
        const media = await adapter.fetchMedia(attachment.providerMediaId!);
        const { path, sha256 } = await writeMedia(services.config, input.teamId, media.bytes);
        outcome = { ...attachment, stored: path, mime: media.mime, size: media.size, sha256 };
      } catch (error) {
        const permanent = error instanceof ChannelError && !error.retryable;
        if (!permanent && !context.lastAttempt) throw error;
        services.logger.warn({ err: error, messageId: message.id, index }, 'an attachment could not be downloaded');
        outcome = { ...attachment, error: reasonOf(error) };
      }
    }
    attachments[index] = outcome;
    const updated = await repo.updateMessage(message.id, { attachments });
    if (updated) await messageCreated(services, updated, undefined, 'MessageUpdated');
  }
  // A voice note the bot answers once it is transcribed (pipeline.ts transcribesVoice).
  const transcription = transcriptionOf(services.config.ai);
  if (message.kind !== 'audio' || !transcription || !adapter.fetchMedia) return;
  const voice = attachments.findIndex(
    (attachment) =>
      attachment.stored && attachment.transcript === undefined && attachment.transcriptError === undefined,
  );
  const conversation = voice === -1 ? undefined : await repo.find(message.conversationId);
  if (voice !== -1 && conversation) {
    const attachment = attachments[voice];
    let words: string | undefined;
    // A transcription is the customer's use of the plan's AI credits, reserved once (a rerun finds its key).
    const usageKey = `transcription:${message.id}`;
    const reservation = await reserveReply(services, {
      teamId: input.teamId,
      key: usageKey,
      botId: conversation.botId,
      contactId: conversation.contactId,
      model: transcription.model,
      source: 'channel',
    });
    if (!reservation.ok) {
      attachments[voice] = { ...attachment, transcriptError: reservation.message };
    } else {
      try {
        const language = await spokenLanguage(services, conversation);
        words = await transcribe(transcription, {
          bytes: await readFile(join(privateDisk(services.config), attachment.stored!)),
          mime: attachment.mime ?? 'audio/ogg',
          name: attachment.name ?? 'voice',
          ...(language ? { language: language === 'indonesian' ? 'id' : 'en' } : {}),
        });
        attachments[voice] = { ...attachment, transcript: words };
      } catch (error) {
        // A busy or unreachable server (or Kawan's own failure) is tried again; a server that refuses
        // the file, or the last try, is final: the note is answered without its words.
        const provider = error instanceof ProviderError ? error : undefined;
        const retryable =
          !provider ||
          provider.code === 'network' ||
          provider.code === 'timeout' ||
          provider.status === 429 ||
          (provider.status ?? 0) >= 500;
        if (retryable && !context.lastAttempt) throw error;
        services.logger.warn({ err: error, messageId: message.id }, 'a voice note could not be transcribed');
        attachments[voice] = {
          ...attachment,
          transcriptError: provider?.message ?? 'The voice note could not be read.',
        };
        await releaseCredits(services.db, usageKey);
      }
    }
    // The words become the message's text (a voice note has none of its own): the inbox shows them
    // with the player and the bot answers them.
    const updated = await repo.updateMessage(message.id, {
      attachments,
      ...(words && message.text.trim() === '' ? { text: words } : {}),
    });
    if (updated) await messageCreated(services, updated, undefined, 'MessageUpdated');
  }
  // Its reply was not queued with it: it is now, transcribed or not (a message is answered once).
  await services.jobs.send(replyJob, { teamId: input.teamId, messageId: message.id });
}
