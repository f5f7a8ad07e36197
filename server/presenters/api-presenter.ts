import type { UserRow } from '../db/repositories/user-repository';
import type { TeamRow } from '../db/repositories/team-repository';
import type { Permission, Role } from '../domain/teams/roles';

/** `GET /api/user`: picked fields only, never a hash, token or secret. */
export interface ApiUser {
  id: number;
  name: string;
  email: string;
  email_verified_at: string | null;
  created_at: string;
  updated_at: string;
}

/** `GET /api/team`: the token's team, the user's role there, and what this token may do in it. */
export interface ApiTeam {
  id: number;
  name: string;
  personal_team: boolean;
  role: Role;
  /** The role's permissions narrowed to the token's abilities. */
  permissions: Permission[];
  created_at: string;
  updated_at: string;
}

export function presentApiUser(user: UserRow): ApiUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    email_verified_at: user.emailVerifiedAt?.toISOString() ?? null,
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
  };
}

export function presentApiTeam(team: TeamRow, role: Role, permissions: Permission[]): ApiTeam {
  return {
    id: team.id,
    name: team.name,
    personal_team: team.personalTeam,
    role,
    permissions,
    created_at: team.createdAt.toISOString(),
    updated_at: team.updatedAt.toISOString(),
  };
}
