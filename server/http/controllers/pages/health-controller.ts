import type { Request, Response } from 'express';

/** `/up`: 200 once the database answers, 503 otherwise. */
export async function show(req: Request, res: Response) {
  const healthy = await req.services.database.ping().catch(() => false);
  res.status(healthy ? 200 : 503).json({ status: healthy ? 'up' : 'down' });
}
