import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/db/client';
import { teams, users } from '../../../server/db/schema/index';
import { statement, value, valueFor } from '../../../server/db/statements';
import { createTestDatabase } from '../../helpers/database';
import { createOwnedTeam } from '../../factories/teams';

/**
 * Statements Drizzle builds once (server/db/statements.ts) run on the database they are given each
 * time: the pool, a transaction's own connection (its uncommitted rows seen, its rollback undoing
 * what they wrote), another database of the same process. PGlite by default, the PostgreSQL server
 * with TEST_DATABASE_URL.
 */
const teamNamed = statement((db) =>
  db
    .select({ id: teams.id, name: teams.name, ownerEmail: users.email })
    .from(teams)
    .innerJoin(users, eq(users.id, teams.userId))
    .where(and(eq(teams.id, value('id')), eq(teams.name, value('name'))))
    .prepare(''),
);
const rename = statement((db) =>
  db
    .update(teams)
    .set({ name: valueFor<string>('name') })
    .where(eq(teams.id, value('id')))
    .returning({ id: teams.id, name: teams.name })
    .prepare(''),
);

let one: DatabaseHandle;
let other: DatabaseHandle;

beforeAll(async () => {
  [one, other] = await Promise.all([createTestDatabase(), createTestDatabase()]);
});
afterAll(async () => {
  await Promise.all([one?.close(), other?.close()]);
});

describe('a statement built once', () => {
  it('runs with new values on each call, its rows mapped as Drizzle maps them', async () => {
    const { owner, team } = await createOwnedTeam(one, { name: 'Kopi Kenangan' });
    expect(await teamNamed(one.db, { id: team.id, name: 'Kopi Kenangan' })).toEqual([
      { id: team.id, name: 'Kopi Kenangan', ownerEmail: owner.email },
    ]);
    expect(await teamNamed(one.db, { id: team.id, name: 'Another name' })).toEqual([]);
    expect(await rename(one.db, { id: team.id, name: 'Kopi Kita' })).toEqual([{ id: team.id, name: 'Kopi Kita' }]);
  });

  it('runs inside a transaction on its connection: it sees the transaction’s rows, and a rollback undoes it', async () => {
    const { team } = await createOwnedTeam(one, { name: 'Warung Sari' });
    const failure = new Error('rolled back on purpose');
    await expect(
      one.db.transaction(async (tx) => {
        expect(await rename(tx, { id: team.id, name: 'Warung Sari Baru' })).toHaveLength(1);
        // Seen inside, not outside (on a server, whose other connections can look), until the
        // commit that never comes. PGlite's one connection waits for the transaction instead.
        expect(await teamNamed(tx, { id: team.id, name: 'Warung Sari Baru' })).toHaveLength(1);
        if (one.driver === 'postgres')
          expect(await teamNamed(one.db, { id: team.id, name: 'Warung Sari Baru' })).toHaveLength(0);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await teamNamed(one.db, { id: team.id, name: 'Warung Sari' })).toHaveLength(1);
  });

  it('runs on whichever database it is given', async () => {
    const { team } = await createOwnedTeam(other, { name: 'Bakso Pak Min' });
    expect(await teamNamed(other.db, { id: team.id, name: 'Bakso Pak Min' })).toHaveLength(1);
    expect(await teamNamed(one.db, { id: team.id, name: 'Bakso Pak Min' })).toHaveLength(0);
  });
});
