import { escapeAttribute, scriptSafeJson, type Page } from './page';

export interface DocumentParts {
  page: Page;
  appName: string;
  csrfToken: string;
  /** The route manifest, already script-safe JSON (serialized once per origin). */
  ziggyJson: string;
  assetTags: string;
  /** The response's CSP nonce: on the page's scripts, and for the client's injected styles. */
  nonce: string;
}

/**
 * The first-load HTML: the page object in `<script data-page="app">` right before `<div id="app">`
 * (Inertia v3 reads it only from there), the route manifest as Ziggy's JSON script, and Laravel's
 * csrf-token meta tag (the client keeps it equal to the XSRF-TOKEN cookie after each visit; its own
 * requests, Echo's included, send the cookie's token).
 */
export function renderDocument({ page, appName, csrfToken, ziggyJson, assetTags, nonce }: DocumentParts): string {
  const n = escapeAttribute(nonce);
  return `<!DOCTYPE html>
<html lang="en" class="h-full bg-gray-100">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="csrf-token" content="${escapeAttribute(csrfToken)}">
    <meta property="csp-nonce" nonce="${n}">
    <title>${escapeAttribute(appName)}</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml">
    ${assetTags}
  </head>
  <body class="h-full font-sans antialiased">
    <script id="ziggy-routes-json" type="application/json">${ziggyJson}</script>
    <script data-page="app" type="application/json">${scriptSafeJson(page)}</script>
    <div id="app"></div>
  </body>
</html>
`;
}
