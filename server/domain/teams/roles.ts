/**
 * Kawan's team roles and what each may do: the one permission table every policy reads.
 * The owner is implicit (the team's creator) and may do everything. See
 * docs/decisions/005-team-roles.md for why admins may manage members.
 */
export const assignableRoles = ['admin', 'editor', 'agent', 'viewer'] as const;
export type AssignableRole = (typeof assignableRoles)[number];
export type Role = 'owner' | AssignableRole;

export const roleDescriptions: Record<AssignableRole, { name: string; description: string }> = {
  admin: {
    name: 'Administrator',
    description: 'Manages the team, its members, bots, channels and knowledge, and sees its billing.',
  },
  editor: {
    name: 'Editor',
    description: 'Builds and changes bots, channels and knowledge bases, and handles conversations.',
  },
  agent: { name: 'Agent', description: 'Handles conversations: takes over from bots, replies and resolves.' },
  viewer: { name: 'Viewer', description: 'Reads bots, conversations and reports without changing anything.' },
};

/** A role as people read it: "Owner", "Administrator", "Agent"… */
export function roleName(role: Role): string {
  return role === 'owner' ? 'Owner' : roleDescriptions[role].name;
}

/** What a role is for, in one sentence (the owner's included). */
export function roleDescription(role: Role): string {
  return role === 'owner'
    ? 'Owns the team: manages everything in it, billing and members included, and alone may delete it.'
    : roleDescriptions[role].description;
}

/** Every permission, named `<area>:<action>`. */
export const permissions = [
  'team:update',
  'team:delete',
  'members:view',
  'members:invite',
  'members:update',
  'members:remove',
  'bots:view',
  'bots:create',
  'bots:update',
  'bots:delete',
  'channels:view',
  'channels:create',
  'channels:update',
  'channels:delete',
  'knowledges:view',
  'knowledges:create',
  'knowledges:update',
  'knowledges:delete',
  'conversations:view',
  'conversations:reply',
  'conversations:resolve',
  'reports:view',
  'billing:view',
  'billing:manage',
  'tokens:create',
] as const;
export type Permission = (typeof permissions)[number];

const content = (area: 'bots' | 'channels' | 'knowledges'): Permission[] => [
  `${area}:view`,
  `${area}:create`,
  `${area}:update`,
  `${area}:delete`,
];

export const rolePermissions: Record<Role, readonly Permission[]> = {
  owner: permissions,
  // Billing belongs to the owner (checkout, plan changes, cancel): admins see it.
  admin: permissions.filter((permission) => permission !== 'team:delete' && permission !== 'billing:manage'),
  editor: [
    'members:view',
    ...content('bots'),
    ...content('channels'),
    ...content('knowledges'),
    'conversations:view',
    'conversations:reply',
    'conversations:resolve',
    'reports:view',
    'tokens:create',
  ],
  agent: [
    'members:view',
    'bots:view',
    'channels:view',
    'knowledges:view',
    'conversations:view',
    'conversations:reply',
    'conversations:resolve',
    'reports:view',
  ],
  viewer: ['members:view', 'bots:view', 'channels:view', 'knowledges:view', 'conversations:view', 'reports:view'],
};

export function isAssignableRole(value: unknown): value is AssignableRole {
  return typeof value === 'string' && (assignableRoles as readonly string[]).includes(value);
}

export function roleCan(role: Role, permission: Permission): boolean {
  return rolePermissions[role].includes(permission);
}

/**
 * The one check every policy makes: the role allows the permission and, for a request made with
 * an API token, the token carries the ability that permission's action needs. A token only ever
 * narrows its holder's role, the owner's included.
 */
export function allows(role: Role, permission: Permission, abilities?: readonly string[]): boolean {
  return roleCan(role, permission) && (abilities === undefined || abilities.includes(abilityFor(permission)));
}

/** API token abilities (Sanctum's), intersected with the holder's role on each request. */
export const tokenAbilities = ['create', 'read', 'update', 'delete'] as const;
export type TokenAbility = (typeof tokenAbilities)[number];
export const defaultTokenAbilities: TokenAbility[] = ['read'];

/** The token ability a permission's action needs (`bots:view` → `read`). */
export function abilityFor(permission: Permission): TokenAbility {
  const action = permission.split(':')[1];
  if (action === 'view') return 'read';
  if (action === 'create' || action === 'invite') return 'create';
  if (action === 'delete' || action === 'remove') return 'delete';
  return 'update';
}
