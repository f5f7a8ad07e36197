import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';

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
    rollupOptions: { input: 'resources/js/app.tsx' },
  },
  server: {
    host: '127.0.0.1',
    port: Number(process.env.VITE_PORT ?? 5173),
    strictPort: true,
    cors: true,
  },
}));
