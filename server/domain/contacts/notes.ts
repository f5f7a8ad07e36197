import { and, count, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Services } from '../../services';
import type { Database } from '../../db/client';
import { contactNotes, contacts, users } from '../../db/schema/index';
import { NotFoundError, ValidationError } from '../../support/errors';
import { validate } from '../shared/validation';
import { authorize, type TeamActor } from '../teams/team-access';
import { contactPolicy } from './contacts';

/**
 * Notes about a contact (Chatwoot's and Intercom's contact notes): what the team knows of the person
 * that no field holds, written by whoever answers conversations, shown on the contact's page and
 * beside each of their conversations, newest first. Their author, an owner or an admin deletes one.
 */
export const contactNoteLimits = { text: 2000, perContact: 200, shown: 50 } as const;

const noteSchema = z.object({
  text: z
    .string({ error: 'Write the note.' })
    .trim()
    .min(1, 'Write the note.')
    .max(contactNoteLimits.text, `A note may be at most ${contactNoteLimits.text.toLocaleString('en-US')} characters.`)
    .refine((value) => !value.includes('\u0000'), 'The note must not contain a null character.'),
});

/** The error bag the notes form reads. */
export const contactNoteBag = 'contactNote';

export interface ContactNote {
  id: number;
  text: string;
  author: { id: number; name: string } | null;
  created_at: string;
  /** The viewer may delete it: their own, or they are an owner or an admin. */
  can_delete: boolean;
}

const mayDeleteAny = (actor: TeamActor) => actor.role === 'owner' || actor.role === 'admin';

/** The team's contact (404 otherwise), read under a row lock with `lock`; then the view policy. */
async function contactOf(db: Database, actor: TeamActor, contactId: number, options: { lock?: boolean } = {}) {
  const query = db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.teamId, actor.teamId), eq(contacts.id, contactId)));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw new NotFoundError();
  authorize(contactPolicy.view(actor));
}

/** A contact's notes, newest first (the latest `contactNoteLimits.shown`), as the viewer sees them. */
export async function notesOf(db: Database, actor: TeamActor, contactId: number): Promise<ContactNote[]> {
  const rows = await db
    .select({
      id: contactNotes.id,
      text: contactNotes.text,
      userId: contactNotes.userId,
      authorName: users.name,
      createdAt: contactNotes.createdAt,
    })
    .from(contactNotes)
    .leftJoin(users, eq(users.id, contactNotes.userId))
    .where(and(eq(contactNotes.teamId, actor.teamId), eq(contactNotes.contactId, contactId)))
    .orderBy(desc(contactNotes.id))
    .limit(contactNoteLimits.shown);
  return rows.map((row) => ({
    id: row.id,
    text: row.text,
    author: row.userId !== null && row.authorName !== null ? { id: row.userId, name: row.authorName } : null,
    created_at: row.createdAt.toISOString(),
    can_delete: contactPolicy.edit(actor) && (row.userId === actor.userId || mayDeleteAny(actor)),
  }));
}

/** `contacts.notes.store`: a note added (422 in the `contactNote` bag; at most 200 a contact). */
export async function addContactNote(
  services: Pick<Services, 'db'>,
  actor: TeamActor,
  contactId: number,
  input: unknown,
): Promise<void> {
  await services.db.transaction(async (tx) => {
    // The contact's row locked: two notes added at once cannot both pass the limit.
    await contactOf(tx, actor, contactId, { lock: true });
    authorize(contactPolicy.edit(actor));
    const { text } = validate(noteSchema, input, contactNoteBag);
    const [{ total }] = await tx
      .select({ total: count() })
      .from(contactNotes)
      .where(and(eq(contactNotes.teamId, actor.teamId), eq(contactNotes.contactId, contactId)));
    if (total >= contactNoteLimits.perContact)
      throw new ValidationError(
        { text: `A contact may have at most ${contactNoteLimits.perContact} notes: delete old ones first.` },
        contactNoteBag,
      );
    await tx.insert(contactNotes).values({ teamId: actor.teamId, contactId, userId: actor.userId, text });
  });
}

/** `contacts.notes.destroy`: by its author, an owner or an admin (403 for anyone else who answers). */
export async function deleteContactNote(
  services: Pick<Services, 'db'>,
  actor: TeamActor,
  contactId: number,
  noteId: number,
): Promise<void> {
  await contactOf(services.db, actor, contactId);
  const [note] = await services.db
    .select({ id: contactNotes.id, userId: contactNotes.userId })
    .from(contactNotes)
    .where(
      and(eq(contactNotes.teamId, actor.teamId), eq(contactNotes.contactId, contactId), eq(contactNotes.id, noteId)),
    );
  if (!note) throw new NotFoundError();
  authorize(contactPolicy.edit(actor) && (note.userId === actor.userId || mayDeleteAny(actor)));
  await services.db.delete(contactNotes).where(eq(contactNotes.id, note.id));
}
