import type { WidgetConfig } from '../../server/channels/web/protocol';

/**
 * What the loader (widget.js) hands the panel module when the visitor first opens the chat. Types
 * only: the two are separate builds and share nothing at run time but this shape.
 */

/** The host page's signed-in user, for `Kawan.identify()` (userHash = hex HMAC-SHA256(secret, userId)). */
export interface Identity {
  userId: string;
  userHash: string;
  name?: string;
  email?: string;
}

export interface PanelContext {
  /** The shadow root the widget draws in; the panel adds its own <style> and elements. */
  root: ShadowRoot;
  /** The element inside it that carries the theme (CSS variables, position); the panel goes in it. */
  container: HTMLElement;
  /** `<APP_URL>/widget/<publicKey>/`, where every endpoint of the protocol lives. */
  apiBase: string;
  /** The channel's public key (the `data-channel` attribute). */
  channelKey: string;
  /** The channel's config when the loader got it; null makes the panel fetch it (and show why it can't). */
  config: WidgetConfig | null;
  identity: Identity | null;
  /** Called when the panel asks to be closed (its close button, Escape). */
  requestClose: () => void;
  /** How many messages from the bot or a person arrived while the panel was closed (0 once opened). */
  onUnread?: (count: number) => void;
}

export interface PanelHandle {
  open(): void;
  close(): void;
  identify(identity: Identity): void;
  reset(): void;
}

export type PanelModule = { mount(context: PanelContext): PanelHandle };

/** The host page's API, `window.Kawan`. */
export interface KawanApi {
  identify(identity: Identity): void;
  reset(): void;
  open(): void;
  close(): void;
}

/** Set by the host page before the script loads (all optional). */
export interface KawanSettings {
  userId?: string;
  userHash?: string;
  name?: string;
  email?: string;
}

declare global {
  interface Window {
    Kawan?: KawanApi;
    kawanSettings?: KawanSettings;
  }
}
