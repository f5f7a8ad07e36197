import { describe, expect, it } from 'vitest';
import { copied } from '../../../server/cache/cached-reads';

describe('copied', () => {
  it('copies rows deeply: a caller that changes its copy changes nothing cached', () => {
    const row = { id: 1, at: new Date(5), settings: { tags: ['a'] }, photo: null };
    const copy = copied(row);
    expect(copy).toEqual(row);
    copy.at.setTime(9);
    copy.settings.tags.push('b');
    expect(row.at.getTime()).toBe(5);
    expect(row.settings.tags).toEqual(['a']);
    expect(copied([row])[0]).not.toBe(row);
  });

  it('keeps other objects whole through structuredClone, and a __proto__ key as a key', () => {
    const value = { map: new Map([['k', { n: 1 }]]), bytes: Buffer.from('hi') };
    const copy = copied(value);
    expect(copy.map.get('k')).toEqual({ n: 1 });
    expect(copy.map).not.toBe(value.map);
    const json = copied(JSON.parse('{"__proto__":{"admin":true}}') as Record<string, unknown>);
    expect(Object.keys(json)).toEqual(['__proto__']);
    expect((json as { admin?: boolean }).admin).toBeUndefined();
  });
});
