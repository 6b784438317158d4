import { expect, test } from '@playwright/test';
import { openLive } from './support';

test('help centre: search, open a category and an article, jump to a step, rate it', async ({ page }) => {
  await openLive(page, '/help');
  await expect(page.getByRole('heading', { level: 1, name: 'Centro de ayuda' })).toBeVisible();
  const popular = page.getByRole('region', { name: 'Temas más consultados' });
  await expect(popular.getByRole('link')).toHaveCount(5);
  const categories = page.getByRole('region', { name: 'Categorías' });
  await expect(categories.getByRole('link')).toHaveCount(7);

  await page.getByRole('searchbox', { name: 'Buscar un tema de ayuda' }).fill('GASTOS');
  await expect(popular).toBeHidden();
  await expect(categories.getByRole('link')).toHaveCount(1);
  await categories.getByRole('link', { name: /Gastos/ }).click();

  await expect(page).toHaveURL(/\/help\/expenses$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Gastos' })).toBeVisible();
  await expect(page.getByText('2 artículos')).toBeVisible();
  await page.getByRole('link', { name: /Cómo dividir los gastos/ }).click();

  await expect(page).toHaveURL(/\/help\/expenses\/split-expenses$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Cómo dividir los gastos' })).toBeVisible();
  await page.getByRole('navigation', { name: 'En este artículo' }).getByRole('link', { name: /Proporcional a los ingresos/ }).click();
  await expect(page).toHaveURL(/#step2$/);
  await expect(page.getByRole('heading', { level: 2, name: /Proporcional a los ingresos/ })).toBeInViewport();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

  const feedback = page.waitForRequest((r) => r.url().endsWith('/api/ayuda/valoraciones') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Sí', exact: true }).click();
  expect((await feedback).postDataJSON()).toEqual({ categoria: 'expenses', articulo: 'split-expenses', util: true, language: 'es' });
  await expect(page.getByText('¡Gracias! Nos alegra que te haya servido.')).toBeVisible();

  await page.getByRole('link', { name: '← Gastos' }).click();
  await expect(page).toHaveURL(/\/help\/expenses$/);
});

test('help centre: a link to a step opens scrolled to it; unknown pages fall back to lists', async ({ page }) => {
  await openLive(page, '/help/troubleshooting/login-issues#step4');
  await expect(page.getByRole('heading', { level: 2, name: /Revisa el navegador/ })).toBeInViewport();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

  await openLive(page, '/help/troubleshooting/no-such-article');
  await expect(page.getByRole('heading', { level: 1, name: 'Solución de problemas' })).toBeVisible();
  await expect(page.getByRole('link', { name: /No puedo iniciar sesión/ })).toBeVisible();

  await openLive(page, '/help/no-such-category');
  await expect(page.getByRole('heading', { level: 1, name: 'Categoría no encontrada' })).toBeVisible();
  await page.getByRole('link', { name: 'Volver al centro de ayuda' }).last().click();
  await expect(page).toHaveURL(/\/help$/);
});

test('FAQ: switch tab, open a question, search within the tab', async ({ page }) => {
  await openLive(page, '/faq');
  await expect(page.getByRole('heading', { level: 1, name: 'Preguntas frecuentes' })).toBeVisible();

  await page.getByRole('tab', { name: 'Cuenta' }).click();
  await expect(page.getByRole('tab', { name: 'Cuenta' })).toHaveAttribute('aria-selected', 'true');
  const question = page.getByRole('button', { name: 'Olvidé mi contraseña, ¿qué hago?' });
  await question.click();
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText(/vence en 1 hora y sirve una sola vez/)).toBeVisible();

  await page.getByRole('tab', { name: 'Privacidad' }).click();
  await expect(page.locator('[aria-expanded="true"]')).toHaveCount(0);

  const search = page.getByRole('searchbox', { name: 'Buscar en este tema' });
  await search.fill('ubicación');
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('button')).toHaveCount(1);
  await expect(panel.getByRole('button', { name: '¿Qué pasa con la ubicación de las fotos?' })).toBeVisible();

  await search.fill('zxqv nada parecido');
  await expect(page.getByText('No hay preguntas que coincidan con tu búsqueda')).toBeVisible();
  await expect(panel.getByRole('button')).toHaveCount(0);

  await expect(page.getByRole('link', { name: 'Contactar a soporte' })).toHaveAttribute('href', '/contact');
  await expect(page.getByRole('link', { name: 'Ir al centro de ayuda' })).toHaveAttribute('href', '/help');
});
