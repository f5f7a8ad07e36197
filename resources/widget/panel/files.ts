import type { WidgetAttachment } from '../../../server/channels/web/protocol';
import type { PanelWords } from '../strings';
import { h, icon } from './dom';

/**
 * Files in the chat: what the visitor may send (checked before it goes, in the widget's words; the
 * server reads the kind from the bytes again), and how a message's files are drawn: a picture in
 * the bubble, anything else a button that downloads it. The bytes come through the visitor's token
 * (`fileUrl`), never a public link.
 */

const extensions = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'pdf', 'docx', 'xlsx', 'txt', 'csv'];
const imageTypes = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

/** Why the file cannot be sent, or null. */
export function fileProblem(
  file: Pick<File, 'name' | 'size'>,
  maxBytes: number,
  t: Pick<PanelWords, 'fileTooBig' | 'fileKind'>,
): string | null {
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1].toLowerCase() ?? '';
  if (!extensions.includes(extension)) return t.fileKind;
  if (file.size > maxBytes) return t.fileTooBig(Math.floor(maxBytes / (1024 * 1024)) || 1);
  return null;
}

/** How the chat shows a file on its way, before the server has read it. */
export function pendingAttachment(file: Pick<File, 'name' | 'size' | 'type'>): WidgetAttachment {
  return {
    index: 0,
    name: file.name,
    mime: file.type || 'application/octet-stream',
    size: file.size,
    kind: imageTypes.includes(file.type) ? 'image' : 'file',
  };
}

/** "12 KB", "1.4 MB". */
export function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
}

const fileIcon = 'M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z|M14 3v5h5';

/** A message's files; `url` gives each one's address (an object URL) when it is needed. */
export function renderFiles(
  attachments: WidgetAttachment[],
  url: (attachment: WidgetAttachment) => Promise<string>,
  t: Pick<PanelWords, 'download' | 'fileNotLoaded'>,
): HTMLElement {
  const download = (attachment: WidgetAttachment) => {
    const button = h(
      'button',
      { type: 'button', class: 'kw-file', 'aria-label': t.download(attachment.name) },
      icon(fileIcon),
      h('span', { class: 'kw-file-name' }, attachment.name),
      h('span', { class: 'kw-file-size' }, fileSize(attachment.size)),
    );
    button.addEventListener('click', () => {
      url(attachment).then(
        (href) => {
          const link = h('a', { href, download: attachment.name, hidden: true });
          button.after(link);
          link.click();
          link.remove();
        },
        () => button.setAttribute('title', t.fileNotLoaded),
      );
    });
    return button;
  };
  const picture = (attachment: WidgetAttachment) => {
    const image = h('img', { class: 'kw-image', alt: attachment.name });
    const link = h('a', { class: 'kw-image-link', target: '_blank', rel: 'noopener noreferrer' }, image);
    url(attachment).then(
      (href) => {
        image.src = href;
        link.href = href;
      },
      // A picture that cannot be shown is still there to download.
      () => link.replaceWith(download(attachment)),
    );
    image.addEventListener('error', () => link.replaceWith(download(attachment)));
    return link;
  };
  return h(
    'div',
    { class: 'kw-files' },
    ...attachments.map((attachment) => (attachment.kind === 'image' ? picture(attachment) : download(attachment))),
  );
}
