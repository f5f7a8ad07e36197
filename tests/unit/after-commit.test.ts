import { describe, expect, it } from 'vitest';
import { afterCommit, afterRollback, trackTransactions, transactionLocal } from '../../server/db/after-commit';

/** Whether the caller runs inside a tracked transaction: only there is a transaction-local value kept. */
const probe = Symbol('probe');
const inTransaction = () => transactionLocal(probe, () => true) === true;

/** A database whose transactions commit, or roll back when their callback throws, as drizzle's do. */
function fakeDatabase() {
  const log: string[] = [];
  const transactional = (depth: number) => ({
    async transaction<T>(fn: (tx: unknown) => Promise<T>): Promise<T> {
      const name = depth === 0 ? 'transaction' : 'savepoint';
      log.push(`begin ${name}`);
      try {
        const result = await fn(transactional(depth + 1));
        log.push(`commit ${name}`);
        return result;
      } catch (error) {
        log.push(`rollback ${name}`);
        throw error;
      }
    },
  });
  const db = trackTransactions(transactional(0), (error) => log.push(`failed: ${(error as Error).message}`));
  return { db, log };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('afterCommit', () => {
  it('runs a callback queued in a transaction once it has committed, and at once outside one', async () => {
    const { db, log } = fakeDatabase();
    await afterCommit(() => log.push('outside'));
    await db.transaction(async () => {
      await tick();
      expect(inTransaction()).toBe(true);
      await afterCommit(() => log.push('after commit'));
      log.push('last statement');
    });
    expect(log).toEqual(['outside', 'begin transaction', 'last statement', 'commit transaction', 'after commit']);
    expect(inTransaction()).toBe(false);
  });

  it('drops what a rolled-back transaction or savepoint queued', async () => {
    const { db, log } = fakeDatabase();
    await expect(
      db.transaction(async () => {
        await afterCommit(() => log.push('never'));
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    await db.transaction(async (tx) => {
      await afterCommit(() => log.push('outer'));
      await (tx as typeof db)
        .transaction(async () => {
          await afterCommit(() => log.push('rolled back savepoint'));
          throw new Error('inner');
        })
        .catch(() => undefined);
      await (tx as typeof db).transaction(async () => {
        await afterCommit(() => log.push('released savepoint'));
      });
    });
    expect(log.filter((line) => !/^(begin|commit|rollback)/.test(line))).toEqual(['outer', 'released savepoint']);
  });

  it('runs what a rollback undoes when the transaction or its savepoint rolls back, never after a commit or outside one', async () => {
    const { db, log } = fakeDatabase();
    afterRollback(() => log.push('outside: never'));
    await db.transaction(async () => {
      afterRollback(() => log.push('committed: never'));
    });
    await expect(
      db.transaction(async () => {
        afterRollback(() => log.push('undo transaction'));
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    await expect(
      db.transaction(async (tx) => {
        await (tx as typeof db)
          .transaction(async () => {
            afterRollback(() => log.push('undo rolled back savepoint'));
            throw new Error('inner');
          })
          .catch(() => undefined);
        // A released savepoint's undo waits for its transaction: here, rolled back.
        await (tx as typeof db).transaction(async () => {
          afterRollback(() => log.push('undo released savepoint'));
        });
        throw new Error('outer');
      }),
    ).rejects.toThrow('outer');
    expect(log.filter((line) => !/^(begin|commit)/.test(line))).toEqual([
      'rollback transaction',
      'undo transaction',
      'rollback savepoint',
      'undo rolled back savepoint',
      'rollback transaction',
      'undo released savepoint',
    ]);
  });

  it('keeps concurrent transactions apart, and queues nothing once the last one has ended', async () => {
    const { db, log } = fakeDatabase();
    const slow = db.transaction(async () => {
      await tick();
      await tick();
      await afterCommit(() => log.push('slow'));
    });
    const quick = db.transaction(async () => {
      await afterCommit(() => log.push('quick'));
    });
    // Work outside both, while they run, is not part of either.
    const outside = (async () => {
      await tick();
      expect(inTransaction()).toBe(false);
      await afterCommit(() => log.push('outside'));
    })();
    await Promise.all([slow, quick, outside]);
    // The quick one ending first leaves the slow one's queue in place: it runs after its own commit.
    expect(log.indexOf('slow')).toBeGreaterThan(log.lastIndexOf('commit transaction'));
    expect(log.filter((line) => !/^(begin|commit)/.test(line)).sort()).toEqual(['outside', 'quick', 'slow']);
    // The storage is off again (no transaction runs), and a new transaction turns it back on.
    expect(inTransaction()).toBe(false);
    await db.transaction(async () => {
      await tick();
      await afterCommit(() => log.push('again'));
      expect(log).not.toContain('again');
    });
    expect(log.at(-1)).toBe('again');
  });

  it('reports what a callback throws without undoing the commit', async () => {
    const { db, log } = fakeDatabase();
    const result = await db.transaction(async () => {
      await afterCommit(() => {
        throw new Error('broadcast failed');
      });
      return 42;
    });
    expect(result).toBe(42);
    expect(log).toEqual(['begin transaction', 'commit transaction', 'failed: broadcast failed']);
  });

  it('keeps a value with each transaction and savepoint, made once, for work done once after the commit', async () => {
    const { db, log } = fakeDatabase();
    const key = Symbol('written');
    const note = (item: string) =>
      transactionLocal(key, () => {
        const items: string[] = [];
        void afterCommit(() => log.push(`told: ${items.join(',')}`));
        return items;
      })?.push(item);
    expect(note('outside')).toBeUndefined();
    await db.transaction(async (tx) => {
      note('a');
      await tick();
      note('b');
      await (tx as typeof db)
        .transaction(async () => {
          note('rolled back');
          throw new Error('undone');
        })
        .catch(() => undefined);
      await (tx as typeof db).transaction(async () => {
        note('c');
      });
    });
    expect(log.filter((line) => line.startsWith('told'))).toEqual(['told: a,b', 'told: c']);
  });
});
