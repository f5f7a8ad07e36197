import { describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import { escapeAttribute, scriptSafeJson } from '../../server/http/inertia/page';
import { renderDocument } from '../../server/http/inertia/document';

describe('page JSON in a script element', () => {
  const hostile = {
    a: '</script><script>alert(1)</script>',
    b: '<!-- <script>',
    c: '&amp; "quoted" \'single\'',
    d: 'line\u2028separator\u2029paragraph',
    e: 'https://kawan.test/a/b',
  };

  it('escapes every slash and angle bracket, and stays valid JSON', () => {
    const json = scriptSafeJson(hostile);
    expect(json).not.toMatch(/[<]/);
    expect(json).not.toContain('</');
    expect(json).not.toMatch(/[^\\]\//);
    expect(JSON.parse(json)).toEqual(hostile);
  });

  it('round-trips through a real HTML parser byte for byte', () => {
    const html = renderDocument({
      page: { component: 'X', props: { errors: {}, ...hostile }, url: '/x?y=1', version: 'v' },
      appName: 'Kawan & Co "quoted"',
      csrfToken: 'tok"en',
      ziggyJson: scriptSafeJson({ url: 'http://x', routes: { a: { uri: 'a/{b}' } } }),
      assetTags: '',
      nonce: 'n"once',
    });
    const document = new JSDOM(html).window.document;
    const scripts = document.querySelectorAll('script[data-page="app"][type="application/json"]');
    expect(scripts).toHaveLength(1);
    expect(scripts[0].nextElementSibling?.id).toBe('app');
    expect(JSON.parse(scripts[0].textContent!).props).toEqual({ errors: {}, ...hostile });
    expect(document.querySelector('meta[name="csrf-token"]')?.getAttribute('content')).toBe('tok"en');
    expect(document.title).toBe('Kawan & Co "quoted"');
    expect(JSON.parse(document.getElementById('ziggy-routes-json')!.textContent!).routes.a.uri).toBe('a/{b}');
  });

  it('escapes attribute values', () => {
    expect(escapeAttribute('"<&>')).toBe('&quot;&lt;&amp;&gt;');
  });
});
