import { existsSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { createChannel, createConversation } from '../../factories/channels';
import { createOwnedTeam } from '../../factories/teams';
import { conversations, teams } from '../../../server/db/schema/index';
import { conversationRepository } from '../../../server/db/repositories/conversation-repository';
import { privateDisk, writeMedia } from '../../../server/channels/media';
import { mediaGraceMs, sweepUnreferencedMedia } from '../../../server/channels/media-sweep';

/**
 * The sweep of files no message names (server/channels/media-sweep.ts): a deleted conversation's
 * file goes once its grace period is over, a file some message still names stays (even when
 * another message that named it is gone), a file used again is young again, and a deleted team's
 * files go with its folder.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const onDisk = (path: string) => existsSync(join(privateDisk(app.services.config), path));
/** Makes a file look written `ms` ago. */
const age = (path: string, ms: number) => {
  const then = new Date(Date.now() - ms);
  utimesSync(join(privateDisk(app.services.config), path), then, then);
};
const old = mediaGraceMs + 60_000;

async function teamWithFiles() {
  const { team } = await createOwnedTeam(app.services);
  const channel = await createChannel(app.services, team.id, { type: 'web' });
  const repo = conversationRepository(app.services.db, team.id);
  /** A conversation whose message holds a file with these bytes. */
  const withFile = async (content: string) => {
    const { conversation } = await createConversation(app.services, channel, { text: 'foto' });
    const { path, sha256 } = await writeMedia(app.services.config, team.id, Buffer.from(content));
    await repo.insertMessage({
      conversationId: conversation.id,
      channelId: channel.id,
      direction: 'inbound',
      sender: 'contact',
      kind: 'image',
      text: '',
      attachments: [{ mime: 'image/png', size: content.length, name: 'a.png', sha256, stored: path }],
      status: 'received',
    });
    return { conversation, path };
  };
  return { team, withFile };
}

describe('sweeping files no message names', () => {
  it('deletes a deleted conversation’s file after its grace, and keeps one a message still names', async () => {
    const { withFile } = await teamWithFiles();
    const kept = await withFile('kept bytes');
    const gone = await withFile('gone bytes');
    // The same bytes in two conversations: one file, still named after one of them is deleted.
    const shared = await withFile('shared bytes');
    const sharedAgain = await withFile('shared bytes');
    expect(sharedAgain.path).toBe(shared.path);
    for (const conversation of [gone.conversation, shared.conversation]) {
      await app.services.db.delete(conversations).where(eq(conversations.id, conversation.id));
    }

    // Within the grace period nothing goes (its message may not be committed yet).
    expect((await sweepUnreferencedMedia(app.services)).files).toBe(0);
    expect(onDisk(gone.path)).toBe(true);

    for (const file of [kept.path, gone.path, shared.path]) age(file, old);
    const swept = await sweepUnreferencedMedia(app.services);
    expect(swept.files).toBeGreaterThanOrEqual(1);
    expect(onDisk(gone.path)).toBe(false);
    expect(onDisk(kept.path)).toBe(true);
    expect(onDisk(shared.path)).toBe(true);
  });

  it('gives a file used again a new grace period', async () => {
    const { team, withFile } = await teamWithFiles();
    const first = await withFile('reused bytes');
    await app.services.db.delete(conversations).where(eq(conversations.id, first.conversation.id));
    age(first.path, old);
    // The same bytes written again (a new message about to be committed): touched, so kept.
    await writeMedia(app.services.config, team.id, Buffer.from('reused bytes'));
    await sweepUnreferencedMedia(app.services);
    expect(onDisk(first.path)).toBe(true);
  });

  it('deletes a deleted team’s folder', async () => {
    const { team, withFile } = await teamWithFiles();
    const file = await withFile('team bytes');
    await app.services.db.delete(teams).where(eq(teams.id, team.id));
    const swept = await sweepUnreferencedMedia(app.services);
    expect(swept.teams).toBeGreaterThanOrEqual(1);
    expect(onDisk(file.path)).toBe(false);
    expect(existsSync(join(privateDisk(app.services.config), 'media', String(team.id)))).toBe(false);
  });
});
