/** A file of a multipart body, as the fake providers record it. */
export class UploadedPart {
  constructor(
    readonly name: string,
    readonly mime: string,
    readonly bytes: Buffer,
  ) {}
}

/**
 * A multipart/form-data body read by the platform's own parser (`Response.formData()`), as a
 * provider reads an upload: text fields as strings (`text` maps them), files as UploadedPart.
 */
export async function readMultipart(
  body: Buffer,
  contentType: string,
  text: (value: string) => unknown = (value) => value,
): Promise<Record<string, unknown>> {
  const form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  const fields: Record<string, unknown> = {};
  for (const [key, value] of form) {
    fields[key] =
      typeof value === 'string'
        ? text(value)
        : new UploadedPart(value.name, value.type, Buffer.from(await value.arrayBuffer()));
  }
  return fields;
}
