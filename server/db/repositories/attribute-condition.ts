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
  if ('day' in condition) {
    // Today in the team's time zone, as the database's clock has it when the statement runs.
    const today = sql`(now() at time zone (select t.timezone from teams t where t.id = ${contacts.teamId}))`;
    return sql`(${field} like '____-__-__' and right(${field}, 5) in (to_char(${today}, 'MM-DD'), case when to_char(${today}, 'MM-DD') = '02-28' and to_char(${today} + interval '1 day', 'MM-DD') = '03-01' then '02-29' end))`;
  }
  if ('days' in condition) {
    const days = condition.days.filter((day) => /^\d{2}-\d{2}$/.test(day));
    if (days.length === 0) return sql`false`;
    return sql`(${field} like '____-__-__' and right(${field}, 5) in (${sql.join(
      days.map((day) => sql`${day}`),
      sql`, `,
    )}))`;
  }
  if ('min' in condition || 'max' in condition) {
    // A JSON path in lax mode, silent: a value that is no number is not compared, nothing is cast.
    const [operator, bound] = 'min' in condition ? ['>=', condition.min] : ['<=', condition.max];
    return sql`jsonb_path_exists(${contacts.attributes}, ${`$."${condition.key}" ? (@ ${operator} $bound)`}::jsonpath, ${JSON.stringify({ bound })}::jsonb, true)`;
  }
  if ('text' in condition) return sql`lower(${field}) = lower(${condition.text})`;
  return sql`${contacts.attributes} @> ${JSON.stringify({ [condition.key]: condition.value })}::jsonb`;
}
