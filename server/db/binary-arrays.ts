/**
 * One-dimensional arrays in PostgreSQL's binary wire format, for a statement that stores many rows
 * at once as a few array parameters unnested on the server (the ingest's new chunks). node-postgres
 * sends a Buffer parameter in binary format, so the server reads each element as it is instead of
 * parsing an array literal: for an ingest's 4,538 vectors of 384 values the server took 0.5 s to
 * read them as text (the literal alone was 19.8 MB) and 0.04 s as binary (bench/retrieval
 * --ingest-only; decision 013's addendum of 2026-12-03).
 *
 * PGlite reads every parameter as text, so the callers keep the text form there.
 *
 * The format (array_recv): dimensions (1), whether any element is null, the element type's OID, the
 * length and lower bound (1); then each element as a 32-bit byte length (-1 for null) and its bytes.
 */

/** The OIDs of the built-in element types used here (pg_type; fixed across PostgreSQL versions). */
export const elementTypes = { int4: 23, text: 25 } as const;

const headerBytes = 20;

class ArrayWriter {
  readonly buffer: Buffer;
  private readonly view: DataView;
  private at = headerBytes;

  constructor(bytes: number, elementType: number, length: number, hasNull: boolean) {
    this.buffer = Buffer.allocUnsafe(headerBytes + bytes);
    this.view = new DataView(this.buffer.buffer, this.buffer.byteOffset, this.buffer.byteLength);
    this.view.setInt32(0, 1);
    this.view.setInt32(4, hasNull ? 1 : 0);
    this.view.setUint32(8, elementType);
    this.view.setInt32(12, length);
    this.view.setInt32(16, 1);
  }

  int32(value: number): void {
    this.view.setInt32(this.at, value);
    this.at += 4;
  }

  int16(value: number): void {
    this.view.setInt16(this.at, value);
    this.at += 2;
  }

  float32(value: number): void {
    this.view.setFloat32(this.at, value);
    this.at += 4;
  }

  utf8(value: string, bytes: number): void {
    this.buffer.write(value, this.at, bytes, 'utf8');
    this.at += bytes;
  }

  done(): Buffer {
    if (this.at !== this.buffer.length)
      throw new Error(`binary array: wrote ${this.at} of ${this.buffer.length} bytes`);
    return this.buffer;
  }
}

/** A `vector[]` (pgvector: 16-bit dimensions, 16 unused bits, float4 values); undefined elements are null. */
export function vectorArray(vectors: ReadonlyArray<readonly number[] | undefined>, vectorType: number): Buffer {
  let bytes = 0;
  let hasNull = false;
  for (const vector of vectors) {
    if (vector) bytes += 4 + 4 + 4 * vector.length;
    else {
      bytes += 4;
      hasNull = true;
    }
  }
  const out = new ArrayWriter(bytes, vectorType, vectors.length, hasNull);
  for (const vector of vectors) {
    if (!vector) {
      out.int32(-1);
      continue;
    }
    out.int32(4 + 4 * vector.length);
    out.int16(vector.length);
    out.int16(0);
    for (let index = 0; index < vector.length; index++) out.float32(vector[index]);
  }
  return out.done();
}

/** A `text[]` (each element its UTF-8 bytes: nothing to quote or escape). */
export function textArray(values: readonly string[]): Buffer {
  const lengths = values.map((value) => Buffer.byteLength(value, 'utf8'));
  const out = new ArrayWriter(
    lengths.reduce((sum, length) => sum + 4 + length, 0),
    elementTypes.text,
    values.length,
    false,
  );
  values.forEach((value, index) => {
    out.int32(lengths[index]);
    out.utf8(value, lengths[index]);
  });
  return out.done();
}

/** An `int4[]`. */
export function int4Array(values: readonly number[]): Buffer {
  const out = new ArrayWriter(values.length * 8, elementTypes.int4, values.length, false);
  for (const value of values) {
    out.int32(4);
    out.int32(value);
  }
  return out.done();
}
