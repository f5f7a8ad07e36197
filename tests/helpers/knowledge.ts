import { expect } from 'vitest';
import type { TestApp } from './app';
import { browser, signedIn } from './app';

/** A signed-in browser of the user, and how to run the queued jobs the way a worker would. */
export async function knowledgeClient(app: TestApp, user: { email: string }) {
  const client = await signedIn(app.app, user);
  return {
    ...client,
    /** Runs every due job now (the ingest of what was just added). */
    work: () => app.services.jobs.drain(),
  };
}

/** The source rows of a knowledge as the Form page lists them. */
export async function sourcesOf(client: Awaited<ReturnType<typeof browser>>, knowledgeId: number) {
  const res = await client.visit(`/knowledges/${knowledgeId}/edit`);
  expect(res.status, res.text.slice(0, 200)).toBe(200);
  return (res.body as { props: { sources: Array<Record<string, unknown>> } }).props.sources;
}
