// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { desktopState, showOnDesktop, turnDesktopOff, turnDesktopOn } from '@/lib/desktop-notifications';

/** The browser's Notification API as the tests script it: a permission, the answer to asking, what was shown. */
class FakeNotification {
  static permission: NotificationPermission = 'default';
  static answer: NotificationPermission = 'granted';
  static shown: FakeNotification[] = [];
  static requestPermission = vi.fn(async () => {
    FakeNotification.permission = FakeNotification.answer;
    return FakeNotification.answer;
  });
  onclick: (() => void) | null = null;
  closed = false;
  constructor(
    readonly title: string,
    readonly options: NotificationOptions,
  ) {
    FakeNotification.shown.push(this);
  }
  close() {
    this.closed = true;
  }
}

let visible = true;
let focused = true;
beforeEach(() => {
  FakeNotification.permission = 'default';
  FakeNotification.answer = 'granted';
  FakeNotification.shown = [];
  FakeNotification.requestPermission.mockClear();
  vi.stubGlobal('Notification', FakeNotification);
  window.localStorage.clear();
  visible = true;
  focused = true;
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => (visible ? 'visible' : 'hidden'));
  vi.spyOn(document, 'hasFocus').mockImplementation(() => focused);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('desktop notifications', () => {
  it('asks the browser when turned on, and keeps the choice for this browser', async () => {
    expect(desktopState()).toBe('default');
    expect(await turnDesktopOn()).toBe('on');
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    expect(turnDesktopOff()).toBe('off');
    expect(desktopState()).toBe('off');
    // Granted already: turning on again does not ask.
    expect(await turnDesktopOn()).toBe('on');
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
  });

  it('says when the browser blocks them or has none', async () => {
    FakeNotification.answer = 'denied';
    expect(await turnDesktopOn()).toBe('denied');
    vi.stubGlobal('Notification', undefined);
    delete (window as { Notification?: unknown }).Notification;
    expect(desktopState()).toBe('unsupported');
  });

  it('shows the bell’s notification only while the tab is in the background, tagged by its id, opening it on a click', async () => {
    await turnDesktopOn();
    const open = vi.fn();
    const notification = { id: '01a2-b3', message: 'Joko wrote in conversation #3: “Halo”' };
    showOnDesktop(notification, open);
    expect(FakeNotification.shown).toEqual([]);

    visible = false;
    showOnDesktop(notification, open);
    const [shown] = FakeNotification.shown;
    expect(shown.title).toBe('Kawan');
    expect(shown.options).toMatchObject({ body: 'Joko wrote in conversation #3: “Halo”', tag: '01a2-b3' });
    shown.onclick?.();
    expect(open).toHaveBeenCalledWith('01a2-b3');
    expect(shown.closed).toBe(true);

    // Turned off on this browser: nothing more.
    turnDesktopOff();
    showOnDesktop({ id: 'x', message: 'Another' }, open);
    expect(FakeNotification.shown).toHaveLength(1);
  });
});
