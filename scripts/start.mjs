#!/usr/bin/env node
// `npm start`: builds what is not built yet (nx caches the rest), then runs the product in this process's
// place: the backend serving the web app on the embedded database (or on DATABASE_URL).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runServer } from './server-flags.mjs';

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
// With the Node flags and the allocator's settings of scripts/server-flags.mjs.
runServer(root);
