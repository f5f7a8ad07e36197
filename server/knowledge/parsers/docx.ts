/**
 * DOCX → HTML (mammoth) → the same blocks as an HTML file: Word headings (and the Title style)
 * become heading blocks, tables table blocks, lists "- " paragraphs. Images are not read.
 */
import mammoth from 'mammoth';
import { SourceContentError, type ParsedDocument } from '../document';
import { htmlFragmentBlocks } from './html';
import { cleanInline } from './normalize';
import { guardOfficeZip, readZipText } from './zip';

const KIND = 'Word document';

const STYLE_MAP = ["p[style-name='Title'] => h1:fresh", "p[style-name='Subtitle'] => h2:fresh"];

export async function parseDocx(bytes: Uint8Array): Promise<ParsedDocument> {
  const entries = guardOfficeZip(bytes, KIND);
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
      // An image is never unpacked: the element gets no source and the walker skips it.
      { styleMap: STYLE_MAP, convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: '' })) },
    );
    html = result.value;
  } catch {
    throw new SourceContentError(
      'corrupt',
      `This ${KIND} is damaged and cannot be opened. Open it, save it again (or "Save as" a new file) and upload that copy.`,
    );
  }
  const blocks = htmlFragmentBlocks(html);
  const firstH1 = blocks.find((block) => block.kind === 'heading' && block.level === 1);
  const title =
    coreTitle(readZipText(bytes, entries, 'docProps/core.xml')) ??
    (firstH1?.kind === 'heading' ? cleanInline(firstH1.text) : undefined);
  return { format: 'docx', ...(title ? { title } : {}), blocks };
}

/** dc:title from the document's properties. */
function coreTitle(xml: string | undefined): string | undefined {
  const raw = xml && /<dc:title(?:\s[^>]*)?>([\s\S]*?)<\/dc:title>/.exec(xml)?.[1];
  if (!raw) return undefined;
  const title = cleanInline(
    raw
      .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&#(\d+);/g, (_, code: string) => codePoint(Number(code)))
      .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => codePoint(parseInt(code, 16)))
      .replace(/&amp;/g, '&'),
  );
  return title || undefined;
}

function codePoint(code: number): string {
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
}
