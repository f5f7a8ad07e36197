import { describe, expect, it } from 'vitest';
import { elementTypes, int4Array, textArray, vectorArray } from '../../../server/db/binary-arrays';

/** Reads back what array_recv would: the header, then each element's bytes (null for -1). */
function readArray(buffer: Buffer) {
  const header = {
    dimensions: buffer.readInt32BE(0),
    hasNull: buffer.readInt32BE(4),
    elementType: buffer.readUInt32BE(8),
    length: buffer.readInt32BE(12),
    lowerBound: buffer.readInt32BE(16),
  };
  const elements: Array<Buffer | null> = [];
  let at = 20;
  for (let index = 0; index < header.length; index++) {
    const bytes = buffer.readInt32BE(at);
    at += 4;
    if (bytes === -1) elements.push(null);
    else {
      elements.push(buffer.subarray(at, at + bytes));
      at += bytes;
    }
  }
  expect(at).toBe(buffer.length);
  return { header, elements };
}

describe('binary arrays (PostgreSQL wire format)', () => {
  it('writes vectors as pgvector reads them: dimensions, an unused half-word, float4 values; nulls as -1', () => {
    const vectorType = 397774;
    const first = [0.1, -0.25, 1 / 3];
    const { header, elements } = readArray(vectorArray([first, undefined, [0, 1]], vectorType));
    expect(header).toEqual({ dimensions: 1, hasNull: 1, elementType: vectorType, length: 3, lowerBound: 1 });
    expect(elements[1]).toBeNull();
    const decode = (element: Buffer) => {
      const count = element.readInt16BE(0);
      expect(element.readInt16BE(2)).toBe(0);
      expect(element.length).toBe(4 + 4 * count);
      return Array.from({ length: count }, (_, index) => element.readFloatBE(4 + 4 * index));
    };
    expect(decode(elements[0]!)).toEqual(first.map(Math.fround));
    expect(decode(elements[2]!)).toEqual([0, 1]);
    expect(readArray(vectorArray([[1]], vectorType)).header.hasNull).toBe(0);
  });

  it('writes texts as their UTF-8 bytes, with nothing escaped', () => {
    const values = ['Kopi "susu" \\ {gula}, aren', '', 'NULL', 'Buka 07.00–22.00 🕖'];
    const { header, elements } = readArray(textArray(values));
    expect(header).toEqual({ dimensions: 1, hasNull: 0, elementType: elementTypes.text, length: 4, lowerBound: 1 });
    expect(elements.map((element) => element!.toString('utf8'))).toEqual(values);
  });

  it('writes 32-bit integers', () => {
    const { header, elements } = readArray(int4Array([0, 42, -7, 2_147_483_647]));
    expect(header.elementType).toBe(elementTypes.int4);
    expect(elements.map((element) => element!.readInt32BE(0))).toEqual([0, 42, -7, 2_147_483_647]);
  });

  it('writes an empty array', () => {
    expect(readArray(textArray([])).header).toMatchObject({ length: 0, hasNull: 0 });
  });
});
