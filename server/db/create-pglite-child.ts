/**
 * The child process of `createPgliteInChild` (server/db/create-pglite.ts): creates and migrates
 * the PGlite database in the folder it is given, then exits.
 */
import { openDatabase } from './client';

async function create(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
}

create(process.argv[2]).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
