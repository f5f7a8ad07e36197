import { asc, eq } from 'drizzle-orm';
import { prepareEnvironment } from '../server/config/secrets';
import { loadConfig } from '../server/config/env';
import { configuredDatabase, openDatabase } from '../server/db/client';
import { teams } from '../server/db/schema/teams';
import { rebuildTeam } from '../server/reports/rollup';

/**
 * `npm run reports:rebuild [-- --team <id>]`: recomputes the report rollups of every team (or one)
 * from raw conversations and messages, against DATABASE_URL or the embedded database, printing the
 * days written per team and the time taken. The workers keep rollups up to date by themselves;
 * this is for after a fix to a metric's definition, a restore, or rows changed by hand.
 */
async function run(args: string[]) {
  const teamArg = args.indexOf('--team');
  const only = teamArg >= 0 ? Number(args[teamArg + 1]) : undefined;
  if (teamArg >= 0 && !(Number.isInteger(only) && only! > 0)) {
    console.error('usage: scripts/reports-rebuild.ts [--team <id>]');
    process.exitCode = 1;
    return;
  }
  prepareEnvironment();
  const config = loadConfig();
  const database = await openDatabase(configuredDatabase(config));
  try {
    const list = await database.db
      .select({ id: teams.id, name: teams.name, timezone: teams.timezone })
      .from(teams)
      .where(only === undefined ? undefined : eq(teams.id, only))
      .orderBy(asc(teams.id));
    if (only !== undefined && list.length === 0) {
      console.error(`no team ${only}`);
      process.exitCode = 1;
      return;
    }
    const started = performance.now();
    let total = 0;
    for (const team of list) {
      const from = performance.now();
      const days = await rebuildTeam(database.db, team.id);
      total += days;
      console.log(
        `team ${team.id} (${team.name}, ${team.timezone}): ${days} day${days === 1 ? '' : 's'} in ${seconds(performance.now() - from)}`,
      );
    }
    console.log(
      `rebuilt ${list.length} team${list.length === 1 ? '' : 's'}, ${total} days, in ${seconds(performance.now() - started)} (${database.driver})`,
    );
  } finally {
    await database.close();
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

run(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
