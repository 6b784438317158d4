import { chromium } from 'playwright';
import { readFileSync } from 'node:fs';
const s = JSON.parse(readFileSync('/tmp/demo/setup.json', 'utf8'));
const B = 'http://127.0.0.1:8097';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
async function speak(token, lang) {
  const me = await (await fetch(B + '/api/usuarios/perfil', { headers: { Authorization: `Bearer ${token}` } })).json();
  const u = me.data ?? me;
  await fetch(B + '/api/usuarios/perfil', { method: 'PUT', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ nombre: u.nombre, apellido: u.apellido, email: u.email, language: lang }) });
}
async function page(token, lang) {
  if (token) await speak(token, lang);
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, locale: lang === 'es' ? 'es-AR' : 'en-US' });
  const p = await ctx.newPage();
  await p.goto(B + '/login');
  await p.evaluate(([t, l]) => { if (t) localStorage.setItem('token', t); localStorage.setItem('language', l); }, [token, lang]);
  return p;
}
for (const lang of ['es', 'en']) {
  const pros = lang === 'es' ? 'Profesionales' : 'Professionals';
  const grant = lang === 'es' ? 'Dar acceso a un profesional' : 'Give a professional access';
  const ana = await page(s.ana, lang);
  await ana.goto(B + '/profile/coparents');
  await ana.getByRole('button', { name: pros }).click();
  await ana.getByTestId('professional-access').first().waitFor();
  await ana.getByRole('button', { name: lang === 'es' ? /Qué leyó/ : /What they read/ }).first().click();
  await ana.getByTestId('professionals').screenshot({ path: `/tmp/shots/pro-list-${lang}.png` });
  await ana.getByRole('button', { name: grant }).click();
  await ana.getByRole('form', { name: grant }).screenshot({ path: `/tmp/shots/pro-grant-${lang}.png` });
  const out = await page(null, lang);
  await out.goto(B + s.pending_link);
  await out.getByRole('button').last().waitFor();
  await out.screenshot({ path: `/tmp/shots/pro-accept-${lang}.png`, fullPage: true });
  const lucia = await page(s.lucia, lang);
  await lucia.goto(B + '/casos');
  await lucia.getByTestId('case').first().waitFor();
  await lucia.screenshot({ path: `/tmp/shots/pro-cases-${lang}.png`, fullPage: true });
  await lucia.goto(B + '/casos/' + s.family);
  await lucia.getByTestId('case-conversation').first().click();
  await lucia.getByTestId('case-message').first().waitFor();
  await lucia.screenshot({ path: `/tmp/shots/pro-case-${lang}.png`, fullPage: true });
  await lucia.getByRole('button', { name: lang === 'es' ? 'Abrir menú' : 'Open menu' }).click().catch(() => {});
  await lucia.waitForTimeout(300);
  await lucia.screenshot({ path: `/tmp/shots/pro-menu-${lang}.png` });
}
await browser.close();
