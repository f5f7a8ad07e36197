/**
 * The panel's CSS, added to the shadow root beside the launcher's (launcher-styles.ts has the
 * reset and the theme variables). Tailwind's palette and scale written out: white panel,
 * rounded-lg, shadow-xl, gray-50 bot bubbles, the theme colour for the visitor's. Pixels only.
 */
export const panelCss = `
.kw-panel{position:fixed;bottom:88px;right:20px;z-index:2;display:flex;flex-direction:column;width:380px;height:min(640px,calc(100vh - 112px));max-height:calc(100vh - 112px);background:#fff;color:#111827;border:1px solid #e5e7eb;border-radius:8px;box-shadow:0 20px 25px -5px rgb(0 0 0 / .1),0 8px 10px -6px rgb(0 0 0 / .1);overflow:hidden}
.kw[data-position=left] .kw-panel{right:auto;left:20px}
.kw-panel[hidden]{display:none}
.kw-panel.kw-dropping{outline:2px dashed var(--kw-color);outline-offset:-6px}
.kw-panel button{font:inherit;color:inherit;cursor:pointer}
.kw-panel button:disabled{cursor:default;opacity:.5}
.kw-panel :focus-visible{outline:2px solid var(--kw-color);outline-offset:2px}
.kw-head{display:flex;align-items:center;gap:12px;padding:12px 16px;background:var(--kw-color);color:var(--kw-on-color)}
.kw-avatar{width:36px;height:36px;flex:none;border-radius:9999px;object-fit:cover;background:rgb(255 255 255 / .2);display:flex;align-items:center;justify-content:center;font-weight:600}
.kw-title{flex:1;min-width:0;font-size:16px;line-height:24px;font-weight:600;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;margin:0}
.kw-close{display:flex;align-items:center;justify-content:center;width:32px;height:32px;border:0;border-radius:6px;background:transparent;color:inherit!important}
.kw-close:hover{background:rgb(255 255 255 / .15)}
.kw-close svg{width:20px;height:20px}
.kw-state{padding:8px 16px;font-size:12px;line-height:16px;color:#374151;background:#f3f4f6;border-bottom:1px solid #e5e7eb;text-align:center}
.kw-state:empty{display:none}
.kw-log{flex:1;overflow-y:auto;padding:16px;display:flex;flex-direction:column;gap:12px;overscroll-behavior:contain}
.kw-msg{display:flex;flex-direction:column;max-width:85%;align-self:flex-start}
.kw-msg.kw-mine{align-self:flex-end;align-items:flex-end}
.kw-name{font-size:12px;line-height:16px;color:#6b7280;margin:0 0 4px 4px}
.kw-bubble{padding:8px 12px;border-radius:8px;background:#f9fafb;border:1px solid #f3f4f6;overflow-wrap:anywhere;word-break:break-word}
.kw-mine .kw-bubble{background:var(--kw-color);color:var(--kw-on-color);border-color:transparent}
.kw-mine .kw-bubble a{color:inherit}
.kw-bubble p{margin:0}
.kw-bubble p+p{margin-top:8px}
.kw-bubble a{color:var(--kw-color);text-decoration:underline}
.kw-bubble strong{font-weight:600}
.kw-streaming .kw-bubble>p:last-child::after,.kw-streaming .kw-bubble:empty::after{content:"";display:inline-block;width:6px;height:14px;margin-left:2px;vertical-align:-2px;background:#9ca3af;animation:kw-blink 1s steps(2) infinite}
@keyframes kw-blink{50%{opacity:0}}
.kw-sources{margin:6px 4px 0;padding:0;list-style:none;font-size:12px;line-height:16px;color:#6b7280}
.kw-sources li{margin-top:2px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.kw-sources a{color:#4b5563;text-decoration:underline}
.kw-marker{color:#9ca3af;font-variant-numeric:tabular-nums}
.kw-meta{display:flex;align-items:center;gap:4px;margin:4px 4px 0;font-size:12px;line-height:16px;color:#6b7280}
.kw-thumb{display:flex;align-items:center;justify-content:center;width:24px;height:24px;padding:0;border:0;border-radius:6px;background:transparent;color:#9ca3af!important}
.kw-thumb:hover{background:#f3f4f6;color:#374151!important}
.kw-thumb[aria-pressed=true]{color:var(--kw-color)!important}
.kw-thumb svg{width:16px;height:16px}
.kw-failed{color:#b91c1c}
.kw-link{padding:0;border:0;background:none;text-decoration:underline;color:#b91c1c!important}
.kw-typing{display:flex;align-items:center;gap:8px;font-size:12px;color:#6b7280}
.kw-dots{display:inline-flex;gap:3px;padding:10px 12px;border-radius:8px;background:#f9fafb;border:1px solid #f3f4f6}
.kw-dots i{width:6px;height:6px;border-radius:9999px;background:#9ca3af;animation:kw-bounce 1.2s infinite ease-in-out}
.kw-dots i:nth-child(2){animation-delay:.15s}.kw-dots i:nth-child(3){animation-delay:.3s}
@keyframes kw-bounce{0%,80%,100%{opacity:.3}40%{opacity:1}}
.kw-suggestions{display:flex;flex-wrap:wrap;gap:8px;padding:0 16px 12px}
.kw-suggestion{padding:6px 12px;border:1px solid var(--kw-color);border-radius:9999px;background:#fff;color:var(--kw-color)!important;font-size:13px;line-height:18px;text-align:left}
.kw-suggestion:hover{background:#f9fafb}
.kw-csat{margin:0 16px 12px;padding:12px;border:1px solid #e5e7eb;border-radius:8px;background:#f9fafb;text-align:center}
.kw-csat p{margin:0 0 8px;font-weight:600}
.kw-stars{display:flex;justify-content:center;gap:4px;margin-bottom:8px}
.kw-star{width:32px;height:32px;padding:0;border:0;background:none;color:#d1d5db!important;font-size:24px;line-height:32px}
.kw-star[aria-checked=true]{color:#f59e0b!important}
.kw-csat textarea,.kw-compose textarea{display:block;width:100%;margin:0;border:1px solid #d1d5db;border-radius:6px;background:#fff;color:#111827;font:inherit;resize:none}
.kw-csat textarea{padding:6px 8px;margin-bottom:8px;height:56px}
.kw-button{padding:6px 12px;border:0;border-radius:6px;background:var(--kw-color);color:var(--kw-on-color)!important;font-weight:600}
.kw-prechat{margin:0 16px 12px;padding:12px;border:1px solid #e5e7eb;border-radius:8px;background:#f9fafb}
.kw-prechat>p{margin:0 0 12px;color:#374151}
.kw-field{margin-bottom:12px}
.kw-field label{display:block;margin-bottom:4px;font-size:13px;line-height:18px;font-weight:600;color:#374151}
.kw-field label span{font-weight:400;color:#6b7280}
.kw-field input{display:block;width:100%;margin:0;padding:8px 12px;border:1px solid #d1d5db;border-radius:6px;background:#fff;color:#111827;font:inherit;line-height:20px}
.kw-field input:focus{outline:none;border-color:var(--kw-color);box-shadow:0 0 0 1px var(--kw-color)}
.kw-field input[aria-invalid=true]{border-color:#dc2626}
.kw-field-error{margin:4px 0 0;font-size:12px;line-height:16px;color:#b91c1c}
.kw-field-error:empty{display:none}
.kw-prechat .kw-button{width:100%;padding:8px 12px}
.kw-error{margin:0 16px 8px;padding:8px 12px;border-radius:6px;background:#fef2f2;color:#991b1b;font-size:13px;line-height:18px}
.kw-error:empty{display:none}
.kw-actions{display:flex;justify-content:center;padding:0 16px 8px}
.kw-actions:empty{display:none}
.kw-handoff{padding:4px 12px;border:1px solid #d1d5db;border-radius:9999px;background:#fff;font-size:12px;line-height:16px;color:#374151!important}
.kw-handoff:hover{background:#f9fafb}
.kw-compose{display:flex;align-items:flex-end;gap:8px;padding:12px 16px;border-top:1px solid #e5e7eb}
.kw-compose textarea{flex:1;padding:8px 12px;min-height:40px;max-height:120px;line-height:22px}
.kw-compose textarea:focus{outline:none;border-color:var(--kw-color);box-shadow:0 0 0 1px var(--kw-color)}
.kw-send{display:flex;align-items:center;justify-content:center;width:40px;height:40px;flex:none;border:0;border-radius:8px;background:var(--kw-color);color:var(--kw-on-color)!important}
.kw-send svg{width:20px;height:20px}
.kw-attach{display:flex;align-items:center;justify-content:center;width:32px;height:40px;flex:none;padding:0;border:0;border-radius:6px;background:transparent;color:#6b7280!important}
.kw-attach:hover{color:#374151!important;background:#f3f4f6}
.kw-attach svg{width:20px;height:20px}
.kw-files{display:flex;flex-direction:column;gap:6px}
.kw-bubble p+.kw-files{margin-top:8px}
.kw-image-link{display:block;line-height:0}
.kw-image{display:block;max-width:100%;max-height:240px;min-width:48px;min-height:48px;border-radius:6px;background:rgb(0 0 0 / .05);object-fit:contain}
.kw-file{display:flex;align-items:center;gap:8px;max-width:100%;padding:6px 10px;border:1px solid #e5e7eb;border-radius:6px;background:#fff;color:#111827!important;text-align:left}
.kw-file:hover{background:#f9fafb}
.kw-file svg{width:18px;height:18px;flex:none;color:#6b7280}
.kw-file-name{min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;font-size:13px;line-height:18px}
.kw-file-size{flex:none;font-size:12px;line-height:16px;color:#6b7280}
.kw-mine .kw-bubble:has(.kw-files){background:transparent;padding:0}
.kw-sr{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
.kw-brand{padding:0 0 8px;text-align:center;font-size:11px;line-height:14px;color:#9ca3af}
@media (max-width:480px){.kw-panel,.kw[data-position=left] .kw-panel{inset:0;width:100%;height:100%;max-height:none;border:0;border-radius:0}.kw-compose textarea,.kw-field input{font-size:16px}}
@media (prefers-reduced-motion:reduce){.kw-dots i,.kw-streaming .kw-bubble>p:last-child::after{animation:none}}
`;
