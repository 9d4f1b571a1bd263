import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

// The dev server and `vite preview` hand everything the backend owns to it, so the app talks to
// the same paths in development as in production (where the backend serves web/dist itself).
const backendUrl = process.env.BACKEND_URL ?? 'http://localhost:3000';
const toBackend: ProxyOptions = { target: backendUrl, changeOrigin: true };
const proxy = {
  '/api': { ...toBackend, ws: true },
  '/image': toBackend,
  '/upload': toBackend,
};

export default defineConfig({
  base: '/',
  plugins: [react()],
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
  },
});
