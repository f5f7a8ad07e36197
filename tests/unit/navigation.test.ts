import { describe, expect, it } from 'vitest';
import { navigationFor } from '@/Layouts/navigation';
import { teamPolicy } from '../../server/domain/teams/team-policy';
import type { Role } from '../../server/domain/teams/roles';

const can = (role: Role) =>
  teamPolicy.abilities({
    team: {
      id: 1,
      userId: 1,
      name: 'Acme',
      personalTeam: false,
      timezone: 'Asia/Jakarta',
      autoAssign: false,
      autoAssignLimit: null,
      firstReplyTargetMinutes: null,
      nextReplyTargetMinutes: null,
    },
    userId: 2,
    role,
  });

const every = (route: string) => `/${route.replace('.index', '')}`;

describe('main navigation', () => {
  it('lists the areas the role may see, among those this deployment has', () => {
    const labels = (role: Role, urlOf: (route: string) => string | null = every) =>
      navigationFor(can(role), urlOf).map((item) => item.label);
    expect(labels('owner')).toEqual([
      'Dashboard',
      'Conversations',
      'Contacts',
      'Broadcasts',
      'Bots',
      'Knowledge',
      'Channels',
      'Reports',
      'Billing',
    ]);
    expect(labels('viewer')).toEqual([
      'Dashboard',
      'Conversations',
      'Contacts',
      'Broadcasts',
      'Bots',
      'Knowledge',
      'Channels',
      'Reports',
    ]);
    // Areas not built yet (no route) are not offered, whatever the role.
    const dashboardOnly = (route: string) => (route === 'dashboard' ? '/dashboard' : null);
    expect(labels('owner', dashboardOnly)).toEqual(['Dashboard']);
  });

  it('gives each item its URL and the route pattern that marks it current', () => {
    expect(navigationFor(can('agent'), every).find((item) => item.label === 'Conversations')).toEqual({
      label: 'Conversations',
      href: '/conversations',
      current: 'conversations.*',
    });
  });

  it('offers the dashboard alone without a current team', () => {
    expect(navigationFor(undefined, every)).toEqual([{ label: 'Dashboard', href: '/dashboard', current: 'dashboard' }]);
  });
});
