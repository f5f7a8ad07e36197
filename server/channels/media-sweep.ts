import { readdir, rm, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Services } from '../services';
import { rowsOf } from '../db/rows';
import { mediaPath, privateDisk } from './media';

/**
 * Files on the private disk that no message (nor a broadcast still to send) names any more: those of conversations deleted by
 * history retention or by hand, and every file of a deleted team. Files are stored by content
 * (`media/<team>/<sha256>`) and shared by the messages that hold the same bytes, so a file goes
 * only when no message of its team names it, and only after a grace period since it was last
 * written or used again (writeMedia touches a file it reuses), so that a file whose message is
 * not committed yet is never taken. Several workers may sweep at once: a file already gone is fine.
 */

/** How long a file no message names is kept: longer than any transaction that writes one. */
export const mediaGraceMs = 60 * 60 * 1000;

export async function sweepUnreferencedMedia(
  services: Pick<Services, 'db' | 'config'>,
  now: Date = new Date(),
): Promise<{ files: number; teams: number }> {
  const root = join(privateDisk(services.config), 'media');
  const teamDirs = await readdir(root).catch(() => [] as string[]);
  const removed = { files: 0, teams: 0 };
  for (const dir of teamDirs) {
    if (!/^[0-9]+$/.test(dir)) continue;
    const teamId = Number(dir);
    const [team] = rowsOf<{ id: number }>(await services.db.execute(sql`select id from teams where id = ${teamId}`));
    if (!team) {
      await rm(join(root, dir), { recursive: true, force: true });
      removed.teams += 1;
      continue;
    }
    const named = new Set(
      rowsOf<{ stored: string }>(
        await services.db.execute(sql`
          select distinct attachment->>'stored' as stored
            from messages, jsonb_array_elements(messages.attachments) as attachment
           where messages.team_id = ${teamId} and messages.attachments <> '[]'::jsonb
             and attachment ? 'stored'
           union
          select header->'attachment'->>'stored' from broadcasts
           where team_id = ${teamId} and header is not null and status in ('scheduled', 'sending')`),
      ).map((row) => row.stored),
    );
    for (const name of await readdir(join(root, dir)).catch(() => [] as string[])) {
      const file = join(root, dir, name);
      // A temporary file of a write under way is named <sha256>.<uuid>.tmp: it too waits out the grace.
      if (named.has(mediaPath(teamId, name))) continue;
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile() || now.getTime() - info.mtimeMs < mediaGraceMs) continue;
      await unlink(file).catch(() => undefined);
      removed.files += 1;
    }
  }
  return removed;
}
