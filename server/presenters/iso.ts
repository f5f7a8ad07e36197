/** A timestamp as the pages and the API show it: ISO 8601 in UTC, or null. */
export const iso = (value: Date | string | null | undefined): string | null =>
  value ? new Date(value).toISOString() : null;
