import { describe, expect, it } from 'vitest';
import { can, teamPolicy, type Membership } from '../../server/domain/teams/team-policy';
import { assignableRoles, type Role, type TokenAbility } from '../../server/domain/teams/roles';

const membership = (role: Role, abilities?: TokenAbility[]): Membership => ({
  team: {
    id: 1,
    userId: role === 'owner' ? 10 : 99,
    name: 'Acme',
    personalTeam: false,
    timezone: 'Asia/Jakarta',
    autoAssign: false,
    autoAssignLimit: null,
    firstReplyTargetMinutes: null,
    nextReplyTargetMinutes: null,
  },
  userId: 10,
  role,
  abilities,
});

describe('team policy', () => {
  it('lets roles assign only the roles below their own', () => {
    expect(teamPolicy.assignableRoles(membership('owner'), assignableRoles)).toEqual([
      'admin',
      'editor',
      'agent',
      'viewer',
    ]);
    expect(teamPolicy.assignableRoles(membership('admin'), assignableRoles)).toEqual(['editor', 'agent', 'viewer']);
    for (const role of ['editor', 'agent', 'viewer'] as const) {
      expect(teamPolicy.assignableRoles(membership(role), assignableRoles)).toEqual([]);
    }
  });

  it('lets anyone leave, and managers remove only those ranked below them', () => {
    expect(teamPolicy.removeTeamMember(membership('viewer'), { userId: 10, role: 'viewer' })).toBe(true);
    expect(teamPolicy.removeTeamMember(membership('admin'), { userId: 11, role: 'editor' })).toBe(true);
    expect(teamPolicy.removeTeamMember(membership('admin'), { userId: 11, role: 'admin' })).toBe(false);
    expect(teamPolicy.removeTeamMember(membership('admin'), { userId: 11, role: 'owner' })).toBe(false);
    expect(teamPolicy.removeTeamMember(membership('owner'), { userId: 11, role: 'admin' })).toBe(true);
    expect(teamPolicy.removeTeamMember(membership('editor'), { userId: 11, role: 'viewer' })).toBe(false);
  });

  it('narrows a role to the abilities of the API token the request came with, the owner included', () => {
    expect(can(membership('owner'), 'team:update')).toBe(true);
    expect(can(membership('owner', ['read']), 'team:update')).toBe(false);
    expect(can(membership('owner', ['read']), 'members:view')).toBe(true);
    expect(can(membership('admin', ['create']), 'members:invite')).toBe(true);
    expect(can(membership('admin', ['read', 'update']), 'members:invite')).toBe(false);
    expect(can(membership('admin', ['delete']), 'members:remove')).toBe(true);
    expect(can(membership('viewer', ['create', 'read', 'update', 'delete']), 'bots:create')).toBe(false);
    expect(teamPolicy.permissions(membership('owner', ['read']))).toEqual({
      canAddTeamMembers: false,
      canDeleteTeam: false,
      canRemoveTeamMembers: false,
      canUpdateTeam: false,
      canUpdateTeamMembers: false,
    });
  });

  it('answers what each role may start from the navigation and the dashboard', () => {
    const offered = (role: Role) =>
      Object.entries(teamPolicy.abilities(membership(role)))
        .filter(([, allowed]) => allowed)
        .map(([name]) => name)
        .sort();
    expect(offered('owner')).toHaveLength(14);
    // Admins see billing; buying, changing and cancelling the plan is the owner's.
    expect(offered('admin')).toEqual(offered('owner').filter((name) => name !== 'manageBilling'));
    expect(offered('editor')).toEqual(
      [
        'viewMembers',
        'viewBots',
        'createBots',
        'viewKnowledges',
        'createKnowledges',
        'viewChannels',
        'createChannels',
        'viewConversations',
        'handleConversations',
        'viewReports',
      ].sort(),
    );
    expect(offered('agent')).toEqual(
      [
        'viewMembers',
        'viewBots',
        'viewKnowledges',
        'viewChannels',
        'viewConversations',
        'handleConversations',
        'viewReports',
      ].sort(),
    );
    expect(offered('viewer')).toEqual(
      ['viewMembers', 'viewBots', 'viewKnowledges', 'viewChannels', 'viewConversations', 'viewReports'].sort(),
    );
  });
});
