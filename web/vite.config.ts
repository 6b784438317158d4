import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import type { Plugin } from 'vite';
import { KNOWN_PATHS } from './src/app/knownPaths.ts';
import { readFileSync } from 'node:fs';

/** Writes dist/routes.json: the server's list of the app's paths (404s, sitemap, robots). */
const knownPaths: Plugin = {
  name: 'nido-known-paths',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'routes.json', source: JSON.stringify(KNOWN_PATHS) });
  },
};

/** Nido's version, one for the server and the web app: the server crate's, read at build time. */
const version = /^version\s*=\s*"([^"]+)"/m.exec(readFileSync(new URL('../server/Cargo.toml', import.meta.url), 'utf8'))?.[1] ?? 'dev';

export default defineConfig({
  plugins: [react(), tailwindcss(), knownPaths],
  // The version shown on the Updates page, the site's footer and the profile page.
  define: { __APP_VERSION__: JSON.stringify(version) },
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
