// Build step after tsc: the shell's own pages (HTML, CSS) next to their compiled scripts in dist/renderer.
import { cpSync, mkdirSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const from = fileURLToPath(new URL('../src/renderer/', import.meta.url));
const to = fileURLToPath(new URL('../dist/renderer/', import.meta.url));
mkdirSync(to, { recursive: true });
for (const file of readdirSync(from)) if (/\.(html|css)$/.test(file)) cpSync(from + file, to + file);
