/**
 * The bell's notifications shown by the operating system while Kawan's tab is in the background
 * (the browser's Notification API), for whoever turned them on for this browser in their profile.
 * Permission belongs to the browser and the site, so the choice is kept here too (localStorage):
 * granted, they are on until turned off.
 */

export type DesktopState = 'unsupported' | 'default' | 'denied' | 'on' | 'off';

const storageKey = 'kawan.desktop-notifications';

function api(): typeof Notification | undefined {
  return typeof window !== 'undefined' && 'Notification' in window ? window.Notification : undefined;
}

function storedChoice(): string | null {
  try {
    return window.localStorage.getItem(storageKey);
  } catch {
    return null;
  }
}

function storeChoice(choice: 'on' | 'off'): void {
  try {
    window.localStorage.setItem(storageKey, choice);
  } catch {
    // Storage refused (a private window's quota): the choice lasts until the page is left.
  }
}

/** Where this browser stands: no support, not asked yet, blocked, or granted and on or off. */
export function desktopState(): DesktopState {
  const notifications = api();
  if (!notifications) return 'unsupported';
  if (notifications.permission === 'denied') return 'denied';
  if (notifications.permission === 'default') return 'default';
  return storedChoice() === 'off' ? 'off' : 'on';
}

/** Asks the browser (once it has said yes, it does not ask again) and turns them on. */
export async function turnDesktopOn(): Promise<DesktopState> {
  const notifications = api();
  if (!notifications) return 'unsupported';
  const permission = notifications.permission === 'granted' ? 'granted' : await notifications.requestPermission();
  if (permission === 'granted') storeChoice('on');
  return desktopState();
}

export function turnDesktopOff(): DesktopState {
  storeChoice('off');
  return desktopState();
}

/**
 * Shows a notification from the bell while this tab is not being looked at. Its id is the tag:
 * every open tab shows it, and the system keeps one. A click brings the tab forward and opens it.
 */
export function showOnDesktop(
  notification: { id?: string; message?: string },
  open: (id: string) => void,
  title = 'Kawan',
): void {
  const notifications = api();
  if (!notifications || !notification.id || !notification.message) return;
  if (document.visibilityState === 'visible' && document.hasFocus()) return;
  if (desktopState() !== 'on') return;
  const id = notification.id;
  const shown = new notifications(title, { body: notification.message, tag: id, icon: '/favicon.svg' });
  shown.onclick = () => {
    window.focus();
    shown.close();
    open(id);
  };
}
