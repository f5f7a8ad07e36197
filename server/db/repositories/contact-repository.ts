import { and, asc, count, desc, eq, gt, ilike, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { contactIdentities, contacts, conversations } from '../schema/index';
import { escapeLike } from '../like';
import { attributeCondition, type FieldCondition } from './attribute-condition';
import type { ChannelType } from '../schema/index';

export type ContactListRow = typeof contacts.$inferSelect & {
  conversationCount: number;
  openConversationCount: number;
  channelTypes: ChannelType[];
};

/** Which of the team's contacts a list or an export shows. */
export interface ContactFilter {
  search?: string;
  attribute?: FieldCondition;
  /** The team's own id for the person (a signed-in website user's, a webhook's user id), exactly. */
  externalId?: string;
}

type DuplicateKey = Pick<typeof contacts.$inferSelect, 'id' | 'email' | 'phoneE164'>;

/**
 * The contacts of one team (the people who wrote on its channels): `teamId` is in every `where`,
 * so another team's contact is simply not found.
 */
export function contactRepository(db: Database, teamId: number) {
  const searchOf = (search: string | undefined) => {
    if (!search) return undefined;
    const like = `%${escapeLike(search)}%`;
    const digits = search.replace(/[\s()+-]/g, '');
    return or(
      ilike(contacts.name, like),
      ilike(contacts.email, like),
      // A number as people type it ("0812 3456", "+62 812") finds the stored +62812…
      digits !== '' && /^\d+$/.test(digits)
        ? ilike(contacts.phoneE164, `%${escapeLike(digits.startsWith('0') ? `62${digits.slice(1)}` : digits)}%`)
        : undefined,
    );
  };

  // Qualified by hand: in a one-table select Drizzle names a column bare ("id"), which inside a
  // subquery would be the subquery's own table's.
  const contactId = sql.raw('"contacts"."id"');
  const listColumns = {
    contact: contacts,
    conversationCount: sql<number>`(select count(*)::int from ${conversations} c where c.contact_id = ${contactId})`,
    openConversationCount: sql<number>`(select count(*)::int from ${conversations} c where c.contact_id = ${contactId} and c.state <> 'resolved')`,
    channelTypes: sql<
      ChannelType[]
    >`(select coalesce(array_agg(distinct i.channel_type order by i.channel_type), '{}') from ${contactIdentities} i where i.contact_id = ${contactId})`,
  };

  /** The team's other contacts with the same e-mail (whatever its case) or phone; undefined when it has neither. */
  const sameAs = (contact: DuplicateKey) => {
    const same = or(
      contact.email ? sql`lower(${contacts.email}) = lower(${contact.email})` : undefined,
      contact.phoneE164 ? eq(contacts.phoneE164, contact.phoneE164) : undefined,
    );
    return same && and(eq(contacts.teamId, teamId), ne(contacts.id, contact.id), same);
  };

  const listRow = ({
    contact,
    ...counts
  }: { contact: typeof contacts.$inferSelect } & Omit<
    ContactListRow,
    keyof typeof contacts.$inferSelect
  >): ContactListRow => ({ ...contact, ...counts });

  /** Contacts whose field holds a value (a list's choice, yes or no) or a date in a month. */
  const holding = (attribute: ContactFilter['attribute']) => (attribute ? attributeCondition(attribute) : undefined);

  return {
    /**
     * A page of the team's contacts, the most recently seen first (or the oldest first, for an
     * export that must not shift), with a search over name, e-mail and phone, and those holding a
     * field's value.
     */
    async page(options: ContactFilter & { page: number; perPage: number; order?: 'recent' | 'oldest' }) {
      const where = and(
        eq(contacts.teamId, teamId),
        searchOf(options.search),
        holding(options.attribute),
        options.externalId === undefined ? undefined : eq(contacts.externalId, options.externalId),
      );
      const [{ total }] = await db.select({ total: count() }).from(contacts).where(where);
      const rows = await db
        .select(listColumns)
        .from(contacts)
        .where(where)
        .orderBy(...(options.order === 'oldest' ? [asc(contacts.id)] : [desc(contacts.lastSeenAt), desc(contacts.id)]))
        .limit(options.perPage)
        .offset((options.page - 1) * options.perPage);
      return {
        items: rows.map(listRow),
        total,
      };
    },

    /** The team's contacts after `afterId` by id, `limit` at a time (an export's batches). */
    async batch(options: ContactFilter & { afterId: number; limit: number }): Promise<ContactListRow[]> {
      const rows = await db
        .select(listColumns)
        .from(contacts)
        .where(
          and(
            eq(contacts.teamId, teamId),
            gt(contacts.id, options.afterId),
            searchOf(options.search),
            holding(options.attribute),
          ),
        )
        .orderBy(asc(contacts.id))
        .limit(options.limit);
      return rows.map(listRow);
    },

    /**
     * The team's other contacts that look like the same person: the same e-mail (whatever its case)
     * or the same phone, the most recently seen first (at most `limit`).
     */
    async duplicatesOf(contact: DuplicateKey, limit = 10): Promise<ContactListRow[]> {
      const same = sameAs(contact);
      if (!same) return [];
      const rows = await db
        .select(listColumns)
        .from(contacts)
        .where(same)
        .orderBy(desc(contacts.lastSeenAt), desc(contacts.id))
        .limit(limit);
      return rows.map(listRow);
    },

    /** How many `duplicatesOf` there are, without their counts and channels (a conversation's card). */
    async duplicateCount(contact: DuplicateKey): Promise<number> {
      const same = sameAs(contact);
      if (!same) return 0;
      const [{ total }] = await db.select({ total: count() }).from(contacts).where(same);
      return total;
    },

    /** Contacts matching a search other than `except` (the contacts a merge may take in), at most `limit`. */
    async others(search: string, except: number, limit = 10): Promise<ContactListRow[]> {
      const rows = await db
        .select(listColumns)
        .from(contacts)
        .where(and(eq(contacts.teamId, teamId), ne(contacts.id, except), searchOf(search)))
        .orderBy(desc(contacts.lastSeenAt), desc(contacts.id))
        .limit(limit);
      return rows.map(listRow);
    },

    /** One contact of the team with its counts, or undefined. */
    async listed(id: number): Promise<ContactListRow | undefined> {
      const [row] = await db
        .select(listColumns)
        .from(contacts)
        .where(and(eq(contacts.teamId, teamId), eq(contacts.id, id)));
      return row ? listRow(row) : undefined;
    },
  };
}
