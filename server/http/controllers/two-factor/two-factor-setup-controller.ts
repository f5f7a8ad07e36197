import type { Request, Response } from 'express';
import { decryptRecoveryCodes, decryptSecret } from '../../../domain/two-factor/stored-two-factor';
import { otpauthUrl } from '../../../domain/two-factor/totp';
import { qrCodeSvg } from '../../../domain/two-factor/qr-code';
import { messages } from '../../../domain/two-factor/schemas';
import { regenerateRecoveryCodes } from '../../../domain/two-factor/actions/regenerate-recovery-codes';
import { NotFoundError } from '../../../support/errors';
import { noStore, respondWithStatus } from './respond';

/**
 * The JSON the profile page fetches while setting up two-factor authentication. These are the only
 * responses that ever carry the secret or the recovery codes, and only behind `password.confirm`.
 */

/** GET /user/two-factor-qr-code (`two-factor.qr-code`): `{svg, url}`, or `[]` without a secret. */
export async function qrCode(req: Request, res: Response) {
  const { encrypter, config } = req.services;
  const secret = decryptSecret(encrypter, req.user!);
  if (!secret) return noStore(res).json([]);
  const url = otpauthUrl(config.app.name, req.user!.email, secret);
  noStore(res).json({ svg: await qrCodeSvg(url), url });
}

/** GET /user/two-factor-secret-key (`two-factor.secret-key`): `{secretKey}`, or 404. */
export async function secretKey(req: Request, res: Response) {
  const secret = decryptSecret(req.services.encrypter, req.user!);
  if (!secret) throw new NotFoundError(messages.notEnabled);
  noStore(res).json({ secretKey: secret });
}

/** GET /user/two-factor-recovery-codes (`two-factor.recovery-codes`): the codes, or `[]`. */
export async function recoveryCodes(req: Request, res: Response) {
  const user = req.user!;
  noStore(res).json(user.twoFactorSecret ? decryptRecoveryCodes(req.services.encrypter, user) : []);
}

/** POST /user/two-factor-recovery-codes (`two-factor.regenerate-recovery-codes`). */
export async function regenerate(req: Request, res: Response) {
  await regenerateRecoveryCodes(req.services, req.user!);
  respondWithStatus(req, res, 'recovery-codes-generated');
}
