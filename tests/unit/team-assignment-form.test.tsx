// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import UpdateTeamAssignmentForm from '@/Pages/Teams/Partials/UpdateTeamAssignmentForm';
import type { TeamShowProps } from '../../server/presenters/team-presenter';

// useForm as local state that records its submissions; route() names the route and its parameter.
const fake = vi.hoisted(() => ({ calls: [] as { url: string; data: unknown; options: unknown }[] }));

vi.mock('@inertiajs/react', async () => {
  const { useState } = await import('react');
  return {
    useForm: <T extends Record<string, unknown>>(initial: T) => {
      const [data, setAll] = useState<T>(initial);
      return {
        data,
        errors: {},
        processing: false,
        recentlySuccessful: false,
        setData: (key: string, value: unknown) => setAll((current) => ({ ...current, [key]: value })),
        put: (url: string, options: unknown) => fake.calls.push({ url, data, options }),
      };
    },
  };
});

vi.mock('@/lib/route', () => ({ route: (name: string, param: unknown) => `route:${name}:${String(param)}` }));

afterEach(() => {
  cleanup();
  fake.calls.length = 0;
});

const team = { id: 7, auto_assign: false, auto_assign_limit: null } as TeamShowProps['team'];
const permissions = (canUpdateTeam: boolean) => ({ canUpdateTeam }) as TeamShowProps['permissions'];

describe('Teams/Show: conversation assignment', () => {
  it('turns automatic assignment on and saves it in its own error bag, saying what it does', () => {
    render(<UpdateTeamAssignmentForm team={team} permissions={permissions(true)} />);
    expect(screen.getByText(/waits in the inbox until someone takes it/)).toBeTruthy();
    expect(screen.queryByLabelText('Most conversations in hand per person')).toBeNull();
    const toggle = screen.getByRole('switch', { name: 'Assign automatically' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText(/goes at once to a teammate who answers conversations and has Kawan open/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Most conversations in hand per person'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(fake.calls).toEqual([
      {
        url: 'route:teams.assignment.update:7',
        data: { auto_assign: true, auto_assign_limit: '5' },
        options: { errorBag: 'updateTeamAssignment', preserveScroll: true },
      },
    ]);
  });

  it('shows the setting without a way to change it to members who may not change the team', () => {
    render(<UpdateTeamAssignmentForm team={{ ...team, auto_assign: true }} permissions={permissions(false)} />);
    const toggle = screen.getByRole('switch', { name: 'Assign automatically' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect((toggle as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
