import { sql, type SQL } from 'drizzle-orm';
import { contacts } from '../schema/index';

/**
 * What a contact's field must hold to be among a filter's or an audience's contacts: a value (a
 * list's choice, yes or no), or a date in a month of any year (birthdays in December). Keys are a
 * field's (`[a-z0-9_]`); values reach SQL only as parameters.
 */
export type FieldCondition = { key: string; value: string | boolean } | { key: string; month: number };

/** The condition on `contacts.attributes`; a value of another type (a text where a date was) simply does not match. */
export function attributeCondition(condition: FieldCondition): SQL {
  if ('month' in condition) {
    // Dates are stored as YYYY-MM-DD text: compared as text, never cast (a cast of a bad value would fail the query).
    const month = String(condition.month).padStart(2, '0');
    return sql`(${contacts.attributes} ->> ${condition.key}::text) like ${`____-${month}-__`}`;
  }
  return sql`${contacts.attributes} @> ${JSON.stringify({ [condition.key]: condition.value })}::jsonb`;
}
