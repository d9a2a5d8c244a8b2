import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/vite-precompress.ts';

/**
 * The SPA builds into dist/web; the server serves its index.html with `M.cfg` and its assets.
 * WEB_DIST_DIR (absolute) builds elsewhere; the server reads the same variable.
 * During development run `npm run dev:web` (a watching build) beside `npm run dev` (the server).
 */
export default defineConfig({
  root: 'web',
  plugins: [react(), precompress()],
  build: { outDir: process.env.WEB_DIST_DIR ?? '../dist/web', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 1024 },
});
