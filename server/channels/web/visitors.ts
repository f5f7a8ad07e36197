import { createHmac, randomUUID } from 'node:crypto';

/**
 * Who a widget visitor's thread belongs to. An anonymous visitor's id is a random one their browser
 * keeps; a user the host page vouches for (their id signed with the channel's identity secret) has
 * one thread whatever the browser, `user-` and a digest of their id. Only a verified session may
 * open a `user-` thread: its id can be worked out from the public key, which every page shows.
 */
const VERIFIED_PREFIX = 'user-';

export function verifiedThreadId(publicKey: string, userId: string): string {
  return `${VERIFIED_PREFIX}${createHmac('sha256', publicKey).update(userId).digest('hex').slice(0, 32)}`;
}

/**
 * A signed-in user's contact identity on the web widget (`user:<their id>`): the same on every
 * channel of the team, so the team's system can name the contact before they first write.
 */
export function verifiedIdentity(userId: string): string {
  return `user:${userId}`;
}

/** Whether a web conversation's thread is a verified user's (the host page vouched for them). */
export function isVerifiedThread(threadId: string): boolean {
  return threadId.startsWith(VERIFIED_PREFIX);
}

/** The thread an unverified session resumes: the id its browser kept, unless that names a verified user's thread. */
export function anonymousThreadId(kept: string | undefined): string {
  return kept !== undefined && !isVerifiedThread(kept) ? kept : randomUUID();
}
