#!/usr/bin/env node
// `npm run dev`: backend and web with reloading. tsc watches common and backend, Node restarts the
// backend when its output changes, and Vite serves the web app on http://localhost:5173 with /api,
// /image and /upload proxied to the backend on http://localhost:3000.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
const node = process.execPath;

// A first complete build so that the backend can start at once.
const first = spawnSync(node, [tsc, '-p', 'common/tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
const second = spawnSync(node, [tsc, '-p', 'backend/tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
if (first.status !== 0 || second.status !== 0) process.exit(1);

const children = [
  ['common', [tsc, '-p', 'common/tsconfig.build.json', '--watch', '--preserveWatchOutput']],
  ['backend:tsc', [tsc, '-p', 'backend/tsconfig.build.json', '--watch', '--preserveWatchOutput']],
  ['backend', ['--watch-path=backend/dist', '--watch-path=common/dist', 'backend/dist/main.js']],
  ['web', [path.join(root, 'node_modules/vite/bin/vite.js'), '--config', 'web/vite.config.ts', 'web']],
].map(([name, args]) => {
  const child = spawn(node, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
  });
  child.on('exit', (code) => console.log(`[${name}] beendet (${code})`));
  return child;
});
console.log(
  '\nEntwicklung: Web-App http://localhost:5173 (API auf http://localhost:3000). Beenden mit Strg+C.\n',
);
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  setTimeout(() => process.exit(0), 500);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
