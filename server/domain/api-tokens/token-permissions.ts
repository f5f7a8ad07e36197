import {
  allows,
  permissions,
  tokenAbilities,
  type Permission,
  type Role,
  type TokenAbility,
} from '../teams/roles';

export function isTokenAbility(value: unknown): value is TokenAbility {
  return typeof value === 'string' && (tokenAbilities as readonly string[]).includes(value);
}

/**
 * The defined abilities among `requested`, in the defined order, each once (Jetstream's
 * validPermissions: unknown ones are dropped without an error).
 */
export function validAbilities(requested: readonly unknown[]): TokenAbility[] {
  return tokenAbilities.filter((ability) => requested.includes(ability));
}

/** Sanctum's `tokenCan`: the token was given this ability. */
export function tokenCan(abilities: readonly string[], ability: TokenAbility): boolean {
  return abilities.includes(ability);
}

/** Every permission a token holder has in its team, in the table's order. */
export function effectivePermissions(role: Role, abilities: readonly string[]): Permission[] {
  return permissions.filter((permission) => allows(role, permission, abilities));
}
