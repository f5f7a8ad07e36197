import type { Request, Response } from 'express';

/**
 * A 303 to the page the request came from when that page is Kawan's own (the same form is on several
 * pages: a contact's notes on the contact's page and beside each conversation), else to `fallback`.
 * A referer of another site is never followed.
 */
export function redirectBack(req: Request, res: Response, fallback: string): void {
  const from = req.get('referer');
  const app = req.services.config.app.url;
  res.redirect(303, from && (from === app || from.startsWith(`${app}/`)) ? from : fallback);
}
