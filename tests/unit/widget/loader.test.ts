// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KawanApi } from '../../../resources/widget/types';

// widget.js on a host page: the launcher in a shadow root, themed from the config, and window.Kawan.
let requests: string[];

function embed(configStatus: number, attributes: Record<string, string> = {}, extra: Record<string, unknown> = {}) {
  const script = document.createElement('script');
  script.setAttribute('src', 'https://kawan.test/widget.js');
  script.dataset.channel = 'pk';
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  document.body.append(script);
  vi.stubGlobal('fetch', async (url: string) => {
    requests.push(url);
    return configStatus === 200
      ? new Response(
          JSON.stringify({
            title: 'Warung Help',
            color: '#fde047',
            position: 'left',
            launcherText: 'Ask us',
            ...extra,
          }),
          { status: 200 },
        )
      : new Response('{}', { status: configStatus });
  });
}

const load = () => import('../../../resources/widget/loader');
const host = () => document.querySelector('kawan-widget');

beforeEach(() => {
  vi.resetModules();
  vi.stubGlobal('__KAWAN_PANEL_FILE__', 'panel-test.js');
  requests = [];
  delete window.Kawan;
  delete window.kawanSettings;
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  document.body.replaceChildren();
  vi.unstubAllGlobals();
});

describe('widget.js', () => {
  it('fetches the config from APP_URL and draws a themed launcher inside an open shadow root', async () => {
    embed(200);
    await load();
    await vi.waitFor(() => expect(host()).not.toBeNull());
    expect(requests).toEqual(['https://kawan.test/widget/pk/config']);
    const root = host()!.shadowRoot!;
    expect(root.mode).toBe('open');
    const css = [
      ...(root.adoptedStyleSheets ?? []).flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText)),
      root.querySelector('style')?.textContent ?? '',
    ].join('\n');
    expect(css).toMatch(/:host\s*\{\s*all:\s*initial/);
    const launcher = root.querySelector<HTMLButtonElement>('.kw-launcher')!;
    expect(launcher.textContent).toBe('Ask us');
    expect(launcher.getAttribute('aria-label')).toBe('Open chat: Warung Help');
    expect(launcher.getAttribute('aria-expanded')).toBe('false');
    const container = root.querySelector<HTMLElement>('.kw')!;
    expect(container.dataset.position).toBe('left');
    expect(container.style.getPropertyValue('--kw-color')).toBe('#fde047');
    expect(container.style.getPropertyValue('--kw-on-color')).toBe('#111827');
    expect(Object.keys(window.Kawan as KawanApi).sort()).toEqual(['close', 'identify', 'open', 'reset']);
  });

  it('draws nothing for an unknown channel key', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    embed(404);
    await load();
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    expect(host()).toBeNull();
    warn.mockRestore();
  });

  it('still draws the launcher when the config is refused, so the panel can say why', async () => {
    embed(403);
    await load();
    await vi.waitFor(() => expect(host()).not.toBeNull());
    expect(host()!.shadowRoot!.querySelector('.kw-launcher')!.getAttribute('aria-label')).toBe('Open chat');
  });

  it('Kawan.reset forgets the visitor id; Kawan.identify refuses an identity without a hash', async () => {
    localStorage.setItem('kawan:pk:visitor', 'v1');
    embed(200);
    await load();
    await vi.waitFor(() => expect(window.Kawan).toBeDefined());
    window.Kawan!.reset();
    expect(localStorage.getItem('kawan:pk:visitor')).toBeNull();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    window.Kawan!.identify({ userId: '1' } as never);
    expect(warn).toHaveBeenCalledWith('Kawan.identify needs { userId, userHash }.');
    warn.mockRestore();
  });

  it('keeps the first copy when the snippet is on the page twice', async () => {
    embed(200);
    await load();
    await vi.waitFor(() => expect(host()).not.toBeNull());
    const first = window.Kawan;
    vi.resetModules();
    await load();
    expect(window.Kawan).toBe(first);
    expect(document.querySelectorAll('kawan-widget')).toHaveLength(1);
  });

  describe('the proactive message', () => {
    const nudge = () => host()?.shadowRoot?.querySelector<HTMLElement>('.kw-nudge') ?? null;
    const proactive = { proactive: { message: 'Ada yang bisa kami bantu?', delaySeconds: 5 } };

    it('appears beside the launcher after its delay, and opening the chat from it ends it for the tab', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout'] });
      embed(200, {}, proactive);
      await load();
      await vi.waitFor(() => expect(host()).not.toBeNull());
      expect(nudge()).toBeNull();
      vi.advanceTimersByTime(5000);
      expect(nudge()!.getAttribute('role')).toBe('status');
      const text = nudge()!.querySelector<HTMLButtonElement>('.kw-nudge-text')!;
      expect(text.textContent).toBe('Ada yang bisa kami bantu?');
      const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      text.click();
      expect(nudge()).toBeNull();
      expect(host()!.shadowRoot!.querySelector('.kw-launcher')!.getAttribute('aria-expanded')).toBe('true');
      expect(sessionStorage.getItem('kawan:pk:nudged')).toBe('1');
      // The panel's module cannot load here: the loader says so and closes again.
      await vi.waitFor(() => expect(error).toHaveBeenCalled());
      error.mockRestore();
      vi.useRealTimers();
    });

    it("is dismissed with its own button in the widget's language, and not shown again in the tab", async () => {
      vi.useFakeTimers({ toFake: ['setTimeout'] });
      embed(200, {}, { ...proactive, language: 'id' });
      await load();
      await vi.waitFor(() => expect(host()).not.toBeNull());
      vi.advanceTimersByTime(5000);
      const close = nudge()!.querySelector<HTMLButtonElement>('.kw-nudge-close')!;
      expect(close.getAttribute('aria-label')).toBe('Tutup pesan');
      close.click();
      expect(nudge()).toBeNull();
      expect(host()!.shadowRoot!.querySelector('.kw-launcher')!.getAttribute('aria-expanded')).toBe('false');

      // The next page of the same tab: nothing.
      document.body.replaceChildren();
      delete window.Kawan;
      vi.resetModules();
      embed(200, {}, proactive);
      await load();
      await vi.waitFor(() => expect(host()).not.toBeNull());
      vi.advanceTimersByTime(10_000);
      expect(nudge()).toBeNull();
      vi.useRealTimers();
    });

    it('is not shown without a message', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout'] });
      embed(200, {}, { proactive: null });
      await load();
      await vi.waitFor(() => expect(host()).not.toBeNull());
      vi.advanceTimersByTime(300_000);
      expect(nudge()).toBeNull();
      vi.useRealTimers();
    });
  });
});
