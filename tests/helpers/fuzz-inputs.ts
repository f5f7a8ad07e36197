import type { FuzzRequest, Random } from './fuzz';

/**
 * What the request fuzz (tests/feature/foundation/fuzz.test.ts) sends: malformed values, bodies,
 * query strings, request targets, Host headers, methods and headers, each drawn from a seeded
 * `Random` so that a seed reproduces them.
 */

// ---------------------------------------------------------------------------------------------
// Values

/** Field names the app's forms and endpoints read, plus a few nobody reads. */
export const fieldNames = [
  'name',
  'email',
  'password',
  'password_confirmation',
  'current_password',
  'role',
  'abilities',
  'permissions',
  'team_id',
  'code',
  'recovery_code',
  'photo',
  'force',
  'socket_id',
  'channel_name',
  'terms',
  'remember',
  'token',
  'company',
  'use_case',
  'message',
  'expiration',
  '_method',
  'id',
  'key',
  'page',
] as const;

/** Query parameters the app's GET routes read (or might), plus signed-URL parameters. */
export const queryNames = ['page', 'seconds', 'email', 'expires', 'signature', 'only', 'cursor', 'q', 'sort'] as const;

export const pollutionKeys = ['__proto__', 'constructor', 'prototype'] as const;

const strings = [
  '',
  ' ',
  '\u0000',
  '\ud800',
  '\u202e\u0645\u0631\u062d\u0628\u0627',
  '💥'.repeat(20),
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '${7*7}{{7*7}}',
  '%00%ZZ%',
  '../../../../etc/passwd',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '1e309',
  '0x10',
  ' 1 ',
  '99999999999999999999',
  '2147483648',
  '2024-13-45T99:99:99Z',
  'a@b',
  '@example.com',
  'admin',
  'owner',
  'private-App.Models.User.1',
  'presence-team.1',
  '123.456',
  '1|x',
];

/** A string some validator will not like: empty, control characters, lone surrogates, huge. */
export function junkString(random: Random): string {
  const roll = random.next();
  if (roll < 0.6) return random.pick(strings);
  if (roll < 0.8) return random.string(random.int(256, 4096));
  if (roll < 0.95) return 'x'.repeat(random.int(65_536, 300_000));
  return random.string(random.int(1, 64), '\u0000\u0001\u007f\u00ff\u2028\u2029\ufeff\ufffe');
}

/** Objects and arrays nested `depth` deep (a JSON text of that nesting is built, not a JS stack). */
export function nestedJson(depth: number, kind: 'object' | 'array' | 'mixed', leaf = '1'): string {
  let open = '';
  let close = '';
  for (let level = 0; level < depth; level++) {
    const asObject = kind === 'object' || (kind === 'mixed' && level % 2 === 0);
    open += asObject ? '{"a":' : '[';
    close = (asObject ? '}' : ']') + close;
  }
  return open + leaf + close;
}

/**
 * A JSON text for one field's value, of a type the field does not expect. Returned as text so
 * that deep nesting and own `__proto__` keys survive (JSON.stringify would drop or refuse them).
 */
export function wrongValueJson(random: Random): string {
  const roll = random.int(0, 15);
  switch (roll) {
    case 0:
      return random.pick(['null', 'true', 'false']);
    case 1:
      return random.pick(['0', '-1', '-0', '1.5', '1e308', '-1e308', '12345678901234567890', '2147483648', '1e-400']);
    case 2:
    case 3:
    case 4:
      return JSON.stringify(junkString(random));
    case 5:
      return random.pick(['[]', '[[]]', '[1,"a",null,{}]', '{}', '{"":""}', '[""]', '["admin","owner"]']);
    case 6:
      return nestedJson(random.pick([6, 30, 200, 2000]), random.pick(['object', 'array', 'mixed'] as const));
    case 7:
      return JSON.stringify(Array.from({ length: random.pick([21, 100, 5000]) }, (_, index) => `item${index}`));
    case 8:
      return '{"__proto__":{"polluted":"yes","isAdmin":true},"constructor":{"prototype":{"polluted":"yes"}}}';
    case 9:
      return random.pick(['{"$ne":null}', '{"$gt":""}', '{"toString":"x","valueOf":1,"hasOwnProperty":2}']);
    case 10:
      return JSON.stringify({ length: 1e9, 0: 'a' });
    default:
      return JSON.stringify(random.pick(strings));
  }
}

