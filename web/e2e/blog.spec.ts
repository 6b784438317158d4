import { expect, test } from '@playwright/test';
import { openLive } from './support';

test('filter the blog, open a post, share it and follow a related post', async ({ page }) => {
  await openLive(page, '/blog');
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Destacados' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Todas las publicaciones' })).toBeVisible();

  await page.getByRole('button', { name: 'Legal', exact: true }).click();
  const results = page.getByRole('region', { name: 'Resultados' });
  await expect(results.getByRole('article')).toHaveCount(1);
  await expect(results).toContainText('Aspectos legales de la coparentalidad en Argentina');
  await expect(page.getByRole('heading', { name: 'Destacados' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Todas', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Destacados' })).toBeVisible();

  const search = page.getByLabel('Buscar en el blog');
  await search.fill('tecnologia');
  await expect(results.getByRole('article')).toHaveCount(1);
  await expect(results).toContainText('Tecnología y coparentalidad');

  await search.fill('qwxz sin resultados');
  await expect(page.getByText('No encontramos publicaciones.')).toBeVisible();
  await page.getByRole('button', { name: 'Ver todas las publicaciones' }).click();
  await expect(page.getByRole('region', { name: 'Todas las publicaciones' }).getByRole('article')).toHaveCount(4);

  await page
    .getByRole('region', { name: 'Destacados' })
    .getByRole('link', { name: /Comunicación efectiva en la coparentalidad/ })
    .click();
  await expect(page).toHaveURL(/\/blog\/comunicacion-efectiva-coparentalidad$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Comunicación efectiva en la coparentalidad');
  await expect(page.getByText('Equipo de Nido')).toBeVisible();
  await expect(page).toHaveTitle(/Comunicación efectiva/);

  // Sharing opens the network's page in a new window with the current address.
  await page.evaluate(() => {
    const opened: unknown[][] = [];
    (window as unknown as { opened: unknown[][] }).opened = opened;
    window.open = (...args: unknown[]) => {
      opened.push(args);
      return null;
    };
  });
  await page.getByRole('button', { name: 'Compartir en Facebook' }).click();
  const opened = await page.evaluate(() => (window as unknown as { opened: unknown[][] }).opened);
  expect(opened).toEqual([[`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(page.url())}`, '_blank', 'noopener']]);

  const related = page.getByRole('region', { name: 'Publicaciones relacionadas' });
  await expect(related.getByRole('article')).toHaveCount(2);
  await related.getByRole('link', { name: /Tecnología y coparentalidad/ }).click();
  await expect(page).toHaveURL(/\/blog\/tecnologia-coparentalidad$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Tecnología y coparentalidad');
  await expect(page.getByRole('region', { name: 'Publicaciones relacionadas' }).getByRole('link')).toHaveCount(2);

  await page.getByRole('link', { name: 'Volver al blog' }).first().click();
  await expect(page).toHaveURL(/\/blog$/);
});

test('an unknown post slug says the post does not exist, above the list', async ({ page }) => {
  await openLive(page, '/blog/no-existe');
  await expect(page.getByRole('heading', { level: 1, name: 'Esta publicación no existe' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Todas las publicaciones' })).toBeVisible();
});

test('press releases are reachable through their anchors', async ({ page }) => {
  await openLive(page, '/press');
  await page.getByRole('navigation', { name: 'Ir a un comunicado' }).getByRole('link', { name: /Nace Nido/ }).click();
  await expect(page).toHaveURL(/\/press#lanzamiento-nido$/);
  await expect(page.locator('#lanzamiento-nido')).toBeInViewport();

  await openLive(page, '/');
  await openLive(page, '/press#nido-2-0');
  await expect(page.locator('#nido-2-0')).toBeInViewport();
  await expect(page.locator('#nido-2-0')).toContainText('Nido 2.0');
});

test('choosing a plan processes for a moment, then says billing is coming soon', async ({ page }) => {
  await openLive(page, '/subscription');
  await expect(page.getByText('30 días gratis en cualquier plan')).toBeVisible();
  const monthly = page.getByRole('article', { name: 'Mensual' });
  await expect(monthly).toContainText('US$ 5,99');

  await monthly.getByRole('button', { name: 'Elegir plan Mensual' }).click();
  const busy = monthly.getByRole('button', { name: 'Procesando… Mensual' });
  await expect(busy).toHaveAttribute('aria-busy', 'true');
  await expect(busy).toBeDisabled();

  await expect(page.getByRole('heading', { level: 1, name: 'Los pagos llegan pronto' })).toBeVisible();
  await expect(page.getByText('Elegiste el plan Mensual.', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Crear mi cuenta gratis' })).toHaveAttribute('href', '/register');

  await page.getByRole('button', { name: 'Volver a los planes' }).click();
  await expect(page.getByRole('article', { name: 'Anual' }).getByRole('button', { name: 'Elegir plan Anual' })).toBeEnabled();
});
