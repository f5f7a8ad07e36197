/**
 * A walk over an HTML element (linkedom's DOM) that keeps its structure: h1–h6 → headings, a table
 * of data → a table block (header = first row), a list → one paragraph of "- " lines (nested
 * items indented), pre → a fenced paragraph, any other run of text → a paragraph. Links become
 * markdown links when they resolve to an absolute address.
 */
import type { Block } from '../document';

const SKIPPED = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'canvas',
  'iframe',
  'object',
  'embed',
  'img',
  'picture',
  'video',
  'audio',
  'map',
  'head',
  'meta',
  'link',
  'title',
  'button',
  'input',
  'select',
  'textarea',
  'option',
]);
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/** Elements that start a new block; everything else is inline. */
const BLOCKS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'center',
  'dd',
  'details',
  'dialog',
  'dir',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'header',
  'hgroup',
  'hr',
  'html',
  'li',
  'main',
  'menu',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
  'caption',
  ...HEADINGS,
]);

export interface WalkOptions {
  /** The page's address: relative links are resolved against it. */
  baseUrl?: string;
}

export function elementBlocks(root: Element, options: WalkOptions = {}): Block[] {
  const walker = new Walker(options.baseUrl);
  walker.container(root);
  walker.flush();
  return walker.blocks;
}

class Walker {
  readonly blocks: Block[] = [];
  private inline = '';

  constructor(private readonly baseUrl?: string) {}

  flush(): void {
    if (this.inline.trim()) this.blocks.push({ kind: 'paragraph', text: this.inline });
    this.inline = '';
  }

  container(element: Element): void {
    for (const node of Array.from(element.childNodes)) {
      if (node.nodeType === 3) {
        this.inline += collapse(node.textContent ?? '');
        continue;
      }
      if (node.nodeType !== 1) continue;
      const child = node as Element;
      const tag = child.localName.toLowerCase();
      if (SKIPPED.has(tag)) continue;
      if (tag === 'br') {
        this.inline += '\n';
      } else if (!BLOCKS.has(tag) && !hasBlockInside(child)) {
        this.inline += this.inlineText(child);
      } else {
        this.flush();
        this.block(child, tag);
        this.flush();
      }
    }
  }

  private block(element: Element, tag: string): void {
    if (HEADINGS.has(tag)) {
      this.blocks.push({ kind: 'heading', level: Number(tag[1]), text: this.inlineText(element) });
    } else if (tag === 'p') {
      this.blocks.push({ kind: 'paragraph', text: this.inlineText(element) });
    } else if (tag === 'ul' || tag === 'ol' || tag === 'menu' || tag === 'dir') {
      this.blocks.push({ kind: 'paragraph', text: this.list(element, 0).join('\n') });
    } else if (tag === 'dl') {
      this.blocks.push({ kind: 'paragraph', text: this.definitions(element) });
    } else if (tag === 'pre') {
      this.blocks.push({
        kind: 'paragraph',
        text: `\`\`\`\n${(element.textContent ?? '').replace(/\n$/, '')}\n\`\`\``,
      });
    } else if (tag === 'table') {
      this.table(element);
    } else if (tag !== 'hr') {
      this.container(element);
    }
  }

  private table(table: Element): void {
    if (isLayoutTable(table)) {
      for (const cell of tableRows(table).flatMap(rowCells)) {
        this.container(cell);
        this.flush();
      }
      return;
    }
    const caption = childrenNamed(table, 'caption')[0];
    if (caption) this.blocks.push({ kind: 'paragraph', text: this.inlineText(caption) });
    const rows = tableRows(table).map((row) =>
      rowCells(row).flatMap((cell) => {
        const span = Math.min(50, Math.max(1, Number(cell.getAttribute('colspan')) || 1));
        return [this.inlineText(cell).replace(/\s*\n\s*/g, ' '), ...Array<string>(span - 1).fill('')];
      }),
    );
    if (rows.length === 0) return;
    this.blocks.push({ kind: 'table', header: rows[0], rows: rows.slice(1) });
  }