/** Values a field might accept, so that one wrong field among sane ones reaches deep validation. */
export function plausibleValueJson(field: string, context: { teamId: number; userId: number }): string {
  const plausible: Record<string, unknown> = {
    name: 'Fuzz Name',
    email: 'fuzz-target@example.com',
    password: 'Fuzz-Passw0rd!',
    password_confirmation: 'Fuzz-Passw0rd!',
    current_password: 'not-the-password',
    role: 'viewer',
    abilities: ['read'],
    permissions: ['read'],
    team_id: context.teamId,
    code: '000000',
    recovery_code: 'not-a-code',
    force: false,
    socket_id: '1234.5678',
    channel_name: `private-App.Models.User.${context.userId}`,
    terms: true,
    remember: false,
    token: 'not-a-token',
    company: 'Fuzz Co',
    use_case: 'testing',
    message: 'hello',
    expiration: 30,
  };
  return JSON.stringify(plausible[field] ?? 'x');
}

// ---------------------------------------------------------------------------------------------
// Query strings

/** encodeURIComponent that also takes lone surrogates (as the UTF-8 of U+FFFD). */
export function encode(text: string): string {
  return encodeURIComponent(
    text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'),
  );
}

/** One malformed query string (without the `?`), most past the specification's limits (array 20, depth 5, 1000 parameters). */
export function junkQuery(random: Random): string {
  const name = () => random.pick(queryNames);
  const value = () => encode(random.pick(strings));
  switch (random.int(0, 13)) {
    case 0: // too many parameters
      return Array.from({ length: random.pick([1001, 1500, 3000]) }, (_, index) => `k${index}=v`).join('&');
    case 1: // too deep
      return `${name()}${'[a]'.repeat(random.pick([6, 10, 40]))}=deep`;
    case 2: // too many array items, as a list and as indices
      return random.chance(0.5)
        ? Array.from({ length: random.pick([21, 50, 500]) }, () => `${name()}[]=x`).join('&')
        : `${name()}[${random.pick([21, 99, 99999, 2147483648])}]=x&${name()}[]=y`;
    case 3: // too long
      return `${name()}=${'v'.repeat(random.pick([2_000, 8_000, 14_000]))}`;
    case 4: // prototype pollution
      return random.pick([
        '__proto__[polluted]=1',
        '__proto__=x',
        'constructor[prototype][polluted]=1',
        'prototype[polluted]=1',
        `${name()}[__proto__][polluted]=1`,
        `${name()}[constructor][prototype][polluted]=1`,
        'hasOwnProperty=1&toString=2&valueOf=3',
      ]);
    case 5: // invalid percent-encoding
      return random.pick([
        '%',
        '%Z',
        `${name()}=%ZZ`,
        `${name()}=%E0%A4%A`,
        '%FF%FE=%C0%AE',
        `${name()}=%u0041`,
        '%00=%00',
      ]);
    case 6: // odd punctuation
      return random.pick([
        '=',
        '&&&',
        '==&=',
        '[]=1',
        'a[=1',
        'a]=1',
        ';;',
        '?a=1',
        '&',
        '#x',
        'a[][]=1',
        'a[b]=1&a=2',
      ]);
    case 7: // the same key as string and array
      return `${name()}=1&${name()}[]=2&${name()}[x]=3`;
    default: // a known name with a junk value, or a list of them
      return Array.from({ length: random.int(1, 4) }, () =>
        random.chance(0.3) ? `${name()}[${random.pick(['', 'x', '0'])}]=${value()}` : `${name()}=${value()}`,
      ).join('&');
  }
}

// ---------------------------------------------------------------------------------------------
// Request targets, Host headers, methods

