import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import type { Plugin } from 'vite';
import { KNOWN_PATHS } from './src/app/knownPaths.ts';
import pkg from './package.json' with { type: 'json' };

/** Writes dist/routes.json: the server's list of the app's paths (404s, sitemap, robots). */
const knownPaths: Plugin = {
  name: 'nido-known-paths',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'routes.json', source: JSON.stringify(KNOWN_PATHS) });
  },
};

export default defineConfig({
  plugins: [react(), tailwindcss(), knownPaths],
  // The version shown at the foot of the profile page.
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/api3': 'http://127.0.0.1:8080',
    },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
