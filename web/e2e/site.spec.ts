import { expect, test, type Locator, type Page } from '@playwright/test';
import { openLive } from './support';
import { legalEn } from '../src/content/legal/en';
import { legalEs } from '../src/content/legal/es';
import { LEGAL_DOCS, LEGAL_PATHS } from '../src/content/legal/types';

type Lang = 'es' | 'en';

const NOT_FOUND: Record<Lang, string> = { es: 'No encontramos esta página', en: 'We could not find this page' };
const LEGAL = { es: legalEs, en: legalEn };
const SECTIONS = ['hero', 'features', 'how-it-works', 'pricing', 'download'];

/** Opens the landing page in a language, choosing English with the header's language switch. */
async function openLanding(page: Page, lang: Lang) {
  await openLive(page, '/');
  if (lang === 'en' && (await page.locator('html').getAttribute('lang')) !== 'en') {
    await page.getByRole('banner').getByRole('button', { name: /^EN/ }).click();
  }
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** The distinct in-app addresses linked from a part of the page (mailto links excluded). */
async function internalLinks(area: Locator): Promise<string[]> {
  const hrefs = await area.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return [...new Set(hrefs.filter((h) => h.startsWith('/')))];
}

async function expectRealPage(page: Page, lang: Lang) {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: NOT_FOUND[lang] })).toHaveCount(0);
}

for (const lang of ['es', 'en'] as const) {
  test(`every header and footer link of the landing page works (${lang})`, async ({ page }) => {
    test.setTimeout(180_000);
    await openLanding(page, lang);
    const header = page.getByRole('banner');
    const footer = page.getByRole('contentinfo');
    await expect(header.getByRole('link', { name: lang === 'es' ? 'Funciones' : 'Features' })).toBeVisible();

    const areas = [
      { name: 'header', locator: header, hrefs: await internalLinks(header) },
      { name: 'footer', locator: footer, hrefs: await internalLinks(footer) },
    ];
    for (const id of SECTIONS) expect(areas[0]!.hrefs).toContain(`/#${id}`);
    expect(areas[0]!.hrefs).toEqual(expect.arrayContaining(['/login', '/register']));
    expect(areas[1]!.hrefs).toEqual(
      expect.arrayContaining([
        '/#features', '/#pricing', '/subscription', '/updates',
        '/about', '/blog', '/careers', '/press',
        '/help', '/faq', '/contact', '/status',
        ...Object.values(LEGAL_PATHS),
      ]),
    );
    await expect(footer.getByRole('link', { name: 'soporte@nido.app' })).toHaveAttribute('href', 'mailto:soporte@nido.app');

    for (const area of areas) {
      for (const href of area.hrefs) {
        await test.step(`${area.name} ${href}`, async () => {
          await openLive(page, '/');
          await expect(page.locator('html')).toHaveAttribute('lang', lang);
          await area.locator.locator(`a[href="${href}"]`).first().click();
          const [path = '/', hash] = href.split('#');
          await expect(page).toHaveURL((url) => url.pathname === path && url.hash === (hash ? `#${hash}` : ''));
          if (hash) {
            await expect(page.locator(`#${hash}`)).toBeInViewport();
          } else {
            await expectRealPage(page, lang);
          }
        });
      }
    }
  });
}

test('a section link in the header works from another page', async ({ page }) => {
  await openLive(page, '/terms');
  await page.getByRole('banner').getByRole('link', { name: 'Precios' }).click();
  await expect(page).toHaveURL(/\/#pricing$/);
  await expect(page.locator('#pricing')).toBeInViewport();
  await expect(page.getByRole('heading', { name: 'Planes simples' })).toBeVisible();
});

test('the mobile menu opens, lists the sections and closes after a choice', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openLive(page, '/');
  const toggle = page.getByRole('button', { name: 'Abrir menú' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(page.getByRole('button', { name: 'Cerrar menú' })).toHaveAttribute('aria-expanded', 'true');
  const menu = page.locator('#public-menu');
  await menu.getByRole('link', { name: 'Cómo funciona' }).click();
  await expect(menu).toBeHidden();
  await expect(page.locator('#how-it-works')).toBeInViewport();
});

test('the landing page is honest about what exists and links plans to registration', async ({ page }) => {
  await openLive(page, '/');
  // Every feature shown exists (lib/areas.ts).
  await expect(page.locator('#features li')).not.toHaveCount(0);
  await expect(page.locator('#features li').filter({ hasText: 'Próximamente' })).toHaveCount(0);
  const plans = page.locator('#pricing').getByRole('link', { name: 'Empezar prueba gratis' });
  await expect(plans).toHaveCount(3);
  for (const plan of await plans.all()) await expect(plan).toHaveAttribute('href', '/register');
  await expect(page.locator('#download')).toContainText('App Store');
  await expect(page.locator('#download a[href*="apple.com"], #download a[href*="play.google"]')).toHaveCount(0);
});

for (const lang of ['es', 'en'] as const) {
  test(`legal pages show their title and the table of contents jumps to a section (${lang})`, async ({ page }) => {
    test.setTimeout(90_000);
    await openLanding(page, lang);
    for (const doc of LEGAL_DOCS) {
      await test.step(doc, async () => {
        const content = LEGAL[lang].docs[doc];
        await openLive(page, LEGAL_PATHS[doc]);
        await expect(page.getByRole('heading', { level: 1, name: content.title })).toBeVisible();
        await expect(page.getByRole('link', { name: lang === 'es' ? /Volver al inicio/ : /Back to home/ })).toHaveAttribute('href', '/');
        const target = content.sections[content.sections.length - 2]!;
        const toc = page.getByRole('navigation', { name: LEGAL[lang].ui.contents });
        await toc.getByRole('link', { name: target.heading, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`${LEGAL_PATHS[doc]}#${target.id}$`));
        await expect(page.getByRole('heading', { level: 2, name: target.heading, exact: true })).toBeInViewport();
      });
    }
  });
}
