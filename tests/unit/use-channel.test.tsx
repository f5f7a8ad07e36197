// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, renderHook } from '@testing-library/react';

/** A pusher-js channel's subscription, as far as the hook reads it. */
const fake = vi.hoisted(() => {
  const handlers = new Map<string, Set<() => void>>();
  const subscription = {
    subscribed: false,
    bind: (event: string, callback: () => void) => {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(callback);
    },
    unbind: (event: string, callback: () => void) => handlers.get(event)?.delete(callback),
    emit: (event: string) => handlers.get(event)?.forEach((callback) => callback()),
    handlers,
  };
  const channel = {
    subscription,
    listen: () => channel,
    stopListening: () => channel,
    listenForWhisper: () => channel,
    stopListeningForWhisper: () => channel,
    notification: () => channel,
    stopListeningForNotification: () => channel,
  };
  const echo = { private: () => channel, channel: () => channel };
  return { channel, subscription, echo, left: [] as string[] };
});

vi.mock('@/hooks/use-echo', () => ({
  useEcho: () => fake.echo,
}));
vi.mock('@/lib/echo-connection', () => ({
  holdChannel: () => undefined,
  releaseChannel: (_echo: unknown, name: string) => fake.left.push(name),
}));

import { useChannel } from '@/hooks/use-channel';

afterEach(() => {
  cleanup();
  fake.subscription.handlers.clear();
});

describe('useChannel', () => {
  it('calls onSubscribed each time the subscription succeeds after mounting, with the latest handler', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { rerender, unmount } = renderHook(({ onSubscribed }) => useChannel('teams.7', { onSubscribed }), {
      initialProps: { onSubscribed: first },
    });
    fake.subscription.emit('pusher:subscription_succeeded');
    expect(first).toHaveBeenCalledTimes(1);
    // A reconnection subscribes again: the page reads again what it missed meanwhile.
    rerender({ onSubscribed: second });
    fake.subscription.emit('pusher:subscription_succeeded');
    expect(second).toHaveBeenCalledTimes(1);
    expect(first).toHaveBeenCalledTimes(1);

    unmount();
    fake.subscription.emit('pusher:subscription_succeeded');
    expect(second).toHaveBeenCalledTimes(1);
    expect(fake.left).toEqual(['private-teams.7']);
  });

  it('binds nothing for a page that does not ask', () => {
    renderHook(() => useChannel('teams.7', { events: { Changed: () => undefined } }));
    expect(fake.subscription.handlers.get('pusher:subscription_succeeded')?.size ?? 0).toBe(0);
  });
});
