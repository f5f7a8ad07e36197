import type { Request } from 'express';

export async function show(req: Request) {
  await req.inertia.render('Dashboard');
}
