/** The web app's version (web/package.json), put in by Vite at build time. */
declare const __APP_VERSION__: string;
