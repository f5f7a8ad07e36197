import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { browser, pageOf } from '../../helpers/app';
import { createLoggingTestApp, expectNoSecretIn, type LoggingTestApp } from '../../helpers/leaks';
import type { RouteRegistry } from '../../../server/http/router/registry';

// A query that fails carries its bound values in the error (drizzle: "Failed query: … params: …").
// Those can be password hashes or tokens: the log line and the development error page keep the
// query and the database's reason, never the values.
const secret = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0c2FsdA$notARealHashButSecretAnyway';

function failingQuery(routes: RouteRegistry) {
  routes
    .get('/t/failing-query', async (req) => {
      await req.services.db.execute(sql`select ${secret}::integer`);
    })
    .name('test.failing-query');
}

let production: LoggingTestApp;
let development: LoggingTestApp;
beforeAll(async () => {
  production = await createLoggingTestApp({ routes: [failingQuery] });
  development = await createLoggingTestApp({ routes: [failingQuery], env: { NODE_ENV: 'development' } });
});
afterAll(async () => {
  await production.close();
  await development.close();
});

describe('a failed query', () => {
  it('is logged with its SQL and reason, its parameters redacted', async () => {
    const res = await (await browser(production.app)).visit('/t/failing-query');
    expect(res.status).toBe(500);
    const logs = production.logs();
    expect(logs).toContain('Failed query: select $1::integer');
    expect(logs).toContain('params: [redacted]');
    expectNoSecretIn({ logs: [logs], response: [res.text] }, [secret]);
  });

  it('shows its message and trace on the development error page without the parameters', async () => {
    const res = await (await browser(development.app)).visit('/t/failing-query');
    expect(res.status).toBe(500);
    const page = pageOf(res);
    expect(page.props.message).toContain('Failed query: select $1::integer');
    expect(page.props.trace).toContain('params: [redacted]');
    expectNoSecretIn({ page: [JSON.stringify(page)], logs: [development.logs()] }, [secret]);
  });
});
