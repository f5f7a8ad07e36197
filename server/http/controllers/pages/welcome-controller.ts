import type { Request, Response } from 'express';

export async function show(req: Request, _res: Response) {
  await req.inertia.render('Welcome');
}
