import type { Request, Response } from 'express';
import { authorizeChannel } from '../../../domain/broadcasting/actions/authorize-channel';
import { authenticateUser } from '../../../domain/broadcasting/actions/authenticate-user';
import { sessionOrTokenActor } from '../../auth/session-or-token';
import { HttpError } from '../../../support/errors';

/**
 * pusher-js posts here with neither `Accept: application/json` nor `X-Inertia`, and reads only the
 * status and JSON: refusals are answered as JSON too, not as the Error page.
 */
async function answerJson(res: Response, produce: () => Promise<unknown>): Promise<void> {
  try {
    res.json(await produce());
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    res.status(error.status).set(error.headers).json({ message: error.message });
  }
}

/** `POST /broadcasting/auth`: signs a private or presence subscription the channel callbacks allow. */
export async function auth(req: Request, res: Response) {
  await answerJson(res, async () => authorizeChannel(req.services, await sessionOrTokenActor(req), req.body));
}

/** `POST /broadcasting/user-auth`: signs the user for pusher:signin. */
export async function userAuth(req: Request, res: Response) {
  await answerJson(res, async () => authenticateUser(req.services, await sessionOrTokenActor(req), req.body));
}
