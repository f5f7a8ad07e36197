import { describe, expect, it } from 'vitest';
import { parseRobots, robotsAllows } from '../../../server/knowledge/fetch/robots';

const UA = 'KawanBot/1.0 (+https://kawan.app/bot)';

describe('parseRobots', () => {
  it('groups user-agents with the rules after them and collects sitemaps', () => {
    const robots = parseRobots(
      [
        '\uFEFF# comment line',
        'Sitemap: https://example.com/sitemap.xml',
        'User-agent: Googlebot',
        'User-agent: bingbot # two agents, one group',
        'Disallow: /private',
        'Crawl-delay: 10',
        'User-agent: *',
        'Allow: /',
        'Disallow: ',
        'sitemap:https://example.com/news.xml',
      ].join('\r\n'),
    );
    expect(robots.sitemaps).toEqual(['https://example.com/sitemap.xml', 'https://example.com/news.xml']);
    expect(robots.groups).toEqual([
      { agents: ['googlebot', 'bingbot'], rules: [{ allow: false, pattern: '/private' }] },
      { agents: ['*'], rules: [{ allow: true, pattern: '/' }] },
    ]);
  });

  it('ignores rules before any user-agent and lines without a key', () => {
    expect(parseRobots('Disallow: /\nnonsense\n\nUser-agent: *\nDisallow: /x').groups).toEqual([
      { agents: ['*'], rules: [{ allow: false, pattern: '/x' }] },
    ]);
  });
});

describe('robotsAllows', () => {
  const cases: Array<[string, string, string, boolean]> = [
    // [robots.txt, user agent, path, allowed]
    ['', UA, '/anything', true],
    ['User-agent: *\nDisallow: /', UA, '/', false],
    ['User-agent: *\nDisallow: /', UA, '/robots.txt', true],
    ['User-agent: *\nDisallow:', UA, '/x', true],
    ['User-agent: *\nDisallow: /private', UA, '/private/page', false],
    ['User-agent: *\nDisallow: /private', UA, '/privateer', false],
    ['User-agent: *\nDisallow: /private/', UA, '/private', true],
    ['User-agent: *\nDisallow: /private', UA, '/public', true],
    ['User-agent: *\nDisallow: /Private', UA, '/private', true],
    // longest match wins, either way
    ['User-agent: *\nDisallow: /docs\nAllow: /docs/public', UA, '/docs/public/a', true],
    ['User-agent: *\nDisallow: /docs\nAllow: /docs/public', UA, '/docs/secret', false],
    ['User-agent: *\nAllow: /docs\nDisallow: /docs/secret', UA, '/docs/secret/x', false],
    // equal length: allow wins
    ['User-agent: *\nDisallow: /page\nAllow: /page', UA, '/page', true],
    // wildcards
    ['User-agent: *\nDisallow: /*.pdf$', UA, '/files/a.pdf', false],
    ['User-agent: *\nDisallow: /*.pdf$', UA, '/files/a.pdf?download=1', true],
    ['User-agent: *\nDisallow: /*?', UA, '/search?q=x', false],
    ['User-agent: *\nDisallow: /*?', UA, '/search', true],
    ['User-agent: *\nDisallow: /a*b*c', UA, '/a-x-b-y-c-z', false],
    ['User-agent: *\nDisallow: /a*b*c', UA, '/a-x-c-y-b', true],
    ['User-agent: *\nDisallow: /exact$', UA, '/exact', false],
    ['User-agent: *\nDisallow: /exact$', UA, '/exact/more', true],
    ['User-agent: *\nDisallow: *', UA, '/anything', false],
    ['User-agent: *\nDisallow: /$', UA, '/', false],
    ['User-agent: *\nDisallow: /$', UA, '/page', true],
    ['User-agent: *\nDisallow: /*/edit$\nAllow: /', UA, '/wiki/a/edit', false],
    // a pattern without a leading slash is read as starting with one
    ['User-agent: *\nDisallow: tmp', UA, '/tmp/x', false],
    // percent-encoding and non-ASCII compare as the same path
    ['User-agent: *\nDisallow: /café', UA, '/caf%C3%A9/menu', false],
    ['User-agent: *\nDisallow: /caf%c3%a9', UA, '/caf%C3%A9', false],
    // our own group beats *, case-insensitively, version ignored
    ['User-agent: *\nDisallow: /\n\nUser-agent: kawanbot\nAllow: /', UA, '/x', true],
    ['User-agent: *\nAllow: /\n\nUser-agent: KawanBot/2.0\nDisallow: /', UA, '/x', false],
    // the most specific matching agent wins, not the first
    ['User-agent: Kawan\nDisallow: /a\n\nUser-agent: KawanBot\nDisallow: /b', UA, '/a', true],
    ['User-agent: Kawan\nDisallow: /a\n\nUser-agent: KawanBot\nDisallow: /b', UA, '/b', false],
    ['User-agent: Kawan\nDisallow: /a', UA, '/a', false],
    // another bot's group does not apply to us
    ['User-agent: Googlebot\nDisallow: /', UA, '/x', true],
    ['User-agent: KawanBotX\nDisallow: /', UA, '/x', true],
    // groups for the same agent are merged
    [
      'User-agent: kawanbot\nDisallow: /a\n\nUser-agent: other\nDisallow: /\n\nUser-agent: kawanbot\nDisallow: /b',
      UA,
      '/b',
      false,
    ],
    // a user-agent after rules starts a new group
    ['User-agent: kawanbot\nDisallow: /a\nUser-agent: other\nDisallow: /b', UA, '/b', true],
    // comments at the end of a rule
    ['User-agent: * # everyone\nDisallow: /tmp # scratch', UA, '/tmp/x', false],
  ];

  it.each(cases)('%j for %s on %s → %s', (text, userAgent, path, allowed) => {
    expect(robotsAllows(parseRobots(text), userAgent, path)).toBe(allowed);
  });

  it('matches hostile patterns in linear-ish time', () => {
    const robots = parseRobots(`User-agent: *\nDisallow: /${'*a'.repeat(50)}b`);
    const started = performance.now();
    expect(robotsAllows(robots, UA, `/${'a'.repeat(5000)}`)).toBe(true);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
