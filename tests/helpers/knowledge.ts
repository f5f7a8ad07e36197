import type { TestApp } from './app';
import { signedIn } from './app';
import { createOwnedTeam } from '../factories/teams';

/** A signed-in browser of the user, and how to run the queued jobs the way a worker would. */
export async function knowledgeClient(app: TestApp, user: { email: string }) {
  const client = await signedIn(app.app, user);
  return {
    ...client,
    /** Runs every due job now (the ingest of what was just added). */
    work: () => app.services.jobs.drain(),
  };
}

/** A new team's owner with an Indonesian knowledge base holding one text source, its ingest queued. */
export async function textKnowledge(app: TestApp, name: string, text: string) {
  const { owner } = await createOwnedTeam(app.services, { current: true });
  const client = await knowledgeClient(app, owner);
  const created = await client.send('post', '/knowledges', { name, language: 'indonesian' });
  const id = Number((created.headers.location as string).split('/')[2]);
  await client.send('post', `/knowledges/${id}/sources`, { type: 'text', title: `Daftar ${name}`, text });
  return { client, id };
}

/** The same, ingested. */
export async function ingestedTextKnowledge(app: TestApp, name: string, text: string) {
  const made = await textKnowledge(app, name, text);
  await made.client.work();
  return made;
}