  /** A list as markdown lines; nested lists indented two spaces a level. */
  private list(list: Element, depth: number): string[] {
    const ordered = list.localName.toLowerCase() === 'ol';
    const start = Number(list.getAttribute('start')) || 1;
    const lines: string[] = [];
    let n = start;
    for (const item of childrenNamed(list, 'li')) {
      const nested: string[] = [];
      const own = this.inlineText(item, (child) => {
        const tag = child.localName.toLowerCase();
        if (tag === 'ul' || tag === 'ol') {
          nested.push(...this.list(child, depth + 1));
          return true;
        }
        return false;
      });
      const marker = ordered ? `${n++}.` : '-';
      const text = own.replace(/\s*\n\s*/g, ' ').trim();
      if (text) lines.push(`${'  '.repeat(depth)}${marker} ${text}`);
      lines.push(...nested);
    }
    return lines;
  }

  private definitions(list: Element): string {
    const lines: string[] = [];
    for (const child of Array.from(list.children)) {
      const tag = child.localName.toLowerCase();
      const text = this.inlineText(child)
        .replace(/\s*\n\s*/g, ' ')
        .trim();
      if (!text) continue;
      if (tag === 'dt') lines.push(text);
      else if (tag === 'dd' && lines.length > 0 && !lines[lines.length - 1].includes(': '))
        lines[lines.length - 1] += `: ${text}`;
      else lines.push(text);
    }
    return lines.join('\n');
  }

  /**
   * The text of an element as one run: block children are separated by spaces, `<br>` by a
   * newline, links written `[text](address)`. `claim` may take a child out (nested lists).
   */
  inlineText(element: Element, claim?: (child: Element) => boolean): string {
    let text = '';
    for (const node of Array.from(element.childNodes)) {
      if (node.nodeType === 3) {
        text += collapse(node.textContent ?? '');
        continue;
      }
      if (node.nodeType !== 1) continue;
      const child = node as Element;
      const tag = child.localName.toLowerCase();
      if (SKIPPED.has(tag) || claim?.(child)) continue;
      if (tag === 'br') text += '\n';
      else if (tag === 'a') text += this.link(child, claim);
      else if (BLOCKS.has(tag)) text += ` ${this.inlineText(child, claim)} `;
      else text += this.inlineText(child, claim);
    }
    return text;
  }

  private link(anchor: Element, claim?: (child: Element) => boolean): string {
    const text = this.inlineText(anchor, claim);
    const label = text.replace(/\s+/g, ' ').trim();
    const href = resolveHref(anchor.getAttribute('href'), this.baseUrl);
    if (!label || !href || href === label || href.replace(/^mailto:|^tel:/, '') === label) return text;
    const before = /^\s/.test(text) ? ' ' : '';
    const after = /\s$/.test(text) ? ' ' : '';
    return `${before}[${label.replace(/[[\]]/g, '\\$&')}](${href.replace(/[()\s]/g, encodeURIComponent)})${after}`;
  }
}

/** HTML whitespace: any run of it is one space. */
function collapse(text: string): string {
  return text.replace(/[ \t\n\r\f]+/g, ' ');
}

function resolveHref(href: string | null, baseUrl?: string): string | undefined {
  if (!href || href.startsWith('#')) return undefined;
  try {
    const url = baseUrl ? new URL(href, baseUrl) : new URL(href);
    return ['http:', 'https:', 'mailto:', 'tel:'].includes(url.protocol) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function hasBlockInside(element: Element): boolean {
  return Array.from(element.children).some((child) => {
    const tag = child.localName.toLowerCase();
    return (BLOCKS.has(tag) && tag !== 'br') || hasBlockInside(child);
  });
}

function childrenNamed(element: Element, ...names: string[]): Element[] {
  return Array.from(element.children).filter((child) => names.includes(child.localName.toLowerCase()));
}

function tableRows(table: Element): Element[] {
  return childrenNamed(table, 'thead', 'tbody', 'tfoot', 'tr').flatMap((child) =>
    child.localName.toLowerCase() === 'tr' ? [child] : childrenNamed(child, 'tr'),
  );
}

function rowCells(row: Element): Element[] {
  return childrenNamed(row, 'td', 'th');
}

/** A table used to lay out a page, not to hold data: its cells hold tables or headings, or it says so. */
function isLayoutTable(table: Element): boolean {
  const role = table.getAttribute('role');
  if (role === 'presentation' || role === 'none') return true;
  return tableRows(table)
    .flatMap(rowCells)
    .some((cell) => cell.querySelector('table, h1, h2, h3, h4, h5, h6') !== null);
}
