import { sql } from 'drizzle-orm';
import { prepareEnvironment } from '../server/config/secrets';
import { loadConfig } from '../server/config/env';
import { configuredDatabase, openDatabase } from '../server/db/client';
import { seedDemo } from '../server/db/seed';
import { createApp } from '../server/app';
import { createLogger } from '../server/support/logger';
import { createBroadcastDriver, whileReachable } from '../server/broadcasting/broadcaster';

/** `npm run db:migrate | db:seed | db:fresh` against DATABASE_URL or the embedded database. */
async function run(command: string | undefined) {
  prepareEnvironment();
  const config = loadConfig();
  const database = await openDatabase(configuredDatabase(config));
  try {
    if (command === 'fresh') {
      await database.db.execute(sql`DROP SCHEMA IF EXISTS public CASCADE`);
      await database.db.execute(sql`DROP SCHEMA IF EXISTS drizzle CASCADE`);
      await database.db.execute(sql`CREATE SCHEMA public`);
      console.log('dropped every table');
    }
    if (command === 'migrate' || command === 'fresh') {
      await database.migrate();
      console.log(`migrated (${database.driver})`);
    }
    if (command === 'seed' || command === 'fresh') {
      const logger = createLogger('warn');
      // Open pages of a running app see the demo arrive; with the app stopped, one warning.
      const reachable = whileReachable(logger);
      const broadcastDriver = reachable(createBroadcastDriver(config));
      const widgetBroadcastDriver = reachable(createBroadcastDriver(config, undefined, 'widget'));
      const { services } = createApp({ config, database, logger, broadcastDriver, widgetBroadcastDriver });
      const result = await seedDemo(services);
      console.log(result ? `seeded: ${JSON.stringify(result)}` : 'demo data already present');
    }
    if (!['migrate', 'seed', 'fresh'].includes(command ?? '')) {
      console.error('usage: scripts/db.ts migrate|seed|fresh');
      process.exitCode = 1;
    }
  } finally {
    await database.close();
  }
}

run(process.argv[2]).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
