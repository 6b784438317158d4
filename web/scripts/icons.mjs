// Draws the installable app's icons (public/icons/*.png) from the logo, public/favicon.svg, in
// headless Chromium. Run from web/ when the logo changes: node scripts/icons.mjs
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const { chromium } = createRequire(`${process.cwd()}/`)('@playwright/test');
const logo = readFileSync('public/favicon.svg', 'utf8');
// The logo's drawing without its rounded tile, for the full-bleed maskable icon.
const glyph = logo.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '').replace(/<rect[^>]*\/>/, '');

const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#2f6f62"/>
<g transform="translate(12.8 12.8) scale(0.6)">${glyph}</g></svg>`;

const icons = [
  ['icon-192.png', 192, logo],
  ['icon-512.png', 512, logo],
  ['icon-maskable-512.png', 512, maskable],
];

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
for (const [name, size, svg] of icons) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
  await page.setContent(`<html><body style="margin:0;background:transparent">${sized}</body></html>`);
  await page.screenshot({ path: join('public/icons', name), omitBackground: true });
  await page.close();
  console.log(`public/icons/${name} (${size}x${size})`);
}
await browser.close();
