import type { WidgetConfig } from '../../server/channels/web/protocol';

/** The theme colour when the config is missing or not a #rrggbb hex (indigo-600). */
export const defaultColor = '#4f46e5';

export function normalizeColor(color: string | undefined | null): string {
  return color && /^#[0-9a-f]{6}$/i.test(color.trim()) ? color.trim().toLowerCase() : defaultColor;
}

/** White or near-black text, whichever reads better on `hex` (WCAG relative luminance). */
export function readableOn(hex: string): '#ffffff' | '#111827' {
  const channel = (offset: number) => {
    const value = parseInt(normalizeColor(hex).slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  // Contrast with white is (1.05)/(L+0.05); with gray-900 (L≈0.013) it is (L+0.05)/0.063.
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.063 ? '#ffffff' : '#111827';
}

/** Puts the config's colour and side on the widget's container (CSS variables and a data attribute). */
export function applyTheme(container: HTMLElement, config: Pick<WidgetConfig, 'color' | 'position'> | null): void {
  const color = normalizeColor(config?.color);
  container.style.setProperty('--kw-color', color);
  container.style.setProperty('--kw-on-color', readableOn(color));
  container.dataset.position = config?.position === 'left' ? 'left' : 'right';
}

/**
 * Adds CSS to the shadow root as a constructed stylesheet where the browser has them (a page's
 * Content-Security-Policy without 'unsafe-inline' styles still lets them apply), else as <style>.
 */
export function addStyles(root: ShadowRoot, css: string): void {
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  } catch {
    const style = document.createElement('style');
    style.textContent = css;
    root.append(style);
  }
}
