import type { Request } from 'express';
import type { ChannelActor } from '../../broadcasting/channel-registry';
import { authenticateToken } from '../../domain/api-tokens/authenticate-token';
import { bearerToken } from './token-guard';

/**
 * Sanctum's guard for routes that serve the browser and API clients alike (broadcasting auth):
 * the session's user first, otherwise a valid personal access token in `Authorization: Bearer`.
 * Undefined for a guest.
 */
export async function sessionOrTokenActor(req: Request): Promise<ChannelActor | undefined> {
  if (req.user) return { user: req.user };
  const bearer = bearerToken(req);
  if (!bearer) return undefined;
  const result = await authenticateToken(req.services, bearer);
  return result ? { user: result.user, token: result.token } : undefined;
}
