import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, wantsPrettyLogs } from '../../server/support/logger';

describe('log format', () => {
  it.each([
    [false, true, true],
    [false, false, false],
    [false, undefined, false],
    [true, true, false],
    [true, false, false],
  ])('production %s, terminal %s → pretty %s', (isProduction, isTTY, pretty) => {
    expect(wantsPrettyLogs(isProduction, { isTTY })).toBe(pretty);
  });

  it('builds both kinds of logger at the level asked for', () => {
    const json = createLogger('warn');
    const pretty = createLogger('debug', { pretty: true });
    expect(json.level).toBe('warn');
    expect(pretty.level).toBe('debug');
    pretty.flush();
  });
});

describe('redaction', () => {
  it('keeps passwords, tokens, secrets and credentials headers out of every line', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = createLogger('info', { destination: sink });
    logger.info({
      req: { headers: { cookie: 'kawan_session=abc', authorization: 'Bearer kawan_xyz', 'x-xsrf-token': 'x' } },
      body: { password: 'hunter22', password_confirmation: 'hunter22', token: 'kawan_xyz', secret: 's3cr3t' },
    });
    logger.warn({ password: 'hunter22', current_password: 'hunter22', secret: 's3cr3t' }, 'top level');
    const line = lines.join('');
    for (const secret of ['kawan_session=abc', 'Bearer kawan_xyz', 'hunter22', 'kawan_xyz', 's3cr3t']) {
      expect(line).not.toContain(secret);
    }
    expect(line).toContain('[redacted]');
  });
});
