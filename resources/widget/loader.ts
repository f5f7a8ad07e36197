import type { WidgetConfig } from '../../server/channels/web/protocol';
import { createApi, WidgetApiError } from './api';
import { appUrlFrom, identityFromPage, toIdentity } from './embed';
import { launcherCss } from './launcher-styles';
import { readAwaiting, readNudged, readWasOpen, writeNudged, writeVisitorId, writeWasOpen } from './storage';
import { browserLanguages, loaderText, localeOf } from './strings';
import { addStyles, applyTheme } from './theme';
import type { Identity, KawanApi, PanelHandle, PanelModule } from './types';

/**
 * widget.js, the script a customer's page embeds:
 *
 *   <script src="<APP_URL>/widget.js" data-channel="PUBLIC_KEY" async></script>
 *
 * It finds APP_URL from its own src, fetches the channel's config, draws the launcher in a shadow
 * root and defines `window.Kawan`. The chat panel (with the realtime client) is a separate ES
 * module, fetched by absolute URL on first open (or when the pointer comes near the launcher).
 * Built as an IIFE by vite.widget.config.ts, which also fills in the panel's hashed file name.
 */

declare const __KAWAN_PANEL_FILE__: string;

const chatIcon =
  '<svg class="kw-icon-chat" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z"/></svg>';
const closeIcon =
  '<svg class="kw-icon-close" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" aria-hidden="true"><path d="M6 6l12 12M18 6L6 18"/></svg>';

