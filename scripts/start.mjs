#!/usr/bin/env node
// `npm start`: builds what is not built yet (nx caches the rest), then runs the product in this process's
// place: the backend serving the web app on the embedded database (or on DATABASE_URL).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from './server-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const build = spawnSync(
  process.execPath,
  [
    path.join(root, 'node_modules/nx/dist/bin/nx.js'),
    'run-many',
    '-t',
    'build',
    '--projects=common,backend,web',
    '--output-style=static',
  ],
  { cwd: root, stdio: 'inherit' },
);
if (build.status !== 0) {
  console.error('Start abgebrochen: der Build ist fehlgeschlagen (siehe oben).');
  process.exit(build.status ?? 1);
}
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(root, 'backend/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
});
// Signals go to the server, which shuts down gracefully; we leave with its exit code.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
