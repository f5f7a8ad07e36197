// @vitest-environment jsdom
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLiveReload } from '@/hooks/use-live-reload';

// Each reload recorded with its options; a test finishes it (Inertia's onFinish) when it chooses.
const fake = vi.hoisted(() => ({
  reloads: [] as Array<{ only: string[]; async: boolean; onFinish: () => void }>,
}));
vi.mock('@inertiajs/react', () => ({
  router: { reload: (options: (typeof fake.reloads)[number]) => fake.reloads.push(options) },
}));

afterEach(() => {
  cleanup();
  fake.reloads.length = 0;
});

describe('useLiveReload', () => {
  it('reloads the props asked for, async, at once when none is in flight', () => {
    const { result } = renderHook(() => useLiveReload(['replay']));
    result.current();
    expect(fake.reloads).toHaveLength(1);
    expect(fake.reloads[0]).toMatchObject({ only: ['replay'], async: true });
    fake.reloads[0].onFinish();
    result.current();
    expect(fake.reloads).toHaveLength(2);
  });

  it('never overlaps two reloads: calls meanwhile make one more after the one in flight', () => {
    const { result } = renderHook(() => useLiveReload(['replay']));
    result.current();
    result.current();
    result.current();
    expect(fake.reloads).toHaveLength(1);
    fake.reloads[0].onFinish();
    expect(fake.reloads).toHaveLength(2);
    fake.reloads[1].onFinish();
    expect(fake.reloads).toHaveLength(2);
  });

  it('sends no follow-up once the page has gone', () => {
    const { result, unmount } = renderHook(() => useLiveReload(['replay']));
    result.current();
    result.current();
    unmount();
    fake.reloads[0].onFinish();
    expect(fake.reloads).toHaveLength(1);
  });
});
