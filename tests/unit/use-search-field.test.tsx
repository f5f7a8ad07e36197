// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DELAY_MS, useSearchField } from '@/hooks/use-search-field';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function field(shown = '') {
  const searched: string[] = [];
  const hook = renderHook(({ shown }) => useSearchField(shown, (text) => searched.push(text)), {
    initialProps: { shown },
  });
  return { ...hook, searched };
}

describe('useSearchField', () => {
  it('searches once, for the last text, a moment after the last keystroke', () => {
    const { result, searched } = field();
    act(() => result.current.change('k'));
    act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS - 1));
    act(() => result.current.change('ko'));
    act(() => result.current.change('kopi'));
    expect(result.current.value).toBe('kopi');
    act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS - 1));
    expect(searched).toEqual([]);
    act(() => vi.advanceTimersByTime(1));
    expect(searched).toEqual(['kopi']);
  });

  it('drops a search not sent yet on cancel and on reset, and when the page goes', () => {
    const { result, searched, unmount } = field();
    act(() => result.current.change('teh'));
    act(() => result.current.cancel());
    act(() => result.current.change('susu'));
    act(() => result.current.reset(''));
    expect(result.current.value).toBe('');
    act(() => result.current.change('roti'));
    unmount();
    act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS * 2));
    expect(searched).toEqual([]);
  });

  it('follows the search the page shows when it changes elsewhere, but not while typing or over spaces', () => {
    const { result, rerender } = field('kopi');
    rerender({ shown: '' });
    expect(result.current.value).toBe('');

    // The answer to "menu" comes back while "menu " is in the field: the space stays.
    act(() => result.current.change('menu '));
    act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS));
    rerender({ shown: 'menu' });
    expect(result.current.value).toBe('menu ');

    // Typing again before an older answer arrives: the field keeps what is typed.
    act(() => result.current.change('menu vegan'));
    rerender({ shown: 'other' });
    expect(result.current.value).toBe('menu vegan');
  });
});
