/** Nido's version (server/Cargo.toml, the same the server reports), put in by Vite at build time. */
declare const __APP_VERSION__: string;
