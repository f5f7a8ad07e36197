import type { Request, Response } from 'express';
import type { Assets } from './vite';
import { renderDocument } from './document';
import type { Page } from './page';
import { always, type PropBag } from './props';
import { resolveProps, type PropRequest } from './resolve';
import { reflash } from '../middleware/session';
import { csrfToken } from '../middleware/csrf';
import { cspNonce } from '../middleware/security-headers';

export interface InertiaOptions {
  appName: string;
  assets: Assets;
  /** Shared props for this request (lazy values welcome). */
  share: (req: Request) => PropBag;
  /** The route manifest for this request, as script-safe JSON. */
  ziggy: (req: Request) => string;
}

/** Adds X-Inertia to the response's Vary header (once; `res.vary` parses the header each time). */
export function varyOnInertia(res: Response): void {
  const vary = res.getHeader('Vary');
  if (vary === undefined) res.setHeader('Vary', 'X-Inertia');
  else if (!/(^|,)\s*x-inertia\s*(,|$)/i.test(String(vary))) res.vary('X-Inertia');
}

export type ErrorBags = Record<string, Record<string, string>>;

/** A request header as one string (Express's `req.get` lowercases the name on every call). */
const header = (req: Request, name: string) => req.headers[name] as string | undefined;

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/**
 * The Inertia server side for one request: created by the middleware for each request, so no
 * shared props or page state can leak from one request into another.
 */
export class Inertia {
  private readonly shared: PropBag;
  private encrypt = false;
  private clear = false;

  constructor(
    private readonly req: Request,
    private readonly res: Response,
    private readonly options: InertiaOptions,
  ) {
    this.shared = {};
  }

  get isInertia(): boolean {
    return this.req.headers['x-inertia'] !== undefined;
  }

  version(): string {
    return this.options.assets.version();
  }

  share(key: string, value: unknown): this {
    this.shared[key] = value;
    return this;
  }

  encryptHistory(encrypt = true): this {
    this.encrypt = encrypt;
    return this;
  }

  /** Clears the client's encrypted history on the next page this session renders (after logout). */
  clearHistory(): void {
    this.req.session._flash = { ...(this.req.session._flash ?? {}), _clearHistory: true };
    this.clear = true;
  }

  /** One-shot data on the next page object's `flash` field (banner, status…). */
  flash(key: string, value: unknown): this {
    const current = (this.req.session._flash?.page as Record<string, unknown> | undefined) ?? {};
    this.req.session._flash = { ...(this.req.session._flash ?? {}), page: { ...current, [key]: value } };
    return this;
  }

  async page(component: string, props: PropBag = {}): Promise<Page> {
    const req = this.req;
    const partial = this.isInertia && header(req, 'x-inertia-partial-component') === component;
    const request: PropRequest = {
      partial,
      only: partial ? list(header(req, 'x-inertia-partial-data')) : [],
      except: partial ? list(header(req, 'x-inertia-partial-except')) : [],
      reset: list(header(req, 'x-inertia-reset')),
      exceptOnce: list(header(req, 'x-inertia-except-once-props')),
    };
    const shared = { ...this.options.share(req), ...this.shared };
    const all: PropBag = { ...shared, ...props, errors: always(() => this.errors()) };
    const { props: resolved, meta } = await resolveProps(all, request);
    const flashed = req.flashed?.page as Record<string, unknown> | undefined;
    const page: Page = {
      component,
      props: resolved as Page['props'],
      url: req.originalUrl,
      version: this.version(),
      ...meta,
    };
    if (partial) delete page.deferredProps;
    const sharedKeys = Object.keys(shared);
    if (sharedKeys.length > 0) page.sharedProps = sharedKeys;
    if (flashed && Object.keys(flashed).length > 0) page.flash = flashed;
    if (this.encrypt) page.encryptHistory = true;
    if (this.clear || req.flashed?._clearHistory) page.clearHistory = true;
    return page;
  }

  /** Renders a page: JSON for Inertia visits, the HTML document for first loads. */
  async render(component: string, props: PropBag = {}, status = 200): Promise<void> {
    const page = await this.page(component, props);
    const res = this.res;
    // Vary: X-Inertia was set by the middleware that made this object.
    res.status(status);
    if (this.isInertia) {
      // Written as it is (res.json would parse the content type it sets and check freshness).
      const body = JSON.stringify(page);
      res.setHeader('X-Inertia', 'true');
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.setHeader('Content-Length', Buffer.byteLength(body));
      res.end(body);
      return;
    }
    const nonce = cspNonce(res);
    res.type('html').send(
      renderDocument({
        page,
        appName: this.options.appName,
        csrfToken: csrfToken(this.req),
        ziggyJson: this.options.ziggy(this.req),
        assetTags: this.options.assets.tags(nonce, page.component),
        nonce,
      }),
    );
  }

  /** A full page load of `url` (outside the SPA, or to another site). */
  location(url: string): void {
    if (this.isInertia) {
      this.res.status(409).set('X-Inertia-Location', url).end();
      return;
    }
    this.res.redirect(302, url);
  }

  /** The version check of the protocol: a stale GET visit reloads the whole page. */
  isStale(): boolean {
    return (
      this.isInertia && this.req.method === 'GET' && (header(this.req, 'x-inertia-version') ?? '') !== this.version()
    );
  }

  respondStale(absoluteUrl: string): void {
    reflash(this.req);
    this.res.status(409).set('X-Inertia-Location', absoluteUrl).set('X-Inertia-Version', this.version()).end();
  }

  /** Validation errors flashed by the previous request, in the bag the form asked for. */
  private errors(): Record<string, unknown> {
    const bags = (this.req.flashed?.errors as ErrorBags | undefined) ?? {};
    const { default: plain, ...named } = bags;
    const requested = header(this.req, 'x-inertia-error-bag');
    if (!plain) return named;
    if (requested) return { ...named, [requested]: plain };
    return Object.keys(named).length === 0 ? plain : { ...named, default: plain };
  }
}