function start(script: HTMLScriptElement): void {
  const channelKey = script.dataset.channel?.trim();
  if (!channelKey) {
    console.warn('Kawan: the widget script needs data-channel="<public key>".');
    return;
  }
  const appUrl = appUrlFrom(script.src);
  const apiBase = `${appUrl}/widget/${encodeURIComponent(channelKey)}/`;
  const panelUrl = `${appUrl}/build/widget/${__KAWAN_PANEL_FILE__}`;
  const api = createApi(apiBase);

  let identity: Identity | null = identityFromPage(window.kawanSettings, script.dataset);
  let config: WidgetConfig | null = null;
  let isOpen = false;
  let panel: PanelHandle | null = null;
  let panelModule: Promise<PanelModule> | null = null;

  const host = document.createElement('kawan-widget');
  // Through the CSSOM, not a style attribute: a page's CSP may refuse inline style attributes.
  host.style.cssText =
    'all:initial!important;position:fixed!important;z-index:2147483000!important;top:0!important;left:0!important;width:0!important;height:0!important;display:block!important';
  const root = host.attachShadow({ mode: 'open' });
  const container = document.createElement('div');
  container.className = 'kw';
  const launcher = document.createElement('button');
  launcher.type = 'button';
  launcher.className = 'kw-launcher';
  launcher.setAttribute('aria-expanded', 'false');
  launcher.innerHTML = `${chatIcon}${closeIcon}<span class="kw-label"></span><span class="kw-badge" aria-hidden="true" hidden></span>`;
  container.append(launcher);
  addStyles(root, launcherCss);
  root.append(container);

  const label = launcher.querySelector('.kw-label')!;
  const badge = launcher.querySelector<HTMLElement>('.kw-badge')!;
  /** Replies that came while the chat was closed (the panel counts them). */
  let unread = 0;
  const theme = () => {
    applyTheme(container, config);
    label.textContent = config?.launcherText ?? '';
    const words = loaderText(localeOf(config, browserLanguages()));
    const news = unread > 0 && !isOpen ? ` (${words.unread(unread)})` : '';
    launcher.setAttribute(
      'aria-label',
      isOpen ? words.close : `${words.open}${config ? `: ${config.title}` : ''}${news}`,
    );
    badge.textContent = unread === 0 ? '' : unread > 9 ? '9+' : String(unread);
    badge.hidden = unread === 0 || isOpen;
  };
  const onUnread = (count: number) => {
    unread = count;
    theme();
  };
  const mountPanel = (module: PanelModule): PanelHandle =>
    module.mount({ root, container, apiBase, channelKey, config, identity, requestClose: close, onUnread });

  /** The panel module, imported once; pusher-js sets `window.Pusher` as it loads, which is the host page's to own. */
  const fetchPanel = (): Promise<PanelModule> => {
    if (!panelModule) {
      const hadPusher = 'Pusher' in window;
      const hostPusher = (window as { Pusher?: unknown }).Pusher;
      panelModule = (import(/* @vite-ignore */ panelUrl) as Promise<PanelModule>).then(
        (module) => {
          if (hadPusher) (window as { Pusher?: unknown }).Pusher = hostPusher;
          else delete (window as { Pusher?: unknown }).Pusher;
          return module;
        },
        (error: unknown) => {
          panelModule = null;
          throw error;
        },
      );
    }
    return panelModule;
  };

  // The proactive message beside the launcher (config.proactive): once a tab, until the visitor opens
  // the chat or dismisses it.
  let nudge: HTMLElement | null = null;
  const dropNudge = () => {
    nudge?.remove();
    nudge = null;
    writeNudged(channelKey);
  };
  const showNudge = (message: string) => {
    if (isOpen || nudge || readNudged(channelKey)) return;
    nudge = document.createElement('div');
    nudge.className = 'kw-nudge';
    nudge.setAttribute('role', 'status');
    const text = document.createElement('button');
    text.type = 'button';
    text.className = 'kw-nudge-text';
    text.textContent = message;
    text.addEventListener('click', () => open());
    const dismiss = document.createElement('button');
    dismiss.type = 'button';
    dismiss.className = 'kw-nudge-close';
    dismiss.setAttribute('aria-label', loaderText(localeOf(config, browserLanguages())).dismiss);
    dismiss.textContent = '×';
    dismiss.addEventListener('click', dropNudge);
    nudge.append(text, dismiss);
    container.append(nudge);
  };

  const setOpen = (open: boolean) => {
    isOpen = open;
    if (open && nudge) dropNudge();
    writeWasOpen(channelKey, open);
    launcher.setAttribute('aria-expanded', String(open));
    theme();
  };

  const open = () => {
    if (isOpen) return;
    setOpen(true);
    if (panel) {
      panel.open();
      return;
    }
    fetchPanel().then(
      (module) => {
        panel ??= mountPanel(module);
        if (isOpen) panel.open();
      },
      (error: unknown) => {
        console.error('Kawan: the chat could not load.', error);
        setOpen(false);
        launcher.title = loaderText(localeOf(config, browserLanguages())).notLoaded;
      },
    );
  };

  function close() {
    if (!isOpen) return;
    const hadFocus = root.activeElement !== null;
    setOpen(false);
    panel?.close();
    if (hadFocus) launcher.focus();
  }

  launcher.addEventListener('click', () => (isOpen ? close() : open()));
  // Fetch the panel early when the visitor is about to click.
  const warm = () => void fetchPanel().catch(() => undefined);
  launcher.addEventListener('pointerenter', warm, { once: true });
  launcher.addEventListener('focus', warm, { once: true });

  const kawan: KawanApi = {
    identify(value) {
      const next = toIdentity(value);
      if (!next) {
        console.warn('Kawan.identify needs { userId, userHash }.');
        return;
      }
      identity = next;
      panel?.identify(next);
    },
    reset() {
      identity = null;
      writeVisitorId(channelKey, null);
      panel?.reset();
    },
    open,
    close,
  };
  window.Kawan = kawan;

  const show = () => {
    theme();
    document.body.append(host);
    if (readWasOpen(channelKey)) open();
    // A conversation with a person: the panel listens, closed, so that their reply shows on the launcher.
    else if (readAwaiting(channelKey))
      fetchPanel().then(
        (module) => void (panel ??= mountPanel(module)),
        () => undefined,
      );
    const proactive = config?.proactive;
    if (proactive && !isOpen && !readNudged(channelKey)) {
      setTimeout(() => showNudge(proactive.message), proactive.delaySeconds * 1000);
    }
  };
  api.config().then(
    (loaded) => {
      config = loaded;
      show();
    },
    (error: unknown) => {
      // An unknown key draws nothing; any other failure draws the launcher, and the panel says why.
      if (error instanceof WidgetApiError && error.status === 404) {
        console.warn(`Kawan: no chat channel has the key ${channelKey}.`);
        return;
      }
      show();
    },
  );
}

const script =
  (document.currentScript as HTMLScriptElement | null) ??
  document.querySelector<HTMLScriptElement>('script[data-channel][src*="widget.js"]');
// A second copy of the snippet on the page keeps the first.
if (script?.src && !window.Kawan) {
  if (document.body) start(script);
  else document.addEventListener('DOMContentLoaded', () => start(script), { once: true });
}
