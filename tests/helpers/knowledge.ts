import type { TestApp } from './app';
import { signedIn } from './app';

/** A signed-in browser of the user, and how to run the queued jobs the way a worker would. */
export async function knowledgeClient(app: TestApp, user: { email: string }) {
  const client = await signedIn(app.app, user);
  return {
    ...client,
    /** Runs every due job now (the ingest of what was just added). */
    work: () => app.services.jobs.drain(),
  };
}
