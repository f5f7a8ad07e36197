import { describe, expect, it } from 'vitest';
import { StatementNames } from '../../server/db/prepared-statements';

/** A stand-in for a pg client: records what its `query` was called with. */
function fakeClient() {
  const calls: unknown[][] = [];
  const client = {
    query(...args: unknown[]) {
      calls.push(args);
      return Promise.resolve({ rows: [] });
    },
  };
  return { client, calls };
}

describe('prepared statements', () => {
  it('names a statement with parameters after its text, the same name on every connection', async () => {
    const names = new StatementNames();
    const a = fakeClient();
    const b = fakeClient();
    names.prepareOn(a.client);
    names.prepareOn(b.client);
    const config = { name: undefined, text: 'select * from users where id = $1', rowMode: 'array' };
    await a.client.query(config, [1]);
    await b.client.query(config, [2]);
    await a.client.query('select * from teams where id = $1', [3]);

    const [first, second, third] = [a.calls[0][0], b.calls[0][0], a.calls[1][0]] as { name: string; text: string }[];
    expect(first).toEqual({ name: 'kawan_1', text: config.text, rowMode: 'array' });
    expect(second.name).toBe('kawan_1');
    expect(third).toEqual({ name: 'kawan_2', text: 'select * from teams where id = $1' });
    // drizzle's own config object is reused for every execution: it is never changed.
    expect(config.name).toBeUndefined();
    // The values and a callback are passed on as they were.
    expect(a.calls[0][1]).toEqual([1]);
  });

  it('leaves statements without parameters, named ones and submittables alone', async () => {
    const names = new StatementNames();
    const { client, calls } = fakeClient();
    names.prepareOn(client);
    const submittable = { text: 'select $1', values: [1], submit: () => undefined };
    const named = { name: 'mine', text: 'select $1' };
    await client.query('begin');
    await client.query('select 1', []);
    await client.query({ text: 'select now()' });
    await client.query(named, [1]);
    await client.query(submittable);

    expect(calls.map((call) => call[0])).toEqual(['begin', 'select 1', { text: 'select now()' }, named, submittable]);
  });

  it('names a statement drizzle prepared without a name (an empty one) as any other', async () => {
    const names = new StatementNames();
    const { client, calls } = fakeClient();
    names.prepareOn(client);
    const config = { name: '', text: 'select * from messages where id = $1', rowMode: 'array' };
    await client.query(config, [1]);
    expect(calls[0][0]).toEqual({ name: 'kawan_1', text: config.text, rowMode: 'array' });
    expect(config.name).toBe('');
  });

  it('names the values of a config object as it names values passed beside it', async () => {
    const names = new StatementNames();
    const { client, calls } = fakeClient();
    names.prepareOn(client);
    await client.query({ text: 'select $1::int', values: [1] });
    expect(calls[0][0]).toEqual({ name: 'kawan_1', text: 'select $1::int', values: [1] });
  });

  it('runs statements unnamed past the bounds of the process and of a connection', async () => {
    const names = new StatementNames({ maxNames: 3, perConnection: 2 });
    const a = fakeClient();
    const b = fakeClient();
    names.prepareOn(a.client);
    names.prepareOn(b.client);
    for (const text of ['select $1', 'select $1 + 1', 'select $1 + 2']) await a.client.query(text, [1]);
    // The connection holds two prepared statements: the third text runs unnamed there…
    expect(a.calls.map((call) => (call[0] as { name?: string }).name ?? call[0])).toEqual([
      'kawan_1',
      'kawan_2',
      'select $1 + 2',
    ]);
    // …and stays named on another connection, which has room.
    await b.client.query('select $1 + 2', [1]);
    expect((b.calls[0][0] as { name: string }).name).toBe('kawan_3');
    // A fourth text is past the process's bound: unnamed everywhere.
    await b.client.query('select $1 + 3', [1]);
    expect(b.calls[1][0]).toBe('select $1 + 3');
    // A text already prepared on a connection stays named there.
    await a.client.query('select $1', [2]);
    expect((a.calls[3][0] as { name: string }).name).toBe('kawan_1');
  });

  it('wraps a client once', async () => {
    const names = new StatementNames();
    const { client, calls } = fakeClient();
    names.prepareOn(client);
    names.prepareOn(client);
    await client.query('select $1', [1]);
    expect(calls).toHaveLength(1);
  });
});
