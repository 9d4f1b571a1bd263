#!/usr/bin/env node
// Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) twin beside every text asset of the web
// build, so the server sends them as they are instead of compressing on every request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;

let files = 0;
let raw = 0;
let br = 0;
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) walk(file);
    else if (TEXT.test(name) && statSync(file).size >= 512) {
      const content = readFileSync(file);
      const brotli = zlib.brotliCompressSync(content, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      });
      writeFileSync(`${file}.br`, brotli);
      writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
      files += 1;
      raw += content.length;
      br += brotli.length;
    }
  }
};
walk(dist);
console.log(
  `precompress: ${files} Dateien, ${(raw / 1024).toFixed(1)} KB → ${(br / 1024).toFixed(1)} KB (brotli)`,
);
