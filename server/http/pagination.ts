/** A page number from the query string: a positive integer, 1 for anything else. */
export function pageNumber(value: unknown): number {
  const page = typeof value === 'string' && /^[0-9]{1,6}$/.test(value) ? Number(value) : 1;
  return Math.max(1, page);
}

/**
 * What a paginated list page shows under its rows (Laravel's paginator fields). `from` and `to` are
 * null on a page with no rows, as Laravel's `firstItem()` and `lastItem()` are: none at all, or a
 * page past the last one (it said "Showing 97 to 1 of 1").
 */
export function pageMeta(page: number, perPage: number, total: number) {
  const empty = (page - 1) * perPage >= total;
  return {
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    total,
    from: empty ? null : (page - 1) * perPage + 1,
    to: empty ? null : Math.min(total, page * perPage),
  };
}
