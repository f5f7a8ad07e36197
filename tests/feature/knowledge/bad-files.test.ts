import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectPage, type TestApp } from '../../helpers/app';
import { knowledgeClient } from '../../helpers/knowledge';
import { createOwnedTeam } from '../../factories/teams';
import { buildEncryptedPdf, buildScannedPdf } from '../../fixtures/knowledge/pdf';
import { buildDocx, buildXlsx } from '../../fixtures/knowledge/office';
import { CONTENT_TYPES, buildZip, deflatedZeros } from '../../fixtures/knowledge/zip';

/**
 * Every kind of bad file the issue names, uploaded through the page: each fails on its own source
 * with a message that says what to do, and the knowledge's other sources keep answering. An
 * oversized file is refused before it is stored.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ env: { KNOWLEDGE_MAX_FILE_BYTES: String(1024 * 1024) } });
});
afterAll(() => app.close());

describe('bad files', () => {
  it('fails each bad file on its own source with its reason, and keeps the good ones', async () => {
    const { owner } = await createOwnedTeam(app.services, { current: true });
    const client = await knowledgeClient(app, owner);
    const created = await client.send('post', '/knowledges', { name: 'Docs', language: 'indonesian' });
    const id = Number((created.headers.location as string).split('/')[2]);
    const upload = (name: string, bytes: Uint8Array) =>
      client.agent
        .post(`/knowledges/${id}/sources`)
        .set({ 'X-XSRF-TOKEN': client.token, 'X-Inertia': 'true', 'X-Requested-With': 'XMLHttpRequest' })
        .field('type', 'file')
        .attach('file', Buffer.from(bytes), { filename: name, contentType: 'application/octet-stream' });

    const bomb = buildZip([
      { name: '[Content_Types].xml', data: CONTENT_TYPES },
      { name: 'word/document.xml', compressed: await deflatedZeros(300) },
    ]);
    const corruptXlsx = (await buildXlsx()).slice(0, 400);
    for (const [name, bytes] of [
      ['good.docx', await buildDocx()],
      ['good.xlsx', await buildXlsx()],
      ['locked.pdf', await buildEncryptedPdf()],
      ['scan.pdf', await buildScannedPdf()],
      ['bomb.docx', bomb],
      ['cut.xlsx', corruptXlsx],
      ['blank.txt', new TextEncoder().encode('   \n\n   \t ')],
    ] as const) {
      expect((await upload(name, bytes)).status, name).toBe(303);
    }
    expect(await client.work()).toBe(7);

    const sources = expectPage(await client.visit(`/knowledges/${id}/edit`), 'Knowledges/Form').props.sources as Array<{
      title: string;
      status: string;
      error: string | null;
      chunk_count: number;
    }>;
    const byTitle = Object.fromEntries(sources.map((s) => [s.title, s]));
    expect(byTitle['good.docx']).toMatchObject({ status: 'ready', error: null });
    expect(byTitle['good.docx'].chunk_count).toBeGreaterThan(0);
    expect(byTitle['good.xlsx']).toMatchObject({ status: 'ready', error: null });
    expect(byTitle['locked.pdf']).toMatchObject({ status: 'error', error: expect.stringMatching(/password-protected/) });
    expect(byTitle['scan.pdf']).toMatchObject({ status: 'error', error: expect.stringMatching(/scanned PDF/) });
    expect(byTitle['bomb.docx']).toMatchObject({ status: 'error', error: expect.stringMatching(/zip bomb/) });
    expect(byTitle['cut.xlsx']).toMatchObject({ status: 'error', error: expect.stringMatching(/damaged/) });
    expect(byTitle['blank.txt']).toMatchObject({ status: 'error', error: expect.stringMatching(/empty|no text/i) });

    const index = expectPage(await client.visit('/knowledges'), 'Knowledges/Index');
    expect(index.props.knowledges).toMatchObject({ data: [{ status: 'degraded', failed_sources: 5 }] });
  }, 60_000);

  it('refuses a file over the size limit before storing anything', async () => {
    const { owner } = await createOwnedTeam(app.services, { current: true });
    const client = await knowledgeClient(app, owner);
    const created = await client.send('post', '/knowledges', { name: 'Big', language: 'english' });
    const id = Number((created.headers.location as string).split('/')[2]);
    await client.visit(`/knowledges/${id}/edit`);
    const big = Buffer.alloc(1024 * 1024 + 10, 'a');
    const res = await client.agent
      .post(`/knowledges/${id}/sources`)
      .set({ 'X-XSRF-TOKEN': client.token, 'X-Inertia': 'true', 'X-Requested-With': 'XMLHttpRequest' })
      .field('type', 'file')
      .attach('file', big, { filename: 'big.txt', contentType: 'text/plain' });
    // The upload limit of the kernel (the larger of UPLOAD_MAX_BYTES and KNOWLEDGE_MAX_FILE_BYTES)
    // is above this file: the action refuses it with a field message.
    expect(res.status).toBe(303);
    const page = expectPage(await client.visit(`/knowledges/${id}/edit`), 'Knowledges/Form');
    expect(page.props.errors).toEqual({ file: 'The file must not be greater than 1 MB.' });
    expect(page.props.sources).toEqual([]);
  });
});
