import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../helpers/app';
import { createUser } from '../../factories/users';
import { notifications } from '../../../server/db/schema/index';
import { notify } from '../../../server/domain/notifications/notify';
import { Broadcaster, type BroadcastDriver } from '../../../server/broadcasting/broadcaster';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const message = (n: number) => ({ channels: ['private-App.Models.User.1'], event: 'App\\Events\\Test', data: { n } });
const sentNumbers = () => app.broadcasts.map((sent) => sent.data.n);

describe('broadcasts leave only after the transaction commits', () => {
  it('publishes at once outside a transaction', async () => {
    app.broadcasts.length = 0;
    await app.services.broadcaster.broadcast(message(1));
    expect(sentNumbers()).toEqual([1]);
  });

  it('queues inside a transaction and publishes, in order, once it has committed', async () => {
    app.broadcasts.length = 0;
    await app.services.db.transaction(async () => {
      await app.services.broadcaster.broadcast(message(1));
      await app.services.broadcaster.broadcast(message(2));
      expect(sentNumbers()).toEqual([]);
    });
    expect(sentNumbers()).toEqual([1, 2]);
  });

  it('publishes nothing when the transaction rolls back, and the rows are gone too', async () => {
    app.broadcasts.length = 0;
    const user = await createUser(app.services);
    await expect(
      app.services.db.transaction(async (tx) => {
        await notify({ db: tx, broadcaster: app.services.broadcaster }, user.id, 'test', { message: 'Never seen' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(app.broadcasts).toEqual([]);
    expect(await app.services.db.select().from(notifications).where(eq(notifications.userId, user.id))).toEqual([]);
  });

  it('drops what a rolled-back savepoint queued but keeps what the outer transaction queued', async () => {
    app.broadcasts.length = 0;
    await app.services.db.transaction(async (tx) => {
      await app.services.broadcaster.broadcast(message(1));
      await tx
        .transaction(async () => {
          await app.services.broadcaster.broadcast(message(2));
          throw new Error('savepoint rolled back');
        })
        .catch(() => undefined);
      await tx.transaction(async () => {
        await app.services.broadcaster.broadcast(message(3));
      });
    });
    expect(sentNumbers()).toEqual([1, 3]);
  });

  it('publishes a notification stored in a transaction only after the commit, with the committed row', async () => {
    app.broadcasts.length = 0;
    const user = await createUser(app.services);
    let insideCount = -1;
    await app.services.db.transaction(async (tx) => {
      await notify({ db: tx, broadcaster: app.services.broadcaster }, user.id, 'test', { message: 'Committed' });
      insideCount = app.broadcasts.length;
    });
    expect(insideCount).toBe(0);
    expect(app.broadcasts).toHaveLength(1);
    const [row] = await app.services.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(app.broadcasts[0].data).toMatchObject({ id: row.id, type: 'test', message: 'Committed' });
  });

  it('logs a failed publish instead of failing the request', async () => {
    const failing: BroadcastDriver = { name: 'failing', publish: () => Promise.reject(new Error('realtime down')) };
    const logger = { error: vi.fn() };
    const broadcaster = new Broadcaster(failing, logger as never);
    await expect(broadcaster.broadcast(message(1))).resolves.toBeUndefined();
    await app.services.db.transaction(async () => {
      await broadcaster.broadcast(message(2));
    });
    expect(logger.error).toHaveBeenCalledTimes(2);
  });
});
