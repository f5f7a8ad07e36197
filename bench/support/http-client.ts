/** Single requests of bench/http.ts (sign-in, captures, checks): one fresh connection each. */
import { request } from 'node:http';

export interface Fetched {
  status: number;
  contentType: string;
  location?: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface RequestSpec {
  method: string;
  headers: Record<string, string>;
  body?: string;
}

export function send(url: string, spec: RequestSpec): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const headers = { ...spec.headers };
    if (spec.body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(spec.body));
    const req = request(url, { method: spec.method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          contentType: res.headers['content-type'] ?? '',
          location: res.headers.location,
          headers: res.headers,
          body: Buffer.concat(chunks),
        }),
      );
      res.on('error', reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`${spec.method} ${url} timed out`)));
    req.on('error', reject);
    req.end(spec.body);
  });
}

/** `name=value` of each Set-Cookie. */
export function setCookies(response: Fetched): string[] {
  const lines = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  return lines.map((line) => line.split(';')[0]);
}

/** The cookies of one browser: what the server set last, sent back as one Cookie header. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(response: Fetched): this {
    for (const cookie of setCookies(response)) {
      const at = cookie.indexOf('=');
      this.cookies.set(cookie.slice(0, at), cookie.slice(at + 1));
    }
    return this;
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  names(): string[] {
    return [...this.cookies.keys()];
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** The page object of an Inertia response: the JSON body, or the one embedded in a first-load document. */
export function pageObject(response: Fetched): {
  component?: string;
  version?: string | null;
  props: Record<string, unknown>;
} {
  const text = response.body.toString();
  if (response.headers['x-inertia'] === 'true') return JSON.parse(text) as ReturnType<typeof pageObject>;
  const match = /<script data-page="app" type="application\/json">([\s\S]*?)<\/script>/.exec(text);
  if (!match) throw new Error(`No page object in the document: ${text.slice(0, 300)}`);
  return JSON.parse(match[1]) as ReturnType<typeof pageObject>;
}
