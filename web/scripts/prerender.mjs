// Writes dist/prerendered/<language>/<path>.html for every public page, from the server-side
// build of src/entry-prerender.tsx and the built dist/index.html. The server hands these out in
// the visitor's language; a page that fails to render is reported and served the plain way.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const { render, KNOWN_PATHS } = await import(pathToFileURL(join(web, 'dist-prerender/entry-prerender.js')).href);
const template = readFileSync(join(web, 'dist/index.html'), 'utf8');

const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

let written = 0;
const failed = [];
for (const language of ['es', 'en']) {
  for (const path of KNOWN_PATHS.pages) {
    try {
      const { html, meta } = await render(path, language);
      let page = template
        .replace('<html lang="es">', `<html lang="${language}">`)
        .replace('<div id="root"></div>', `<div id="root" data-prerendered="${language}">${html}</div>`);
      if (meta) {
        page = page
          .replace(/<title>[^<]*<\/title>/, `<title>${escape(meta.title)}</title>`)
          .replace(/<meta name="description" content="[^"]*" \/>/, `<meta name="description" content="${escape(meta.description)}" />`);
      }
      const file = join(web, 'dist/prerendered', language, path === '/' ? 'index.html' : `${path.slice(1)}.html`);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, page);
      written += 1;
    } catch (error) {
      failed.push(`${language} ${path}: ${error instanceof Error ? error.message : error}`);
    }
  }
}
console.log(`prerendered ${written} pages`);
if (failed.length) {
  console.error(`not prerendered (served without prerendering):\n  ${failed.join('\n  ')}`);
}
