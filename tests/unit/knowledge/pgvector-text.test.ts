import { describe, expect, it } from 'vitest';
import { pgvectorText } from '../../../server/db/schema/knowledge';

/** The text form written value by value with String(): what pgvectorText must produce byte for byte. */
const reference = (values: number[]) => `[${values.map((value) => `${Math.round(value * 1e8)}e-8`).join(',')}]`;

describe('pgvectorText', () => {
  it('writes each value as an integer of 1e-8 with its exponent', () => {
    expect(pgvectorText([0.04425877, -0.5, 1, 0])).toBe('[4425877e-8,-50000000e-8,100000000e-8,0e-8]');
    expect(pgvectorText([])).toBe('[]');
  });

  it('writes what String() writes for every value: signs, zeros, rounding, 32-bit and larger integers', () => {
    let state = 7;
    const random = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 4294967296;
    const values = [
      -0,
      0.4e-8,
      -0.4e-8,
      0.5e-8,
      -0.5e-8,
      1e-9,
      21.47483647,
      21.47483648,
      -21.47483649,
      12345.678,
      -98765432.1,
      90071992.54740991,
      ...Array.from({ length: 5000 }, () => (random() - 0.5) * 2),
      ...Array.from({ length: 500 }, () => (random() - 0.5) * 10 ** Math.floor(random() * 9)),
    ];
    for (let start = 0; start < values.length; start += 384) {
      const vector = values.slice(start, start + 384);
      expect(pgvectorText(vector)).toBe(reference(vector));
    }
  });

  it('keeps working when a longer vector than any before needs more room', () => {
    const long = Array.from({ length: 4096 }, (_, i) => (i % 7) / 7 - 0.5);
    expect(pgvectorText(long)).toBe(reference(long));
    expect(pgvectorText([0.25])).toBe('[25000000e-8]');
  });

  it('passes values pgvector rejects through as String() writes them, for pgvector to refuse', () => {
    expect(pgvectorText([Number.NaN, Number.POSITIVE_INFINITY])).toBe('[NaNe-8,Infinitye-8]');
    expect(pgvectorText([1e10])).toBe(reference([1e10]));
  });
});
