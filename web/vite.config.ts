import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// The dev server and `vite preview` hand everything the backend owns to it, so the app talks to
// the same paths in development as in production (where the backend serves web/dist itself).
const backendUrl = process.env.BACKEND_URL ?? 'http://localhost:3000';
const toBackend: ProxyOptions = { target: backendUrl, changeOrigin: true };
const proxy = {
  '/api': { ...toBackend, ws: true },
  '/image': toBackend,
  '/upload': toBackend,
  '/font': toBackend,
  '/manifest.webmanifest': toBackend,
  '/app-icon': toBackend,
};

interface ViteManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/** Lazy chunks a storefront or kiosk visitor may need offline; staff screens (back office, ticket TV) are not. */
// Content pages are lazy chunks too (the map library stays out: it loads only with consent, online).
const VISITOR_CHUNK = /^(src\/(storefront|kiosk|shell|content)\/(?!maps\/maplibre)|.*workbox-window)/;

/**
 * The built files of the visitors' faces, from Vite's build manifest: the entry with everything it
 * imports, and the storefront's and kiosk's lazy pages with theirs. The worker precaches only these.
 */
function visitorFiles(): Set<string> {
  const manifestFile = fileURLToPath(new URL('dist/.vite/manifest.json', import.meta.url));
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ViteManifestChunk>;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.css?.forEach((css) => files.add(css));
    chunk.imports?.forEach(visit);
    chunk.dynamicImports?.filter((dynamic) => VISITOR_CHUNK.test(dynamic)).forEach(visit);
  };
  Object.entries(manifest)
    .filter(([, chunk]) => chunk.isEntry)
    .forEach(([key]) => visit(key));
  return files;
}

export default defineConfig(() => ({
  base: '/',
  plugins: [
    react(),
    // The installable app (docs/decisions/app-shell.md): our own worker (src/shell/sw.ts) gets the list of
    // built files injected; the manifest comes from the backend (shop config), the registration is ours
    // (src/shell/registerServiceWorker.ts, loaded after the page), so the plugin adds no script to the page.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/shell',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      registerType: 'prompt',
      injectManifest: {
        // The shell: every built script, style and the page; source maps and precompressed twins stay out.
        globPatterns: ['**/*.{js,css,html,svg,woff2}'],
        globIgnores: ['**/*.map', '**/*.br', '**/*.gz', '.vite/**'],
        // Of the built scripts and styles only the visitors' ones: the back office and the ticket screen
        // are lazy chunks for staff, whom the worker need not serve offline.
        manifestTransforms: [
          (entries) => {
            const wanted = visitorFiles();
            return {
              manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || wanted.has(entry.url)),
              warnings: [],
            };
          },
        ],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  resolve: {
    alias: {
      // The shared package from source: no build of common/ is needed for the dev server or the bundle.
      // The schemas subpath first: the back office's shared zod schemas (never in the storefront's chunk).
      '@ordering/common/schemas': fileURLToPath(new URL('../common/src/schemas/index.ts', import.meta.url)),
      '@ordering/common': fileURLToPath(new URL('../common/src/index.ts', import.meta.url)),
    },
  },
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, strictPort: true, proxy },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: which chunk imports which (the worker's precache list is made from it).
    manifest: true,
    rolldownOptions: {
      // common/ is a package of rules, types and texts whose modules do nothing when imported (its schemas/
      // subpath excepted: it configures zod). Declared so, a module the entry reaches only through the
      // package's index but never uses is left to the lazy chunks that use it (the back office's legal
      // templates, the kitchen's and time clock's rules, the English texts) instead of riding in the entry.
      treeshake: {
        moduleSideEffects: [
          { test: /[\\/]common[\\/]src[\\/](?!schemas[\\/])/, sideEffects: false },
          { test: /./, sideEffects: true },
        ],
      },
      output: {
        // Everything the entry imports statically in one chunk: the first load is one request, and one
        // gzip stream compresses better than the ~18 small shared chunks the bundler would cut
        // (≈ 4 KB gzip less; docs/decisions/storefront.md). Lazy chunks import what they share from it.
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial' as const] }] },
      },
    },
  },
}));
