import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { KNOWN_PATHS } from './src/app/knownPaths.ts';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseChangelog } from './src/content/changelog/parse.ts';

/** Writes dist/routes.json: the server's list of the app's paths (404s, sitemap, robots). */
const knownPaths: Plugin = {
  name: 'nido-known-paths',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'routes.json', source: JSON.stringify(KNOWN_PATHS) });
  },
};

/**
 * `virtual:changelog`: the repository's CHANGELOG.md, parsed when the app is built (a malformed file
 * stops the build), for /updates.
 */
const changelogFile = fileURLToPath(new URL('../CHANGELOG.md', import.meta.url));
const changelog: Plugin = {
  name: 'nido-changelog',
  resolveId: (id) => (id === 'virtual:changelog' ? '\0virtual:changelog' : undefined),
  load(id) {
    if (id !== '\0virtual:changelog') return undefined;
    this.addWatchFile(changelogFile);
    return `export default ${JSON.stringify(parseChangelog(readFileSync(changelogFile, 'utf8')))};`;
  },
};

/** Nido's version, one for the server and the web app: the server crate's, read at build time. */
const version = /^version\s*=\s*"([^"]+)"/m.exec(readFileSync(new URL('../server/Cargo.toml', import.meta.url), 'utf8'))?.[1] ?? 'dev';

/**
 * The installable app: its manifest, and web/src/sw.ts built to /sw.js with the list of the build's
 * hashed files (the only thing it may cache). The signed-in app registers it (app/pwa.ts).
 */
const installableApp = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  injectRegister: false,
  manifestFilename: 'manifest.webmanifest',
  injectManifest: { globPatterns: ['assets/**/*.{js,css}'], maximumFileSizeToCacheInBytes: 3_000_000 },
  manifest: {
    id: '/',
    name: 'Nido',
    short_name: 'Nido',
    description: 'La vida de tus hijos, compartida entre quienes los crían.',
    lang: 'es',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#2f6f62',
    background_color: '#fbf8f2',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
});

export default defineConfig(({ isSsrBuild }) => ({
  // The prerendering build only draws HTML: no worker, no manifest.
  plugins: [react(), tailwindcss(), knownPaths, changelog, ...(isSsrBuild ? [] : [installableApp])],
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
    // Longer than a test's waits (5 s each, src/test/setup.ts), so that a slow one fails on what
    // it waited for rather than on the clock.
    testTimeout: 15_000,
  },
}));