/** Odd request targets around a real path of the app. */
export function oddTarget(random: Random, path: string): string {
  // Now and then around what the static middleware serves instead of the route's path.
  const base = random.chance(0.1) ? random.pick(['/storage/x.jpg', '/build/app.js', '/favicon.ico', '/storage']) : path;
  const bare = base.replace(/^\//, '');
  const options = [
    () => `http://x/${bare}`,
    () => `http://127.0.0.1/${bare}`,
    () => `https://evil.example:443/${bare}?a=1`,
    () => `http://127.0.0.1:99999/${bare}`,
    () => `//${bare}`,
    () => `//evil.example/${bare}`,
    () => `/${bare.replace(/\//g, '//')}`,
    () => `/${bare.replace(/\//g, '%2F')}`,
    () => `/${bare.replace(/\//g, '%2f')}%2f`,
    () => `/./${bare}`,
    () => `/../../${bare}`,
    () => `/%2e%2e/%2e/${bare}`,
    () => `/${bare}/%2e%2e/%2e%2e/etc/passwd`,
    () => `/${bare}/..%2F..%2F`,
    () => `/${bare}%00`,
    () => `/${bare};jsessionid=x`,
    () => `/${bare}#fragment`,
    () => `/${bare}?`,
    () => `/${bare}/`,
    () => `/${bare}//`,
    () => `/${bare}%`,
    () => `/${bare}%zz`,
    () => `/${bare}%E0%A4%A`,
    () => `/%C0%AE%C0%AE/${bare}`,
    () => `/${bare}/${'a'.repeat(random.pick([2_000, 8_000, 15_000]))}`,
    () => `/${'x/'.repeat(random.pick([500, 3_000]))}${bare}`,
    () => `/\\evil.example/${bare}`,
    () => `/${bare.toUpperCase()}`,
    () => `/${encodeURIComponent('é')}${bare}`,
    () => `/${bare}/\u00e9`,
    () => `/${bare}?${'a'.repeat(20_000)}`,
    () => '/',
    () => '',
    () => 'login',
    () => '?a=1',
  ];
  return random.pick(options)();
}

/** Host header values that are not a usable host (undefined: no Host header at all). */
export function badHost(random: Random): string | undefined {
  return random.pick<string | undefined>([
    '127.0.0.1:99999',
    '127.0.0.1:65536',
    'localhost:999999',
    '[::1]:99999',
    '127.0.0.1:0',
    '127.0.0.1:00080',
    ':80',
    '',
    ' ',
    undefined,
    'a'.repeat(300),
    `${'a'.repeat(63)}.`.repeat(40),
    `localhost:${'1'.repeat(40)}`,
    '<script>',
    'bad host',
    'a:b:c',
    'host:80:80',
    '%',
    '[::1',
    '[zzz]',
    'exa_mple.com',
    'localhost.',
    '-leading.example',
    'münchen.example',
    '127.0.0.1:-1',
    '127.0.0.1:+80',
    '0x7f.1',
    'LOCALHOST:8000',
    'user@host',
    'host/path',
    'host?x',
    'host#x',
  ]);
}

/** Protocol versions in the request line other than HTTP/1.1, known to the parser or not. */
export const oddVersions = [
  'HTTP/1.0',
  'HTTP/2.0',
  'HTTP/0.9',
  'HTTP/1.2',
  'HTTP/9.9',
  'http/1.1',
  'HTTP/1',
  'HTTPS/1.1',
  '',
];

/** Methods a route does not expect, known to the parser or not. */
export const oddMethods = [
  'OPTIONS',
  'HEAD',
  'TRACE',
  'PROPFIND',
  'PURGE',
  'SEARCH',
  'LINK',
  'M-SEARCH',
  'REPORT',
  'MKCOL',
  'LOCK',
  'FOO',
  'get',
  'G E T',
  'PATCH',
  'PUT',
  'DELETE',
  'POST',
  'GET',
] as const;

// ---------------------------------------------------------------------------------------------
// Bodies and headers

/** Path parameter values that name no row, or are not ids at all. */
export const junkIds = [
  '0',
  '-1',
  '1.5',
  '2147483648',
  '99999999999999999999',
  '9'.repeat(400),
  'abc',
  '%00',
  '..',
  '%2F',
  ' ',
  '1e3',
  '00000001',
  '0x1',
];

/**
 * A JSON body: most often sane values for a few of the fields the app reads with one to three of
 * them of a wrong type, sometimes a body that is not an object, deep nesting, a body past the 1 MB
 * limit, prototype keys or odd key names.
 */
export function jsonBody(random: Random, ids: { teamId: number; userId: number }): string {
  const roll = random.next();
  if (roll < 0.12) return wrongValueJson(random);
  if (roll < 0.17)
    return nestedJson(random.pick([5_000, 50_000, 100_000]), random.pick(['object', 'array', 'mixed'] as const));
  if (roll < 0.2) return JSON.stringify({ name: 'x'.repeat(1_100_000) });
  const fields = new Set<string>();
  for (let count = random.int(1, 6); fields.size < count;) fields.add(random.pick(fieldNames));
  const entries = [...fields].map((field) => [field, plausibleValueJson(field, ids)]);
  for (let wrong = random.int(1, 3); wrong > 0; wrong--) random.pick(entries)[1] = wrongValueJson(random);
  if (random.chance(0.2))
    entries.push([random.pick(pollutionKeys), '{"polluted":"yes","prototype":{"polluted":"yes"}}']);
  if (random.chance(0.05)) entries.push([random.pick(['', ' ', 'k'.repeat(10_000), '\u0000', 'a.b', 'a[b]']), '1']);
  if (random.chance(0.05)) entries.push([entries[0][0], wrongValueJson(random)]);
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`;
}

/** JSON texts that do not parse (or parse into something odd), sent as application/json. */
export const invalidJson = [
  '{"name":',
  '{name:1}',
  "{'a':1}",
  '[1,]',
  '{"a":1,}',
  'NaN',
  'undefined',
  '\u0000',
  '\ufeff{"a":1}',
  '{"a":1}}',
  '{"a":"\\u12"}',
  '{"a":"\\x41"}',
  '{"a":"\ud800"}',
  '',
  ' ',
  '"unterminated',
  '{"a":01}',
  '{"a":.5}',
  '{"a":+1}',
  '{"a":1e}',
  `${nestedJson(3_000, 'array')}]`,
  '{"__proto__":',
  '\x89PNG\r\n\x1a\n',
];

const contentTypes = [
  undefined,
  'text/plain',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=bogus',
  'application/json; charset=latin1',
  'application/json;;',
  'application/json; boundary=x',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  'application/csp-report',
  '*/*',
  'application/*',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary=zz',
  'multipart/mixed; boundary=x',
  'application/x-www-form-urlencoded; charset=utf-16',
  'application/x-www-form-urlencoded; charset=bogus',
  'text/html; charset="unterminated',
  '; ; ;',
  'a'.repeat(5_000),
  'application/json, text/html',
];

/**
 * A body under a wrong, missing or odd Content-Type, an unknown Content-Encoding, or broken framing
 * (bad chunks, a Content-Length that is not a number, both Content-Length and chunked).
 */
export function contentTypeCase(
  random: Random,
  headers: [string, string][],
  ids: { teamId: number; userId: number },
): Pick<FuzzRequest, 'body' | 'rawFraming'> {
  const body = random.chance(0.5) ? jsonBody(random, ids) : junkQuery(random);
  const contentType = random.pick(contentTypes);
  if (contentType !== undefined) headers.push(['Content-Type', contentType]);
  const framing = random.int(0, 9);
  if (framing === 0)
    headers.push([
      'Content-Encoding',
      random.pick(['gzip', 'deflate', 'br', 'compress', 'x-junk', 'gzip, gzip', 'identity']),
    ]);
  if (framing === 1) {
    headers.push(['Transfer-Encoding', 'chunked']);
    const chunked = random.chance(0.5)
      ? `${Buffer.byteLength(body).toString(16)}\r\n${body}\r\n0\r\n\r\n`
      : random.pick(['zz\r\nabc\r\n0\r\n\r\n', '5\r\nab\r\n0\r\n\r\n', '-1\r\nx\r\n0\r\n\r\n', `${body}\r\n0\r\n\r\n`]);
    return { body: chunked, rawFraming: true };
  }
  if (framing === 2) {
    headers.push(['Content-Length', random.pick(['abc', '-1', '1, 2', `${Buffer.byteLength(body)}, 0`, '0x10'])]);
    return { body, rawFraming: true };
  }
  if (framing === 3) {
    headers.push(['Content-Length', String(Buffer.byteLength(body))], ['Transfer-Encoding', 'chunked']);
    return { body, rawFraming: true };
  }
  return { body };
}

/** A urlencoded body: a junk query string, or fields with odd brackets, junk values, `_method` and prototype keys. */
export function urlencodedBody(random: Random): string {
  const roll = random.next();
  if (roll < 0.5) return junkQuery(random);
  const pairs = Array.from({ length: random.int(1, 6) }, () => {
    const field = random.pick(fieldNames);
    const key = random.pick([
      field,
      `${field}[]`,
      `${field}[a][b]`,
      `${field}[__proto__]`,
      `${field}[0]`,
      `${field}[999]`,
    ]);
    return `${encodeURIComponent(key).replace(/%5B/g, '[').replace(/%5D/g, ']')}=${encode(junkString(random).slice(0, 50_000))}`;
  });
  if (random.chance(0.2)) pairs.push(`_method=${random.pick(['PUT', 'DELETE', 'GET', 'PATCH', 'junk', ''])}`);
  if (random.chance(0.2))
    pairs.push(random.pick(['__proto__[polluted]=1', 'constructor[prototype][polluted]=1', 'prototype=1']));
  return pairs.join('&');
}

/**
 * A multipart body of odd shape (sets its Content-Type): a wrong or missing boundary, more than
 * 1000 fields, files where text is expected, odd file names and types, no final boundary.
 */
export function multipartBody(random: Random, headers: [string, string][]): string {
  const boundary = `----fuzz${random.string(16)}`;
  const roll = random.next();
  const declared = roll < 0.08 ? `other${boundary}` : boundary;
  headers.push([
    'Content-Type',
    roll < 0.12 && roll >= 0.08 ? 'multipart/form-data' : `multipart/form-data; boundary=${declared}`,
  ]);
  const parts: string[] = [];
  const fieldCount = random.chance(0.1) ? random.pick([1_001, 1_500]) : random.int(1, 6);
  for (let index = 0; index < fieldCount; index++) {
    const field =
      fieldCount > 100 ? `f${index}` : random.pick([...fieldNames, ...pollutionKeys, 'a[b][c][d][e][f][g]', 'x[]', '']);
    const asFile = fieldCount <= 100 && random.chance(0.35);
    if (asFile) {
      const filename = random.pick([
        'photo.png',
        '',
        '../../etc/passwd',
        'a'.repeat(500),
        'x.svg',
        '"quoted".png',
        'ü.png',
      ]);
      const type = random.pick(['image/png', 'image/svg+xml', 'application/octet-stream', 'text/html', '', 'junk']);
      const content = random.pick([
        '\x89PNG\r\n\x1a\n junk',
        '<svg onload=alert(1)>',
        '',
        'x'.repeat(random.int(1, 50_000)),
      ]);
      parts.push(
        `Content-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n${content}`,
      );
    } else if (random.chance(0.05)) {
      parts.push(`Content-Type: text/plain\r\n\r\nno disposition`);
    } else {
      const value =
        fieldCount > 100
          ? 'v'
          : random.chance(0.3)
            ? random.pick(['PUT', 'DELETE', 'PATCH'])
            : junkString(random).slice(0, 20_000);
      parts.push(`Content-Disposition: form-data; name="${field}"\r\n\r\n${value}`);
    }
  }
  if (random.chance(0.2))
    parts.push(
      `Content-Disposition: form-data; name="_method"\r\n\r\n${random.pick(['PUT', 'DELETE', 'PATCH', 'GET', ''])}`,
    );
  const body = parts.map((part) => `--${boundary}\r\n${part}\r\n`).join('');
  return random.chance(0.1) ? body : `${body}--${boundary}--\r\n`;
}

/** Junk in one to three of the headers the app reads (replacing the sane value where there is one). */
export function oddHeaders(
  random: Random,
  headers: [string, string][],
  bearer: { id: number; plainText: string },
): void {
  const set = (name: string, value: string) => {
    const existing = headers.findIndex(([header]) => header.toLowerCase() === name.toLowerCase());
    if (existing >= 0) headers.splice(existing, 1);
    headers.push([name, value]);
  };
  for (let count = random.int(1, 3); count > 0; count--) {
    switch (random.int(0, 17)) {
      case 0:
        set('X-Inertia', 'true');
        set('X-Inertia-Version', random.pick(['stale', '', 'x'.repeat(5_000), '\u00ff']));
        break;
      case 1:
        set('X-Inertia', 'true');
        set('X-Inertia-Partial-Component', random.pick(['Dashboard', 'Error', '', '__proto__', 'x'.repeat(3_000)]));
        set(
          random.pick(['X-Inertia-Partial-Data', 'X-Inertia-Partial-Except']),
          random.pick([
            'auth.__proto__.polluted',
            'constructor.prototype',
            '__proto__',
            ',,,',
            Array.from({ length: 2_000 }, (_, index) => `p${index}`).join(','),
            'a.'.repeat(2_000),
          ]),
        );
        break;
      case 2:
        set(
          random.pick(['X-Inertia-Error-Bag', 'X-Inertia-Reset', 'X-Inertia-Except-Once-Props']),
          random.pick([...pollutionKeys, 'toString', '', 'a,b,__proto__']),
        );
        break;
      case 3:
        set(
          'Cookie',
          random.pick([
            'kawan_session=s%3Ajunk.signature',
            `kawan_session=${'a'.repeat(4_000)}`,
            '__proto__=1; constructor=2; prototype=3',
            'XSRF-TOKEN=%E0%A4%A',
            'kawan_session=%',
            '=;=;;',
            `remember_web=1|${'x'.repeat(60)}`,
            `remember_web=${random.pick(['|', '99999999999999999999|x', 'a|b|c', ''])}`,
            `${headers.find(([name]) => name === 'Cookie')?.[1] ?? ''}; kawan_session=s%3Aother.sig`,
          ]),
        );
        break;
      case 4:
        set(
          random.pick(['X-XSRF-TOKEN', 'X-CSRF-TOKEN']),
          random.pick(['junk', '', '%', 'eyJpdiI6ImFiYyJ9', 'x'.repeat(5_000), '\u00e9']),
        );
        break;
      case 5:
        set(
          'Authorization',
          random.pick([
            'Bearer',
            'Bearer ',
            'Bearer a|b',
            'Bearer 1|',
            'Bearer |',
            'Bearer 99999999999999999999|abc',
            'Bearer 0|x',
            'Bearer -1|x',
            `Bearer ${bearer.id + 1}|${bearer.plainText}`,
            `Bearer ${bearer.plainText}x`,
            'Basic Zm9vOmJhcg==',
            `Bearer ${'a'.repeat(8_000)}`,
            'Bearer a b',
            'Token x',
          ]),
        );
        break;
      case 6:
        set(
          'X-Forwarded-For',
          random.pick([
            'x'.repeat(100),
            'not an ip',
            '1.2.3.4, junk',
            '::ffff:1.2.3.4',
            '',
            '300.300.300.300',
            '[::1]:80',
            'unknown',
            '1.2.3.4,'.repeat(500),
          ]),
        );
        break;
      case 7:
        set(
          'X-Forwarded-Proto',
          random.pick(['https', 'a b', 'javascript', '', 'https, http', 'ht%tp', 'x'.repeat(500)]),
        );
        break;
      case 8:
        set('X-Forwarded-Host', random.pick(['evil.example', 'a:99999', 'bad host', '', 'x'.repeat(500)]));
        break;
      case 9:
        set('X-Socket-Id', random.pick(['junk', '1.2.3', '', 'x'.repeat(5_000), '__proto__']));
        break;
      case 10:
        set('X-Request-Id', random.pick(['', 'x'.repeat(5_000), '\u00ff', '__proto__']));
        break;
      case 11:
        set(
          'Referer',
          random.pick([
            'javascript:alert(1)',
            '//evil.example',
            'http://evil.example/',
            '\\\\evil',
            'x'.repeat(5_000),
            '/%',
            'http://127.0.0.1:99999/',
          ]),
        );
        break;
      case 12:
        set(
          random.pick(['Accept', 'Accept-Encoding', 'Accept-Language']),
          random.pick(['*/*;q=nan', 'gzip;q=2', ',,,', 'x'.repeat(3_000), 'application/json;q=0']),
        );
        break;
      case 13:
        set(
          random.pick(['Range', 'If-Modified-Since', 'If-None-Match', 'Origin', 'Sec-Fetch-Site']),
          random.pick(['bytes=0-0,1-1', 'junk', 'null', 'cross-site', '*']),
        );
        break;
      case 14:
        set('Expect', random.pick(['100-continue', 'foo']));
        break;
      case 15:
        headers.push([
          random.pick(['Content-Type', 'Authorization', 'Cookie', 'X-Inertia']),
          random.pick(['application/json', 'Bearer x', 'a=b', 'true']),
        ]);
        break;
      case 16:
        set(`X-${random.string(8)}`, 'a'.repeat(random.pick([1_000, 20_000])));
        break;
      default:
        set('User-Agent', random.pick(['', 'x'.repeat(10_000), '\u00ff\u00fe', '() { :; }; echo pwned']));
    }
  }
}
