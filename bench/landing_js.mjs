// Loads a page in Chromium and sums the JavaScript it fetched, raw and gzipped.
// Run from web/ (it loads @playwright/test from there): node ../bench/landing_js.mjs http://127.0.0.1:18082/
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';

const { chromium } = createRequire(`${process.cwd()}/`)('@playwright/test');

const url = process.argv[2] ?? 'http://127.0.0.1:8080/';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
// LOCALE=es-AR measures a Spanish visitor (the texts differ in size).
const page = await browser.newPage({ locale: process.env.LOCALE ?? 'en-US' });
const scripts = [];
page.on('response', async (response) => {
  if (response.request().resourceType() === 'script') scripts.push(response);
});
await page.goto(url, { waitUntil: 'networkidle' });
let raw = 0;
let gzip = 0;
for (const response of scripts) {
  const body = await response.body();
  raw += body.length;
  gzip += gzipSync(body, { level: 9 }).length;
  console.log(`  ${(gzipSync(body, { level: 9 }).length / 1024).toFixed(1).padStart(7)} KB gz  ${new URL(response.url()).pathname}`);
}
console.log(`JavaScript for ${url}: ${scripts.length} files, ${(raw / 1024).toFixed(1)} KB raw, ${(gzip / 1024).toFixed(1)} KB gzip`);
await browser.close();
