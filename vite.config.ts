import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';

const dependency = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](${names})[\\\\/]`);

/**
 * Vendor code in a few chunks named for what they hold, each cached until that dependency changes:
 * React, and Inertia with what it imports, needed by every page; the route helper (ziggy-js and
 * its query strings), needed by nearly every page; the realtime client (laravel-echo, pusher-js),
 * which only a signed-in page loads, on demand (lib/realtime.ts). Anything else stays with the
 * pages that import it. `npm run build` prints what each page loads first (scripts/bundle-size.ts).
 */
const vendorChunks = [
  { name: 'react', test: dependency('react|react-dom|scheduler'), priority: 30 },
  { name: 'inertia', test: dependency('@inertiajs|es-toolkit|laravel-precognition'), priority: 20 },
  { name: 'route', test: dependency('ziggy-js|qs-esm'), priority: 20 },
  { name: 'realtime', test: dependency('laravel-echo|pusher-js'), priority: 20 },
  // The signed-in pages' shared components (and what they import) in one chunk rather than one
  // each: fewer requests, and every page's preload list, which the entry carries, names one file
  // instead of dozens. Modules the entry loads anyway (the public layout's logo and banner, the route
  // helper) stay where they are, so a guest's first load does not fetch this chunk.
  { name: 'shell', tags: ['$initial' as const], test: /[\\/]resources[\\/]js[\\/]/, priority: 15 },
  { name: 'components', test: /[\\/]resources[\\/]js[\\/](Components|hooks)[\\/]/, priority: 10 },
];

// The client is built into public/build with a manifest the server reads to emit its tags
// (server/http/inertia/vite.ts). In development `npm run dev` serves it with fast refresh.
export default defineConfig(({ command }) => ({
  // Built files are served from /build (public/build); the dev server serves from the root.
  base: command === 'build' ? '/build/' : '/',
  plugins: [react(), tailwindcss()],
  publicDir: false,
  resolve: {
    alias: { '@': fileURLToPath(new URL('./resources/js', import.meta.url)) },
  },
  build: {
    outDir: 'public/build',
    emptyOutDir: true,
    manifest: true,
    // A page's preload list leaves out what is loaded anyway, since the lists ride in the entry every
    // first load pays for, and each page made them longer: the vendor chunks the entry has already
    // loaded (every page would repeat them), and the page's own chunk (its import() fetches it at the
    // same moment the preload would).
    modulePreload: {
      resolveDependencies: (filename, dependencies) =>
        dependencies.filter(
          (dependency) =>
            dependency !== filename && !/\/(react|inertia|route|rolldown-runtime)-[\w-]+\.js$/.test(dependency),
        ),
    },
    rolldownOptions: {
      input: 'resources/js/app.tsx',
      output: { codeSplitting: { groups: vendorChunks } },
    },
  },
  server: {
    host: '127.0.0.1',
    port: Number(process.env.VITE_PORT ?? 5173),
    strictPort: true,
    cors: true,
  },
}));
