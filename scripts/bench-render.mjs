#!/usr/bin/env node
// `npm run bench:render`: a 1920×1080 image template with 6 layers (a background photo, two shapes, three
// text layers with variables and the fixture font) rendered by the backend's renderer to PNG: p50/p95 of
// warm renders (each with another bound text, so no finished file is reused), beside sharp resizing the
// same background photo to 1920×1080 PNG as the baseline (ratio printed), and a cached render (same
// content again). Targets: p95 ≤ 150 ms warm, cached ≤ 5 ms. Builds the backend first when needed.
// BENCH_RENDER_RUNS (40) sets the number of timed renders.
import { existsSync } from 'node:fs';
import { mkdtemp, rm, copyFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'backend/dist/media/template-renderer.js');
if (!existsSync(built)) {
  const build = spawnSync('npm', ['run', 'build', '-w', 'common', '-w', 'backend'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const sharp = (await import(pathToFileURL(path.join(root, 'node_modules/sharp/lib/index.js')).href)).default;
const { TemplateRenderer } = await import(pathToFileURL(built).href);

const runs = Number(process.env.BENCH_RENDER_RUNS ?? 40);
const dir = await mkdtemp(path.join(tmpdir(), 'bench-render-'));
try {
  // A photo-like background: noise blurred, as JPEG (what an owner uploads).
  const noise = Buffer.alloc(1920 * 1080 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  await sharp(noise, { raw: { width: 1920, height: 1080, channels: 3 } })
    .blur(3)
    .jpeg({ quality: 85 })
    .toFile(path.join(dir, 'background.jpg'));
  await copyFile(
    path.join(root, 'backend/test/fixtures/fonts/dejavu-serif-latin.ttf'),
    path.join(dir, 'font.ttf'),
  );

  const font = {
    family: 'Hausschrift',
    variant: 'regular',
    upload: { id: 1, version: 1, extension: 'ttf', storageKey: 'font.ttf' },
  };
  const image = { id: 1, version: 1, storageKey: 'background.jpg' };
  const layer = (fields) => ({
    rotation: 0,
    opacity: 1,
    text: null,
    font: null,
    fontSize: null,
    textAlign: 'left',
    color: null,
    image: null,
    ...fields,
  });
  const layers = [
    layer({ type: 'image', x: 0, y: 0, width: 1920, height: 1080, image }),
    layer({
      type: 'shape',
      x: 80,
      y: 700,
      width: 1000,
      height: 300,
      color: 'rgba(232, 98, 12, 0.9)',
      rotation: -2,
    }),
    layer({ type: 'shape', x: 1500, y: 80, width: 340, height: 340, color: '#1d1d1b', opacity: 0.8 }),
    layer({
      type: 'text',
      x: 120,
      y: 730,
      width: 920,
      height: 140,
      text: '{product.name}',
      font,
      fontSize: 96,
      color: '#ffffff',
    }),
    layer({
      type: 'text',
      x: 120,
      y: 880,
      width: 920,
      height: 100,
      text: 'nur {product.price} – {text}',
      font,
      fontSize: 64,
      color: '#ffffff',
    }),
    layer({
      type: 'text',
      x: 1520,
      y: 180,
      width: 300,
      height: 140,
      text: '{branch.name}',
      fontSize: 48,
      color: '#ffffff',
      textAlign: 'center',
      rotation: 8,
    }),
  ];
  const template = { id: 1, width: 1920, height: 1080, background: '#ffffff' };
  const pathOf = (key) => path.join(dir, key);
  const input = (text) => ({
    template,
    layers,
    bindings: {
      product: { name: 'Käsespätzle mit Röstzwiebeln', price: 12.5 },
      branch: { name: 'Zur Linde' },
      text,
    },
    pathOf,
  });

  const percentile = (values, p) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  };
  const time = async (fn) => {
    const t0 = performance.now();
    await fn();
    return performance.now() - t0;
  };

  const renderer = new TemplateRenderer();
  // Warm-up: fonts registered, the background scaled once, the text blocks laid out.
  for (let i = 0; i < 3; i++) await renderer.render(input(`Tag ${i}`), 'png');
  const warm = [];
  for (let i = 0; i < runs; i++) warm.push(await time(() => renderer.render(input(`Tag ${i + 10}`), 'png')));
  const baseline = [];
  for (let i = 0; i < runs; i++)
    baseline.push(
      await time(() =>
        sharp(path.join(dir, 'background.jpg'))
          .resize(1920, 1080)
          .png({ compressionLevel: 3, adaptiveFiltering: false })
          .toBuffer(),
      ),
    );
  const cached = [];
  for (let i = 0; i < runs; i++) cached.push(await time(() => renderer.render(input('Tag 10'), 'png')));

  const fmt = (v) => `${v.toFixed(1)} ms`;
  const p95 = percentile(warm, 95);
  const cachedP95 = percentile(cached, 95);
  console.log(`bench:render – 1920×1080, 6 Ebenen, ${runs} Läufe`);
  console.log(`  warm render     p50 ${fmt(percentile(warm, 50))}  p95 ${fmt(p95)}  (Ziel ≤ 150 ms)`);
  console.log(`  sharp baseline  p50 ${fmt(percentile(baseline, 50))}  p95 ${fmt(percentile(baseline, 95))}`);
  console.log(
    `  ratio           ${(p95 / percentile(baseline, 95)).toFixed(2)}× (p95 render / p95 baseline)`,
  );
  console.log(`  cached render   p50 ${fmt(percentile(cached, 50))}  p95 ${fmt(cachedP95)}  (Ziel ≤ 5 ms)`);
  process.exitCode = p95 <= 150 && cachedP95 <= 5 ? 0 : 1;
} finally {
  await rm(dir, { recursive: true, force: true });
}
