/** Nido's version (server/Cargo.toml, the same the server reports), put in by Vite at build time. */
declare const __APP_VERSION__: string;

/** CHANGELOG.md, parsed at build time by vite.config.ts. */
declare module 'virtual:changelog' {
  const releases: import('./content/changelog/parse').Release[];
  export default releases;
}
