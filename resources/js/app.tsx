import '../css/app.css';
import './types/routes.d';
import { createInertiaApp, http, router } from '@inertiajs/react';
import { createRoot } from 'react-dom/client';
import { layoutFor, loadLayout } from './Layouts/layout-for';
import { PageNotFoundError, resolvePage } from './lib/pages';
import { showClientError } from './lib/client-errors';
import { syncRealtime, withSocketId } from './lib/realtime';
import { refreshCsrfMeta } from './lib/csrf';

const appName = document.querySelector('title')?.textContent || 'Kawan';
// The page's CSP nonce, for the styles Inertia injects (progress bar, dialogs).
const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined;

const reportMissingPage = (error: unknown) => {
  if (!(error instanceof PageNotFoundError)) return false;
  showClientError(
    'Page not found',
    `This screen (${error.component}) is not part of this version of Kawan. Reload to get the latest version.`,
  );
  return true;
};

router.on('networkError', (event) => {
  // A page missing from the build is raised by the resolver and reaches us as a network error.
  if (reportMissingPage((event.detail as { error?: unknown }).error)) event.preventDefault();
});

// Realtime: one Echo connection while a user is signed in (none for guests, who never download the
// realtime client), and the connection's X-Socket-Id on every Inertia request so that the server
// can leave this tab out (toOthers).
// The csrf-token meta tag follows the session's token, which an in-page login or logout rotates.
http.onRequest(withSocketId);
router.on('navigate', (event) => {
  refreshCsrfMeta();
  syncRealtime(event.detail.page.props);
});

createInertiaApp({
  title: (title) => (title ? `${title} - ${appName}` : appName),
  // A page's chunk and its layout's load together; the layout is then at hand when Inertia asks.
  resolve: async (name) => (await Promise.all([resolvePage(name), loadLayout(name)]))[0],
  layout: layoutFor,
  setup({ el, App, props }) {
    syncRealtime(props.initialPage.props);
    createRoot(el).render(<App {...props} />);
  },
  progress: { color: '#29d', delay: 250, showSpinner: false, includeCSS: true },
  nonce,
}).catch((error: unknown) => {
  if (!reportMissingPage(error)) throw error;
});
