import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/client';
import { adminQuery } from '../../helpers/database';

// A PostgreSQL server can end a pooled connection while it sits idle (a restart, a failover,
// pg_terminate_backend). The pool must report it, replace the connection and keep the process up.
const url = process.env.TEST_DATABASE_URL;

describe.runIf(url)('losing an idle PostgreSQL connection', () => {
  it('reports the loss, keeps the process running and answers the next query on a new connection', async () => {
    const lost: Error[] = [];
    const database = await openDatabase({ url, onConnectionError: (error) => lost.push(error) });
    try {
      const before = await database.db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
      const pid = Number(before.rows[0].pid);

      await adminQuery(url!, `SELECT pg_terminate_backend(${pid})`);
      await expect.poll(() => lost.length, { timeout: 5000 }).toBe(1);

      const after = await database.db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
      expect(Number(after.rows[0].pid)).not.toBe(pid);
    } finally {
      await database.close();
    }
  });
});
