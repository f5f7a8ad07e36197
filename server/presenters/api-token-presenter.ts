import type { ApiTokenRecord } from '../db/repositories/api-token-repository';
import type { TokenAbility } from '../domain/teams/roles';

/** One row of "Manage API Tokens": never the hash, never the plain text. */
export interface ApiTokenSummary {
  id: number;
  name: string;
  abilities: string[];
  /** The team the token acts in (the user's current team when it was made). */
  team_name: string;
  /** ISO times; the page shows last use relative to now. */
  last_used_at: string | null;
  expires_at: string | null;
  /** True once expires_at has passed: the token no longer authenticates. */
  expired: boolean;
  created_at: string;
  can: { update: boolean; delete: boolean };
}

export interface ExpirationChoice {
  value: string;
  label: string;
}

/** Props of API/Index. */
export interface ApiTokensPageProps {
  tokens: ApiTokenSummary[];
  availablePermissions: TokenAbility[];
  defaultPermissions: TokenAbility[];
  expirationChoices: ExpirationChoice[];
  permissions: { canCreateApiTokens: boolean };
}

export function presentApiToken(
  token: ApiTokenRecord & { teamName: string },
  can: ApiTokenSummary['can'],
  now: Date = new Date(),
): ApiTokenSummary {
  return {
    id: token.id,
    name: token.name,
    abilities: token.abilities,
    team_name: token.teamName,
    last_used_at: token.lastUsedAt?.toISOString() ?? null,
    expires_at: token.expiresAt?.toISOString() ?? null,
    expired: token.expiresAt !== null && token.expiresAt.getTime() <= now.getTime(),
    created_at: token.createdAt.toISOString(),
    can,
  };
}
