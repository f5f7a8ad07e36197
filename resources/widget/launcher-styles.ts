/**
 * The loader's CSS, inside the shadow root: a reset of everything the host page's styles could
 * pass down (`:host { all: initial }` stops inherited fonts, colours and line heights), then the
 * launcher. Pixel units only: `rem` would follow the host page's root font size.
 */
export const launcherCss = `
:host{all:initial}
.kw{--kw-color:#4f46e5;--kw-on-color:#fff;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;font-size:14px;line-height:20px;color:#111827;-webkit-font-smoothing:antialiased;text-align:left}
.kw *,.kw *::before,.kw *::after{box-sizing:border-box}
.kw [hidden]{display:none!important}
.kw-launcher{position:fixed;bottom:20px;right:20px;z-index:1;display:flex;align-items:center;gap:8px;height:56px;min-width:56px;padding:0 16px;border:0;border-radius:9999px;background:var(--kw-color);color:var(--kw-on-color);font:inherit;font-weight:600;cursor:pointer;box-shadow:0 10px 15px -3px rgb(0 0 0 / .1),0 4px 6px -4px rgb(0 0 0 / .1);transition:transform .15s ease,box-shadow .15s ease}
.kw[data-position=left] .kw-launcher{right:auto;left:20px}
.kw-launcher:hover{transform:translateY(-1px);box-shadow:0 20px 25px -5px rgb(0 0 0 / .1),0 8px 10px -6px rgb(0 0 0 / .1)}
.kw-launcher:focus-visible{outline:3px solid var(--kw-color);outline-offset:3px}
.kw-launcher svg{width:24px;height:24px;flex:none}
.kw-launcher .kw-label:empty{display:none}
.kw-badge{position:absolute;top:-4px;right:-4px;min-width:20px;height:20px;padding:0 6px;border-radius:9999px;background:#dc2626;color:#fff;font-size:12px;line-height:20px;font-weight:700;text-align:center;box-shadow:0 0 0 2px #fff}
.kw-launcher[aria-expanded=true] .kw-label{display:none}
.kw-launcher[aria-expanded=true]{padding:0 16px}
.kw-launcher .kw-icon-close{display:none}
.kw-launcher[aria-expanded=true] .kw-icon-chat{display:none}
.kw-launcher[aria-expanded=true] .kw-icon-close{display:block}
.kw-nudge{position:fixed;bottom:88px;right:20px;z-index:1;display:flex;align-items:flex-start;gap:4px;max-width:min(280px,calc(100vw - 40px));padding:12px 8px 12px 14px;border-radius:12px;background:#fff;color:#111827;box-shadow:0 10px 15px -3px rgb(0 0 0 / .15),0 4px 6px -4px rgb(0 0 0 / .1);animation:kw-nudge-in .2s ease-out}
.kw[data-position=left] .kw-nudge{right:auto;left:20px}
.kw-nudge-text{flex:1;margin:0;padding:0;border:0;background:none;font:inherit;color:inherit;text-align:left;cursor:pointer}
.kw-nudge-close{flex:none;width:24px;height:24px;margin:-4px 0 0;padding:0;border:0;border-radius:9999px;background:none;color:#6b7280;font:inherit;font-size:18px;line-height:24px;cursor:pointer}
.kw-nudge-close:hover{background:#f3f4f6;color:#111827}
.kw-nudge-text:focus-visible,.kw-nudge-close:focus-visible{outline:2px solid var(--kw-color);outline-offset:2px}
@keyframes kw-nudge-in{from{opacity:0;transform:translateY(8px)}to{opacity:1;transform:none}}
@media (max-width:480px){.kw-launcher[aria-expanded=true]{display:none}}
@media (prefers-reduced-motion:reduce){.kw-launcher{transition:none}.kw-nudge{animation:none}}
`;
