import { h, icon, icons } from './dom';
import { renderMarkdown, safeUrl } from './markdown';
import type { ChatMessage } from './messages';
import { englishWords, type PanelWords } from '../strings';
import type { WidgetAttachment } from '../../../server/channels/web/protocol';
import { renderFiles } from './files';

export interface MessageActions {
  feedback(id: number, value: 'up' | 'down' | null): void;
  retry(clientId: string): void;
  /** An object URL of one of the message's files (the local file while it is on its way). */
  fileUrl(message: ChatMessage, attachment: WidgetAttachment): Promise<string>;
}

/** One entry of the chat log. Server text goes in as text nodes, or as markdown.ts's escaped HTML. */
export function renderMessage(
  message: ChatMessage,
  actions: MessageActions,
  botName: string,
  t: PanelWords = englishWords,
): HTMLElement {
  const mine = message.sender === 'contact';
  const who = mine ? t.you : message.sender === 'agent' ? message.senderName || t.agent : botName;
  const classes = ['kw-msg', mine ? 'kw-mine' : '', message.streaming ? 'kw-streaming' : ''].filter(Boolean);
  const element = h(
    'div',
    { class: classes.join(' '), 'aria-busy': message.streaming || message.status === 'sending' ? 'true' : null },
    message.sender === 'agent' ? h('div', { class: 'kw-name', 'aria-hidden': 'true' }, who) : null,
    h(
      'div',
      { class: 'kw-bubble' },
      h('span', { class: 'kw-sr' }, `${who}: `),
      h('div', { html: renderMarkdown(message.text) }),
    ),
  );
  // The markdown's paragraphs sit directly in the bubble (so the streaming caret follows the last one).
  const bubble = element.querySelector('.kw-bubble')!;
  const body = bubble.lastElementChild!;
  body.replaceWith(...body.childNodes);
  if (message.attachments?.length) {
    bubble.append(renderFiles(message.attachments, (attachment) => actions.fileUrl(message, attachment), t));
  }
  if (message.streaming && message.text.trim() === '') {
    bubble.replaceWith(
      h('div', { class: 'kw-dots', role: 'img', 'aria-label': t.writing(who) }, h('i'), h('i'), h('i')),
    );
  }

  if (message.status === 'failed' && message.clientId) {
    const clientId = message.clientId;
    element.append(
      h(
        'div',
        { class: 'kw-meta kw-failed' },
        t.notSent,
        h('button', { type: 'button', class: 'kw-link', onclick: () => actions.retry(clientId) }, t.retry),
      ),
    );
  }

  if (message.sender === 'bot' && !message.streaming && message.id !== null) {
    const citations = (message.citations ?? []).filter((citation) => citation.title || citation.url);
    if (citations.length > 0) {
      element.append(
        h(
          'ul',
          { class: 'kw-sources', 'aria-label': t.sources },
          ...citations.map((citation) => {
            const url = citation.url ? safeUrl(citation.url) : null;
            const title = citation.title || citation.url || '';
            const markers = (citation.markers ?? []).filter((marker) => Number.isInteger(marker));
            return h(
              'li',
              {},
              ...(markers.length > 0 ? [h('span', { class: 'kw-marker' }, `[${markers.join('][')}] `)] : []),
              url ? h('a', { href: url, target: '_blank', rel: 'noopener noreferrer', title }, title) : title,
            );
          }),
        ),
      );
    }
    const id = message.id;
    const thumb = (value: 'up' | 'down', label: string) =>
      h(
        'button',
        {
          type: 'button',
          class: 'kw-thumb',
          'aria-label': label,
          'aria-pressed': String(message.feedback === value),
          onclick: () => actions.feedback(id, message.feedback === value ? null : value),
        },
        icon(icons[value]),
      );
    if (!message.smallTalk) {
      element.append(h('div', { class: 'kw-meta' }, thumb('up', t.helpful), thumb('down', t.notHelpful)));
    }
  }
  return element;
}
