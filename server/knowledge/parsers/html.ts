/**
 * HTML → blocks. A page loses its chrome first (navigation, header, footer, sidebars, scripts,
 * forms, cookie banners); its main content is `<main>`/`<article>` when it has one, otherwise what
 * Readability finds, otherwise the cleaned `<body>`. The title is Readability's, the `<title>`, or
 * the first H1.
 */
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import type { Block, ParsedDocument } from '../document';
import { elementBlocks } from './html-blocks';
import { cleanInline } from './normalize';

const CHROME = [
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'iframe',
  'nav',
  'aside',
  'dialog',
  'button',
  'select',
  'textarea',
  '[role=navigation]',
  '[role=banner]',
  '[role=contentinfo]',
  '[role=complementary]',
  '[role=search]',
  '[role=dialog]',
  '[role=alertdialog]',
  '[hidden]',
].join(', ');
const CHROME_NAME =
  /(?:^|[\s_-])(?:cookie|cookies|consent|gdpr|cc-window|newsletter|popup|modal|advert|ads|adsbygoogle|share|sharing|social|breadcrumbs?|skip-link|sr-only|visually-hidden)(?:$|[\s_-])/i;
const CONTENT = 'p, h1, h2, h3, h4, h5, h6, table, article, main';

/** Readability must keep at least this many characters for its pick to be used. */
const MIN_ARTICLE_CHARS = 200;
const READABILITY_MAX_ELEMENTS = 20_000;

export interface HtmlOptions {
  /** The page's address: relative links are resolved against it. */
  url?: string;
}

export function parseHtmlDocument(html: string, options: HtmlOptions = {}): ParsedDocument {
  const { document } = parseHTML(shell(html));
  const baseUrl = baseUrlOf(document, options.url);
  const pageTitle = titleOf(document);
  stripChrome(document);

  const main = mainElement(document);
  if (main) return result(elementBlocks(main, { baseUrl }), pageTitle);

  const body = document.body;
  // Readability is slow on very large pages (seconds past ~20,000 elements); those keep their body.
  const article = document.querySelectorAll('*').length <= READABILITY_MAX_ELEMENTS ? readArticle(html) : null;
  if (article && (lengthOf(article.text) >= lengthOf(body.textContent ?? '') / 2 || linkDensity(body) > 0.2)) {
    const { document: content } = parseHTML(shell(article.content));
    stripChrome(content);
    return result(elementBlocks(content.body, { baseUrl }), cleanInline(article.title) || pageTitle);
  }
  return result(elementBlocks(body, { baseUrl }), pageTitle);
}

/** A fragment's blocks (HTML inside Markdown, mammoth's output): no chrome to strip, no Readability. */
export function htmlFragmentBlocks(html: string, options: HtmlOptions = {}): Block[] {
  const { document } = parseHTML(shell(html));
  return elementBlocks(document.body, { baseUrl: options.url });
}

function result(blocks: Block[], title?: string): ParsedDocument {
  const firstH1 = blocks.find((block) => block.kind === 'heading' && block.level === 1);
  const resolvedTitle = title || (firstH1?.kind === 'heading' ? cleanInline(firstH1.text) : undefined);
  return { format: 'html', ...(resolvedTitle ? { title: resolvedTitle } : {}), blocks };
}

/**
 * linkedom builds what the markup says and no more (no implied <html>/<body>), so the markup is
 * put in a complete shell first: the head's content in <head>, the body's (or everything else) in <body>.
 */
