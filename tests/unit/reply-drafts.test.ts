// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { clearAllDrafts, clearDraft, draftsKept, draftTtlMs, readDraft, saveDraft } from '@/lib/reply-drafts';

beforeEach(() => window.localStorage.clear());

describe('reply drafts', () => {
  it('keeps the words and the mode per person and conversation', () => {
    saveDraft(1, 5, 'Halo Kak, pesanan', 'reply', 1000);
    saveDraft(1, 6, 'Cek stok dulu', 'note', 2000);
    saveDraft(2, 5, 'Draf orang lain', 'reply', 3000);
    expect(readDraft(1, 5, 5000)).toEqual({ text: 'Halo Kak, pesanan', mode: 'reply', at: 1000 });
    expect(readDraft(1, 6, 5000)).toEqual({ text: 'Cek stok dulu', mode: 'note', at: 2000 });
    expect(readDraft(2, 5, 5000)?.text).toBe('Draf orang lain');
    expect(readDraft(1, 7, 5000)).toBeNull();
  });

  it('removes a draft emptied, cleared, or a week old', () => {
    saveDraft(1, 5, 'Halo', 'reply', 1000);
    saveDraft(1, 5, '   ', 'reply', 2000);
    expect(readDraft(1, 5, 3000)).toBeNull();
    saveDraft(1, 5, 'Halo', 'reply', 1000);
    clearDraft(1, 5);
    expect(readDraft(1, 5, 3000)).toBeNull();
    saveDraft(1, 5, 'Lama', 'reply', 1000);
    expect(readDraft(1, 5, 1000 + draftTtlMs + 1)).toBeNull();
    expect(window.localStorage.length).toBe(0);
  });

  it('keeps the newest 50, and forgets them all at log out, nothing else', () => {
    window.localStorage.setItem('other', 'kept');
    for (let i = 0; i < draftsKept + 5; i++) saveDraft(1, i, `draf ${i}`, 'reply', 1000 + i);
    expect(readDraft(1, 0, 2000)).toBeNull();
    expect(readDraft(1, 4, 2000)).toBeNull();
    expect(readDraft(1, 5, 2000)?.text).toBe('draf 5');
    expect(readDraft(1, draftsKept + 4, 2000)?.text).toBe(`draf ${draftsKept + 4}`);
    clearAllDrafts();
    expect(readDraft(1, draftsKept + 4, 2000)).toBeNull();
    expect(window.localStorage.getItem('other')).toBe('kept');
  });

  it('ignores what it cannot read', () => {
    window.localStorage.setItem('kawan.reply-draft.1.5', '{not json');
    expect(readDraft(1, 5)).toBeNull();
    window.localStorage.setItem('kawan.reply-draft.1.5', JSON.stringify({ text: 3 }));
    expect(readDraft(1, 5)).toBeNull();
  });
});
