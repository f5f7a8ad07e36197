/** A search term for `ilike`: its `%`, `_` and backslash match themselves. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}
