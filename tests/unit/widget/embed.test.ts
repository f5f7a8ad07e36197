import { describe, expect, it } from 'vitest';
import { canAskForPerson, stateLine, wantsCsat } from '../../../resources/widget/panel/conversation';
import { appUrlFrom, identityFromPage, toIdentity } from '../../../resources/widget/embed';
import { normalizeColor, readableOn } from '../../../resources/widget/theme';
import type { WidgetConversation } from '../../../server/channels/web/protocol';

describe('appUrlFrom', () => {
  it('finds APP_URL from the snippet’s URL or the built file’s', () => {
    expect(appUrlFrom('https://chat.example.com/widget.js')).toBe('https://chat.example.com');
    expect(appUrlFrom('https://chat.example.com/widget.js?v=2#x')).toBe('https://chat.example.com');
    expect(appUrlFrom('http://127.0.0.1:3000/build/widget/widget.js')).toBe('http://127.0.0.1:3000');
    expect(appUrlFrom('https://example.com/kawan/widget.js')).toBe('https://example.com/kawan');
  });
});

describe('identity before load', () => {
  it('takes userId and userHash (both required), trimmed, and drops anything else', () => {
    expect(toIdentity({ userId: ' 42 ', userHash: 'ab', name: 'Ana', email: '', extra: 1 })).toEqual({
      userId: '42',
      userHash: 'ab',
      name: 'Ana',
    });
    expect(toIdentity({ userId: 7, userHash: 'ab' })).toEqual({ userId: '7', userHash: 'ab' });
    expect(toIdentity({ userId: '42' })).toBeNull();
    expect(toIdentity('42')).toBeNull();
    expect(toIdentity(null)).toBeNull();
  });

  it('prefers window.kawanSettings to the script’s data attributes', () => {
    const dataset = { channel: 'pk', userId: 'd1', userHash: 'dh', userName: 'Data', userEmail: 'd@x.test' };
    expect(identityFromPage(undefined, dataset)).toEqual({
      userId: 'd1',
      userHash: 'dh',
      name: 'Data',
      email: 'd@x.test',
    });
    expect(identityFromPage({ userId: 's1', userHash: 'sh' }, dataset)).toEqual({ userId: 's1', userHash: 'sh' });
    expect(identityFromPage({}, { channel: 'pk' })).toBeNull();
  });
});

describe('theme', () => {
  it('accepts #rrggbb only', () => {
    expect(normalizeColor('#AABBCC')).toBe('#aabbcc');
    expect(normalizeColor('red;background:url(x)')).toBe('#4f46e5');
    expect(normalizeColor(undefined)).toBe('#4f46e5');
  });

  it('puts white text on dark colours and dark text on light ones', () => {
    expect(readableOn('#4f46e5')).toBe('#ffffff');
    expect(readableOn('#000000')).toBe('#ffffff');
    expect(readableOn('#facc15')).toBe('#111827');
    expect(readableOn('#ffffff')).toBe('#111827');
  });
});

describe('conversation state', () => {
  const conversation = (state: WidgetConversation['state'], extra: Partial<WidgetConversation> = {}) =>
    ({ state, csatRequested: false, csat: null, ...extra }) as WidgetConversation;

  it('says who will answer', () => {
    expect(stateLine(null, true)).toBe('');
    expect(stateLine(conversation('bot'), true)).toBe('');
    expect(stateLine(null, false)).toBe('A person will reply here');
    expect(stateLine(conversation('queued'), true)).toBe('A person will reply here');
    expect(stateLine(conversation('human', { agentName: 'Dewi' }), true)).toBe('Dewi joined');
    expect(stateLine(conversation('human'), true)).toBe('A person joined');
  });

  it('offers a person only while the bot answers', () => {
    expect(canAskForPerson(null, true)).toBe(true);
    expect(canAskForPerson(conversation('bot'), true)).toBe(true);
    expect(canAskForPerson(conversation('queued'), true)).toBe(false);
    expect(canAskForPerson(conversation('bot'), false)).toBe(false);
  });

  it('asks for a rating once a resolved conversation wants one', () => {
    expect(wantsCsat(conversation('resolved', { csatRequested: true }), true)).toBe(true);
    expect(wantsCsat(conversation('resolved', { csatRequested: true }), false)).toBe(false);
    expect(wantsCsat(conversation('resolved', { csatRequested: true, csat: { score: 5 } }), true)).toBe(false);
    expect(wantsCsat(conversation('human', { csatRequested: true }), true)).toBe(false);
  });
});
