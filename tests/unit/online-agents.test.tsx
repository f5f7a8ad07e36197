// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import OnlineAgents from '@/Pages/Conversations/Partials/OnlineAgents';

// The current page's user (team 7, whose role may or may not see conversations) and the presence
// channel's members; the hook records which channel each call joins.
const fake = vi.hoisted(() => ({
  can: { viewConversations: true } as Record<string, boolean>,
  members: [] as { id: number; name: string; profile_photo_url: string }[],
  joined: [] as (string | null)[],
}));

vi.mock('@inertiajs/react', () => ({
  usePage: () => ({ props: { auth: { user: { id: 1, current_team: { id: 7, can: fake.can } } } } }),
}));

vi.mock('@/hooks/use-presence', () => ({
  usePresence: (name: string | null) => {
    fake.joined.push(name);
    return { members: name ? fake.members : [], whisper: () => {} };
  },
}));

const member = (id: number, name: string) => ({ id, name, profile_photo_url: `https://photos.test/${id}.png` });
const agents = [
  { id: 1, name: 'Rina' },
  { id: 2, name: 'Budi' },
  { id: 3, name: 'Ayu' },
];

const shown = () => document.querySelector<HTMLElement>('[data-online-agents]')!;

afterEach(() => {
  cleanup();
  fake.members = [];
  fake.joined = [];
  fake.can = { viewConversations: true };
});

describe('OnlineAgents', () => {
  it("joins the team's presence channel and lists the members online who can take conversations", () => {
    // Citra is online but a viewer (not among the agents): she is not counted.
    fake.members = [member(2, 'Budi'), member(4, 'Citra'), member(3, 'Ayu')];
    render(<OnlineAgents agents={agents} />);
    expect(fake.joined).toContain('teams.7');
    const status = shown();
    expect(status.textContent).toBe('2 agents online: Ayu, Budi');
    expect(status.getAttribute('title')).toBe('Ayu, Budi');
    expect(status.querySelectorAll('img')).toHaveLength(2);
  });

  it('says when nobody who can answer is online, and in the singular for one', () => {
    fake.members = [member(4, 'Citra')];
    render(<OnlineAgents agents={agents} />);
    expect(shown().textContent).toBe('No agents online');
    cleanup();
    fake.members = [member(1, 'Rina')];
    render(<OnlineAgents agents={agents} />);
    expect(shown().textContent).toBe('1 agent online: Rina');
  });

  it('joins nothing for a role that does not see conversations', () => {
    fake.can = { viewConversations: false };
    render(<OnlineAgents agents={agents} />);
    expect(fake.joined).toEqual([null]);
  });
});
