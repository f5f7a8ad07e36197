import { sql, type SQL } from 'drizzle-orm';
import { contacts, type FieldCondition } from '../schema/index';

export type { FieldCondition };

/** The condition on `contacts.attributes`; a value of another type (a text where a date was) simply does not match. */
export function attributeCondition(condition: FieldCondition): SQL {
  const field = sql`(${contacts.attributes} ->> ${condition.key}::text)`;
  if ('month' in condition) {
    // Dates are stored as YYYY-MM-DD text: compared as text, never cast (a cast of a bad value would fail the query).
    return sql`${field} like ${`____-${String(condition.month).padStart(2, '0')}-__`}`;
  }
  if ('min' in condition || 'max' in condition) {
    // A JSON path in lax mode, silent: a value that is no number is not compared, nothing is cast.
    const [operator, bound] = 'min' in condition ? ['>=', condition.min] : ['<=', condition.max];
    return sql`jsonb_path_exists(${contacts.attributes}, ${`$."${condition.key}" ? (@ ${operator} $bound)`}::jsonpath, ${JSON.stringify({ bound })}::jsonb, true)`;
  }
  if ('text' in condition) return sql`lower(${field}) = lower(${condition.text})`;
  return sql`${contacts.attributes} @> ${JSON.stringify({ [condition.key]: condition.value })}::jsonb`;
}
