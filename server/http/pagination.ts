/** A page number from the query string: a positive integer, 1 for anything else. */
export function pageNumber(value: unknown): number {
  const page = typeof value === 'string' && /^[0-9]{1,6}$/.test(value) ? Number(value) : 1;
  return Math.max(1, page);
}

/** What a paginated list page shows under its rows (Laravel's paginator fields). */
export function pageMeta(page: number, perPage: number, total: number) {
  return {
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    total,
    from: total === 0 ? null : (page - 1) * perPage + 1,
    to: total === 0 ? null : Math.min(total, page * perPage),
  };
}
