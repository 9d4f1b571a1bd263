// The terminal's modules as Node runs them (what `npm run build -w desktop` emits, without tsc's time), for
// tests that start `cli.js` as a process of its own.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformFileSync } from '@swc/core';

const here = path.dirname(fileURLToPath(import.meta.url));
const sources = path.join(here, '../src/main/terminal');

/**
 * Compiles into `node_modules/.cache/<name>` inside the repository (so the CLI finds node-thermal-printer
 * and qrcode) and returns the path of `cli.js`.
 */
export function compileTerminal(name: string): { cli: string; dir: string } {
  const dir = path.resolve(here, '../../node_modules/.cache', name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), '{ "type": "module" }');
  for (const file of readdirSync(sources).filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'))) {
    const { code } = transformFileSync(path.join(sources, file), {
      jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
      module: { type: 'es6' },
    });
    writeFileSync(path.join(dir, file.replace(/\.ts$/, '.js')), code);
  }
  return { cli: path.join(dir, 'cli.js'), dir };
}
