import { describe, expect, it } from 'vitest';
import { escapeHtml, renderMarkdown, safeUrl } from '../../../resources/widget/panel/markdown';

describe('renderMarkdown', () => {
  it('makes paragraphs from blank lines and line breaks from single newlines', () => {
    expect(renderMarkdown('Hello\nthere\n\nSecond  paragraph')).toBe('<p>Hello<br>there</p><p>Second  paragraph</p>');
    expect(renderMarkdown('a\r\n\r\nb')).toBe('<p>a</p><p>b</p>');
    expect(renderMarkdown('\n\n  \n')).toBe('');
  });

  it('renders **bold**, and leaves stray or unclosed stars as text', () => {
    expect(renderMarkdown('Open **Mon–Fri** only')).toBe('<p>Open <strong>Mon–Fri</strong> only</p>');
    expect(renderMarkdown('2 ** 3 and **half')).toBe('<p>2 ** 3 and **half</p>');
  });

  it('links [text](url) and bare URLs in a new tab without an opener', () => {
    expect(renderMarkdown('See [our menu](https://example.com/menu?a=1&b=2).')).toBe(
      '<p>See <a href="https://example.com/menu?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">our menu</a>.</p>',
    );
    expect(renderMarkdown('Go to https://example.com/x, then (http://a.test/y).')).toBe(
      '<p>Go to <a href="https://example.com/x" target="_blank" rel="noopener noreferrer">https://example.com/x</a>, ' +
        'then (<a href="http://a.test/y" target="_blank" rel="noopener noreferrer">http://a.test/y</a>).</p>',
    );
    expect(renderMarkdown('**[Book](https://x.test/book)**')).toBe(
      '<p><strong><a href="https://x.test/book" target="_blank" rel="noopener noreferrer">Book</a></strong></p>',
    );
  });

  it('escapes everything else, markup and quotes included', () => {
    expect(renderMarkdown('<img src=x onerror="alert(1)"> & \'quotes\'')).toBe(
      '<p>&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#39;quotes&#39;</p>',
    );
    expect(renderMarkdown('**<b>x</b>**')).toBe('<p><strong>&lt;b&gt;x&lt;/b&gt;</strong></p>');
    expect(renderMarkdown('[<i>label</i>](https://x.test)')).toBe(
      '<p><a href="https://x.test" target="_blank" rel="noopener noreferrer">&lt;i&gt;label&lt;/i&gt;</a></p>',
    );
  });

  it('never links script or data URLs, and never lets a URL break out of its attribute', () => {
    expect(renderMarkdown('[click](javascript:alert(1))')).not.toContain('<a');
    expect(renderMarkdown('[click](javascript:alert)')).toBe('<p>[click](javascript:alert)</p>');
    expect(renderMarkdown('[x](data:text/html,hi)')).not.toContain('<a');
    expect(renderMarkdown('https://x.test/"onmouseover="alert(1)')).toBe(
      '<p><a href="https://x.test/" target="_blank" rel="noopener noreferrer">https://x.test/</a>&quot;onmouseover=&quot;alert(1)</p>',
    );
  });
});

describe('safeUrl and escapeHtml', () => {
  it('accepts http, https and mailto only', () => {
    expect(safeUrl(' https://x.test/a ')).toBe('https://x.test/a');
    expect(safeUrl('mailto:hi@x.test')).toBe('mailto:hi@x.test');
    expect(safeUrl('JavaScript:alert(1)')).toBeNull();
    expect(safeUrl('//x.test')).toBeNull();
    expect(safeUrl('https://x.test/a b')).toBeNull();
  });

  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
