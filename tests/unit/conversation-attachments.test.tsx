// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import MessageItem from '@/Pages/Conversations/Partials/MessageItem';
import type { Attachment, Message } from '@/Pages/Conversations/Partials/types';

afterEach(cleanup);

const url = '/conversations/5/messages/9/attachments/0';

function attachment(overrides: Partial<Attachment>): Attachment {
  return {
    kind: 'file',
    mime: null,
    name: null,
    size: null,
    status: 'stored',
    url,
    error: null,
    transcribed: false,
    ...overrides,
  };
}

function show(attachments: Attachment[], text = '') {
  const message: Message = {
    id: 9,
    direction: 'inbound',
    sender: 'contact',
    kind: 'image',
    text,
    template_name: null,
    choices: [],
    attachments,
    sender_name: null,
    status: 'received',
    error: null,
    created_at: new Date().toISOString(),
    ai: null,
    feedback: null,
    mentions: [],
  };
  render(
    <ul>
      <MessageItem message={message} contactName="Budi" />
    </ul>,
  );
  return screen.getByRole('list', { name: 'Attachments' });
}

describe('a message’s files in the thread', () => {
  it('shows a picture as a thumbnail linking to the file', () => {
    show([attachment({ kind: 'image', mime: 'image/jpeg', size: 48_000 })], 'Struk');
    const image = screen.getByRole('img', { name: 'Image from the contact' });
    expect(image.getAttribute('src')).toBe(url);
    expect(image.closest('a')?.getAttribute('href')).toBe(url);
  });

  it('plays a recording with the browser’s controls', () => {
    const list = show([attachment({ kind: 'audio', mime: 'audio/ogg' })]);
    const audio = list.querySelector('audio')!;
    expect(audio.getAttribute('src')).toBe(url);
    expect(audio.hasAttribute('controls')).toBe(true);
    expect(list.textContent).not.toContain('Transcribed');
  });

  it('says when a voice note was transcribed (its words are the message)', () => {
    const list = show(
      [attachment({ kind: 'audio', mime: 'audio/ogg', transcribed: true })],
      'Outlet Kemang buka jam berapa?',
    );
    expect(screen.getByText('Outlet Kemang buka jam berapa?')).toBeTruthy();
    expect(list.textContent).toContain('Transcribed: the words above are what the bot read.');
  });

  it('offers any other file as a download with its name and size', () => {
    show([attachment({ kind: 'file', mime: 'application/pdf', name: 'Invoice Maret.pdf', size: 1_572_864 })]);
    const link = screen.getByRole('link', { name: /Invoice Maret\.pdf/ });
    expect(link.getAttribute('href')).toBe(url);
    expect(link.getAttribute('download')).toBe('Invoice Maret.pdf');
    expect(link.textContent).toContain('1.5 MB');
  });

  it('says a file is being fetched, or why it is not there', () => {
    const list = show([
      attachment({ kind: 'image', status: 'pending', url: null }),
      attachment({
        kind: 'file',
        name: 'big.mp4',
        status: 'failed',
        url: null,
        error: 'The media is larger than 16 MB',
      }),
    ]);
    expect(screen.getByRole('status').textContent).toContain('Fetching media…');
    expect(screen.getByRole('note').textContent).toBe('big.mp4 not available: The media is larger than 16 MB');
    expect(list.querySelectorAll('a, img, audio')).toHaveLength(0);
  });
});
