import { roleCan, type Role } from '../teams/roles';

/**
 * Who may do what with personal access tokens. `role` is the user's role in the team concerned
 * (the current team for a new token, the token's own team otherwise), undefined when the user no
 * longer belongs to it. Tokens are reached through their owner, so "someone else's token" never
 * gets this far: it is a 404.
 */
export const apiTokenPolicy = {
  /** Making a token for a team needs the `tokens:create` permission there. */
  create: (role: Role | undefined): boolean => role !== undefined && roleCan(role, 'tokens:create'),
  /** Changing abilities is minting them again: the same permission, in the token's team. */
  update: (role: Role | undefined): boolean => role !== undefined && roleCan(role, 'tokens:create'),
  /** A user may always revoke their own token, whatever became of their role. */
  delete: (): boolean => true,
};
