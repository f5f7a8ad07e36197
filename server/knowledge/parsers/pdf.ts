/**
 * PDF → blocks through PDF.js (unpdf's build): the positioned text of every page, laid out by
 * pdf-layout. A password-protected PDF, one without text (a scan) and a damaged one each get a
 * message that says what to do.
 */
import { getResolvedPDFJS } from 'unpdf';
import { SourceContentError, type Block, type ParsedDocument } from '../document';
import { cleanInline } from './normalize';
import {
  dropRunningLines,
  fontLevels,
  itemsToLines,
  linesToBlocks,
  type PdfPage,
  type PdfTextItem,
} from './pdf-layout';

/** Fewer readable characters than this per page on average: the pages are images. */
const MIN_CHARS_PER_PAGE = 10;

const CORRUPT =
  'This PDF is damaged and cannot be read. Open it and save or export it again as a PDF, then upload that copy.';

export async function parsePdf(bytes: Uint8Array): Promise<ParsedDocument> {
  const { getDocument } = await getResolvedPDFJS();
  const task = getDocument({
    // PDF.js may take the buffer over, so it gets its own copy.
    data: new Uint8Array(bytes),
    // Errors only: PDF.js otherwise prints warnings about fonts and broken objects to the console.
    verbosity: 0,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: true,
  });
  try {
    let pdf: Awaited<typeof task.promise>;
    try {
      pdf = await task.promise;
    } catch (error) {
      if ((error as Error)?.name === 'PasswordException') {
        throw new SourceContentError(
          'encrypted',
          'This PDF is password-protected. Open it with its password, save or print it as a new PDF without a password, and upload that copy.',
        );
      }
      throw new SourceContentError('corrupt', CORRUPT);
    }

    const pages: PdfPage[] = [];
    let failed = 0;
    for (let number = 1; number <= pdf.numPages; number++) {
      try {
        const page = await pdf.getPage(number);
        const content = await page.getTextContent();
        const items: PdfTextItem[] = [];
        for (const item of content.items) {
          if (!('str' in item)) continue;
          const [, , c, d, x, y] = item.transform as number[];
          items.push({ str: item.str, x, y, width: item.width, fontSize: Math.hypot(c, d) });
        }
        const [, bottom, , top] = page.view;
        pages.push({ lines: itemsToLines(items), bottom: Math.min(bottom, top), top: Math.max(bottom, top) });
        page.cleanup();
      } catch {
        // One broken page does not lose the others.
        failed++;
        pages.push({ lines: [], bottom: 0, top: 0 });
      }
    }
    if (pdf.numPages > 0 && failed === pdf.numPages) throw new SourceContentError('corrupt', CORRUPT);

    const kept = dropRunningLines(pages, fontLevels(pages.flatMap((page) => page.lines)).bodySize);
    const chars = kept.flat().reduce((sum, line) => sum + line.text.replace(/\s/g, '').length, 0);
    if (chars < Math.max(1, pdf.numPages * MIN_CHARS_PER_PAGE)) {
      throw new SourceContentError(
        'no_text',
        'This PDF has no text to read: it looks like a scanned PDF (its pages are images). Kawan reads text PDFs; OCR it first ' +
          '(for example "Recognize text" in your PDF app or scanner software) and upload the result.',
      );
    }

    const { headingLevels } = fontLevels(kept.flat());
    const blocks: Block[] = kept.flatMap((lines, i) => linesToBlocks(lines, i + 1, headingLevels));
    const title = (await metadataTitle(pdf)) ?? firstHeading(blocks);
    return { format: 'pdf', ...(title ? { title } : {}), blocks, pages: pdf.numPages };
  } finally {
    await task.destroy().catch(() => undefined);
  }
}

async function metadataTitle(pdf: { getMetadata(): Promise<{ info: object }> }): Promise<string | undefined> {
  try {
    const { info } = await pdf.getMetadata();
    const raw = (info as { Title?: unknown }).Title;
    const title = cleanInline(typeof raw === 'string' ? raw : '')
      .replace(/^Microsoft (?:Word|PowerPoint|Excel) - /i, '')
      .replace(/\.(?:docx?|pptx?|xlsx?|pdf)$/i, '');
    return title && !/^(?:untitled|document\d*|dokumen\d*)$/i.test(title) ? title : undefined;
  } catch {
    return undefined;
  }
}

function firstHeading(blocks: Block[]): string | undefined {
  const heading = blocks.find((block) => block.kind === 'heading' && block.level === 1 && block.page === 1);
  return heading?.kind === 'heading' ? cleanInline(heading.text) : undefined;
}
