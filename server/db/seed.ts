import type { Database } from './client';
import { earlyAccessRepository } from './repositories/early-access-repository';
import { userRepository } from './repositories/user-repository';
import { teamRepository } from './repositories/team-repository';
import { hashPassword } from '../support/passwords';

/** The demo login written in the README and printed at start-up. */
export const demoLogin = { email: 'demo@kawan.test', password: 'password' };

/**
 * Demo data for a newcomer, created on first start and safe to run again: a verified demo account
 * with its team, and a few entries on the early-access list.
 */
export async function seedDemo(db: Database): Promise<Record<string, unknown> | null> {
  const users = userRepository(db);
  if (await users.findByEmail(demoLogin.email)) return null;

  await db.transaction(async (tx) => {
    const user = await userRepository(tx).create({
      name: 'Dewi Santoso',
      email: demoLogin.email,
      password: await hashPassword(demoLogin.password),
      emailVerifiedAt: new Date(),
    });
    const team = await teamRepository(tx).create({ userId: user.id, name: 'Warung Kopi Nusantara', personalTeam: true });
    await userRepository(tx).update(user.id, { currentTeamId: team.id });

    const waitingList = earlyAccessRepository(tx);
    const examples = [
      { name: 'Ayu Lestari', email: 'ayu@warungkopi.example', company: 'Warung Kopi Nusantara', useCase: 'Answer WhatsApp orders and opening-hours questions for our twelve cafés.' },
      { name: 'Daniel Osei', email: 'daniel@clinicdesk.example', company: 'ClinicDesk', useCase: 'A website assistant that books appointments and hands over to a nurse.' },
    ];
    for (const example of examples) await waitingList.addIfAbsent({ ...example, ipAddress: null });
  });
  return { login: demoLogin.email, password: demoLogin.password };
}
