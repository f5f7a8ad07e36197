import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';

/**
 * `npm run dev`: Vite's dev server (React fast refresh) and the server, restarted by tsx watch on
 * every change under server/ and routes/. The server finds Vite through public/hot, as Laravel does.
 */
const vitePort = Number(process.env.VITE_PORT ?? 5173);
const hotFile = 'public/hot';
writeFileSync(hotFile, `http://localhost:${vitePort}`);

const children: ChildProcess[] = [
  spawn('npx', ['vite', '--port', String(vitePort), '--strictPort'], { stdio: 'inherit' }),
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', '--include', 'routes/**', '--include', 'resources/markdown/**', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' },
  }),
];

let stopping = false;
const stop = (code = 0) => {
  if (stopping) return;
  stopping = true;
  rmSync(hotFile, { force: true });
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
};
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop());
process.on('SIGTERM', () => stop());
