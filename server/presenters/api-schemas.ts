import { z } from 'zod';
import { assignableRoles, permissions } from '../domain/teams/roles';
import type { ApiTeam, ApiUser } from './api-presenter';

/**
 * What the API presenters return, as zod schemas the API reference is generated from
 * (server/http/openapi). The compile-time checks below fail when a presenter's type and its
 * schema drift apart; the OpenAPI test checks real answers against them.
 */
const timestamp = z.iso.datetime().meta({ description: 'ISO 8601, UTC.', examples: ['2026-11-22T08:30:00.000Z'] });

export const apiUserSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.email(),
    email_verified_at: timestamp.nullable().meta({ description: 'When the address was verified; null until then.' }),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'User', description: "The token's user: picked fields only, never a hash, token or secret." });

export const apiTeamSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    personal_team: z.boolean().meta({ description: 'True for the team made with the account.' }),
    role: z.enum(['owner', ...assignableRoles]).meta({ description: "The token user's role in the team." }),
    permissions: z
      .array(z.enum(permissions))
      .meta({ description: "The role's permissions narrowed to the token's abilities." }),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'Team', description: "The token's team, the user's role there and what this token may do in it." });

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;

/** Fails to compile when a schema no longer describes its presenter's type exactly. */
export type SchemasMatchPresenters = [
  Holds<Same<z.output<typeof apiUserSchema>, ApiUser>>,
  Holds<Same<z.output<typeof apiTeamSchema>, ApiTeam>>,
];
