import type { Request, Response } from 'express';
import { enableTwoFactor } from '../../../domain/two-factor/actions/enable-two-factor';
import { confirmTwoFactor } from '../../../domain/two-factor/actions/confirm-two-factor';
import { disableTwoFactor } from '../../../domain/two-factor/actions/disable-two-factor';
import { justEnabledFlashKey } from '../../../domain/two-factor/discard-unconfirmed-two-factor';
import { forceSchema } from '../../../domain/two-factor/schemas';
import { flash } from '../../middleware/session';
import { respondWithStatus } from './respond';

/** POST /user/two-factor-authentication (`two-factor.enable`). */
export async function enable(req: Request, res: Response) {
  const { force } = forceSchema.parse(req.body ?? {});
  await enableTwoFactor(req.services, req.user!, { force });
  flash(req, justEnabledFlashKey, true);
  respondWithStatus(req, res, 'two-factor-authentication-enabled');
}

/** POST /user/confirmed-two-factor-authentication (`two-factor.confirm`). */
export async function confirm(req: Request, res: Response) {
  await confirmTwoFactor(req.services, req.user!, req.body);
  respondWithStatus(req, res, 'two-factor-authentication-confirmed');
}

/** DELETE /user/two-factor-authentication (`two-factor.disable`). */
export async function disable(req: Request, res: Response) {
  await disableTwoFactor(req.services, req.user!);
  respondWithStatus(req, res, 'two-factor-authentication-disabled');
}
