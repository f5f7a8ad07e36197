// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import UpdateTeamReplyTargetsForm from '@/Pages/Teams/Partials/UpdateTeamReplyTargetsForm';
import type { TeamShowProps } from '../../server/presenters/team-presenter';

// useForm as local state that records its submissions; route() names the route and its parameter.
const fake = vi.hoisted(() => ({
  calls: [] as { url: string; data: unknown; options: unknown }[],
  errors: {} as Record<string, string>,
}));

vi.mock('@inertiajs/react', async () => {
  const { useState } = await import('react');
  return {
    Link: ({ href, children, className }: { href: string; children: ReactNode; className?: string }) => (
      <a href={href} className={className}>
        {children}
      </a>
    ),
    useForm: <T extends Record<string, unknown>>(initial: T) => {
      const [data, setAll] = useState<T>(initial);
      return {
        data,
        errors: fake.errors,
        processing: false,
        recentlySuccessful: false,
        setData: (key: string, value: unknown) => setAll((current) => ({ ...current, [key]: value })),
        put: (url: string, options: unknown) => fake.calls.push({ url, data, options }),
      };
    },
  };
});

vi.mock('@/lib/route', () => ({
  route: (name: string, param?: unknown) => (param === undefined ? `route:${name}` : `route:${name}:${String(param)}`),
}));

afterEach(() => {
  cleanup();
  fake.calls.length = 0;
  fake.errors = {};
});

const team = { id: 7, first_reply_target_minutes: 15, next_reply_target_minutes: null } as TeamShowProps['team'];
const permissions = (canUpdateTeam: boolean) => ({ canUpdateTeam }) as TeamShowProps['permissions'];

describe('Teams/Show: reply targets', () => {
  it('shows the targets in minutes, empty for none, and saves them in their own error bag', () => {
    render(<UpdateTeamReplyTargetsForm team={team} permissions={permissions(true)} />);
    const first = screen.getByLabelText('First reply within') as HTMLInputElement;
    const next = screen.getByLabelText('Next reply within') as HTMLInputElement;
    expect([first.value, next.value]).toEqual(['15', '']);
    expect(first.getAttribute('aria-describedby')).toBe('team-first-reply-target-hint');
    expect(screen.getByRole('link', { name: 'automation rule' }).getAttribute('href')).toBe('route:automations.index');
    fireEvent.change(next, { target: { value: '30' } });
    fireEvent.change(first, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(fake.calls).toEqual([
      {
        url: 'route:teams.reply-targets.update:7',
        data: { first_reply_minutes: '', next_reply_minutes: '30' },
        options: { errorBag: 'updateTeamReplyTargets', preserveScroll: true },
      },
    ]);
  });

  it('says what is wrong with a field, beside it', () => {
    fake.errors = { next_reply_minutes: 'The next reply target must be a whole number of minutes between 1 and 1440.' };
    render(<UpdateTeamReplyTargetsForm team={team} permissions={permissions(true)} />);
    expect(screen.getByLabelText('Next reply within').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/between 1 and 1440/)).toBeTruthy();
  });

  it('shows the targets without a way to change them to members who may not change the team', () => {
    render(<UpdateTeamReplyTargetsForm team={team} permissions={permissions(false)} />);
    expect((screen.getByLabelText('First reply within') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
