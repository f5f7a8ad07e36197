// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import NotificationsBell from '@/Layouts/NotificationsBell';

// The signed-in page (user 1), the user's channel handlers kept so that a test can play a
// notification, the current route, and the sound recorded instead of played.
const fake = vi.hoisted(() => ({
  handlers: {} as { onNotification?: (payload: unknown) => void },
  current: 'dashboard',
  played: 0,
  reloads: 0,
}));

vi.mock('@inertiajs/react', () => ({
  usePage: () => ({
    props: { auth: { user: { id: 1 } }, notifications: { unread_count: 0, recent: [], has_more: false } },
  }),
  router: { reload: () => (fake.reloads += 1), put: () => {}, visit: () => {} },
  Link: () => null,
}));
vi.mock('@/hooks/use-channel', () => ({
  useChannel: (_name: string | null, options: typeof fake.handlers) => {
    fake.handlers = options;
    return { whisper: () => {}, connected: true };
  },
}));
vi.mock('@/hooks/use-alert-sound', () => ({ useAlertSound: () => () => (fake.played += 1) }));
vi.mock('@/lib/route', () => ({
  route: (name?: string) =>
    name === undefined ? { current: (pattern: string) => pattern === fake.current } : `/${name}`,
}));

afterEach(() => {
  cleanup();
  fake.played = 0;
  fake.reloads = 0;
  fake.current = 'dashboard';
});

describe('the bell', () => {
  it('beeps for a conversation waiting for a person anywhere but the inbox, and reloads for every notification', () => {
    render(<NotificationsBell live />);
    fake.handlers.onNotification?.({ type: 'conversation-queued', message: 'Conversation #3 is waiting' });
    expect(fake.played).toBe(1);
    fake.handlers.onNotification?.({ type: 'team-member-joined', message: 'Budi joined' });
    expect(fake.played).toBe(1);
    expect(fake.reloads).toBe(2);
  });

  it('leaves the beep to the inbox when the inbox is open', () => {
    fake.current = 'conversations.index';
    render(<NotificationsBell live />);
    fake.handlers.onNotification?.({ type: 'conversation-queued', message: 'Conversation #3 is waiting' });
    expect(fake.played).toBe(0);
  });

  it('beeps for a conversation given to this agent wherever they are, the inbox included', () => {
    fake.current = 'conversations.index';
    render(<NotificationsBell live />);
    fake.handlers.onNotification?.({ type: 'conversation-assigned', message: 'Conversation #3 was assigned to you' });
    expect(fake.played).toBe(1);
  });

  it('beeps when the customer of a conversation this agent has writes while it is not open', () => {
    fake.current = 'conversations.index';
    render(<NotificationsBell live />);
    fake.handlers.onNotification?.({ type: 'conversation-replied', message: 'Joko wrote in conversation #3: “Halo”' });
    expect(fake.played).toBe(1);
  });
});