function shell(html: string): string {
  const head = /<head(?:\s[^>]*)?>([\s\S]*?)<\/head\s*>/i.exec(html)?.[1] ?? '';
  const bodyMatch = /<body(?:\s[^>]*)?>([\s\S]*?)(?:<\/body\s*>|$)/i.exec(html);
  const body =
    bodyMatch?.[1] ??
    html
      .replace(/<head(?:\s[^>]*)?>[\s\S]*?<\/head\s*>/i, '')
      .replace(/<!doctype[^>]*>|<\/?html(?:\s[^>]*)?>|<\?xml[^>]*>/gi, '');
  return `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
}

function baseUrlOf(document: Document, url?: string): string | undefined {
  const base = document.querySelector('base[href]')?.getAttribute('href');
  try {
    if (base) return new URL(base, url).href;
  } catch {
    // A relative <base> without a page address: fall back to the address.
  }
  return url;
}

function titleOf(document: Document): string | undefined {
  const title = cleanInline(document.querySelector('title')?.textContent ?? '');
  const og = cleanInline(document.querySelector('meta[property="og:title"]')?.getAttribute('content') ?? '');
  return title || og || undefined;
}

function stripChrome(document: Document): void {
  for (const element of Array.from(document.querySelectorAll(CHROME))) element.remove();
  // A name or aria-hidden only marks chrome when the element holds a small part of the page: a
  // wrapper can be aria-hidden behind an open dialog, or be called "cookie-policy" on that page.
  const pageLength = lengthOf(document.body.textContent ?? '');
  const small = (element: Element) => lengthOf(element.textContent ?? '') <= pageLength / 2;
  for (const element of Array.from(document.querySelectorAll('header, footer, form, [aria-hidden], [class], [id]'))) {
    if (!element.isConnected) continue;
    const tag = element.localName.toLowerCase();
    if (tag === 'header' || tag === 'footer') {
      // An article's own header (its title, its date) is content; the page's is chrome.
      if (!element.parentElement?.closest('article, main, [role=main]')) element.remove();
    } else if (tag === 'form') {
      // Some sites wrap the whole page in one form: only a form without content goes.
      if (!element.querySelector(CONTENT)) element.remove();
    } else if (
      !['html', 'body', 'main', 'article'].includes(tag) &&
      (element.getAttribute('aria-hidden') === 'true' ||
        CHROME_NAME.test(`${element.getAttribute('class') ?? ''} ${element.getAttribute('id') ?? ''}`)) &&
      small(element)
    ) {
      element.remove();
    }
  }
  for (const element of Array.from(document.querySelectorAll('[style]'))) {
    if (/display\s*:\s*none|visibility\s*:\s*hidden/i.test(element.getAttribute('style') ?? '')) element.remove();
  }
}

function mainElement(document: Document): Element | null {
  const mains = document.querySelectorAll('main, [role=main]');
  if (mains.length === 1 && lengthOf(mains[0].textContent ?? '') > 0) return mains[0];
  const articles = Array.from(document.querySelectorAll('article')).filter(
    (article) => !article.parentElement?.closest('article'),
  );
  if (articles.length === 1 && lengthOf(articles[0].textContent ?? '') > 0) return articles[0];
  return null;
}

/** Readability's pick of the main content, from its own copy of the page (it rewrites the one it reads). */
function readArticle(html: string): { title: string; content: string; text: string } | null {
  try {
    const { document } = parseHTML(shell(html));
    const article = new Readability(document, {
      maxElemsToParse: READABILITY_MAX_ELEMENTS * 2,
      keepClasses: false,
    }).parse();
    if (!article?.content || lengthOf(article.textContent ?? '') < MIN_ARTICLE_CHARS) return null;
    return { title: article.title ?? '', content: article.content, text: article.textContent ?? '' };
  } catch {
    // Readability gives up on some pages (too many elements, odd markup): the body is used.
    return null;
  }
}

function lengthOf(text: string): number {
  return text.replace(/\s+/g, '').length;
}

/** The share of the text that is link text: high on navigation-heavy pages. */
function linkDensity(element: Element): number {
  const total = lengthOf(element.textContent ?? '');
  if (total === 0) return 0;
  const links = Array.from(element.querySelectorAll('a')).reduce((sum, a) => sum + lengthOf(a.textContent ?? ''), 0);
  return links / total;
}
