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

export default defineConfig(({ command }) => ({
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
        // The back office (src/backoffice/routes.tsx) and the ticket screen are lazy chunks for staff
        // screens: storefront visitors' workers do not download them.
        globIgnores: ['**/*.map', '**/*.br', '**/*.gz', 'assets/routes-*', 'assets/TicketScreenPage-*'],
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
      // react-router's package exports only its development build (with its warnings); the bundle takes
      // the production build it ships beside it (smaller storefront; see docs/decisions/storefront.md).
      ...(command === 'build'
        ? {
            'react-router': fileURLToPath(
              new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url),
            ),
          }
        : {}),
    },
  },
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, strictPort: true, proxy },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    sourcemap: true,
  },
}));
