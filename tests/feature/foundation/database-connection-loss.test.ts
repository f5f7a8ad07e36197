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
    const backendPid = async () => {
      const result = (await database.db.execute(sql`select pg_backend_pid() as pid`)) as { rows: { pid: number }[] };
      return Number(result.rows[0].pid);
    };
    try {
      const pid = await backendPid();

      await adminQuery(url!, `SELECT pg_terminate_backend(${pid})`);
      await expect.poll(() => lost.length, { timeout: 5000 }).toBe(1);

      expect(await backendPid()).not.toBe(pid);
    } finally {
      await database.close();
    }
  });
});
