import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import i18n from '../i18n';
import { PublicLayout } from './PublicLayout';
import { legalEn } from '../content/legal/en';
import { legalEs } from '../content/legal/es';
import LegalPage from '../features/site/legal/LegalPage';
import { formatDate } from '../lib/dates';
import { SessionProvider } from '../lib/session';

const renderAt = (path: string) =>
  render(
    <SessionProvider>
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route element={<PublicLayout />}>
          <Route path="/" element={<p>home</p>} />
          <Route path="/privacy" element={<LegalPage doc="privacy" />} />
          <Route path="/email-terms" element={<LegalPage doc="emailTerms" />} />
        </Route>
      </Routes>
    </MemoryRouter>
    </SessionProvider>,
  );

describe('LegalPage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });

  it('shows the title, the update date and a table of contents linking to every section', () => {
    renderAt('/privacy');
    expect(screen.getByRole('heading', { level: 1, name: 'Política de privacidad' })).toBeInTheDocument();
    expect(screen.getByText('24 de noviembre de 2026')).toHaveAttribute('dateTime', '2026-11-24');
    const toc = screen.getByRole('navigation', { name: 'Contenido' });
    const links = within(toc).getAllByRole('link');
    const sections = legalEs.docs.privacy.sections;
    expect(links).toHaveLength(sections.length);
    links.forEach((link, i) => {
      expect(link).toHaveAttribute('href', `#${sections[i]!.id}`);
      const target = document.getElementById(sections[i]!.id);
      expect(target?.tagName).toBe('SECTION');
      expect(within(target!).getByRole('heading', { level: 2 })).toHaveTextContent(sections[i]!.heading);
    });
    expect(screen.getByRole('link', { name: /Volver al inicio/ })).toHaveAttribute('href', '/');
  });

  it('turns the contact address into a mail link and lists the other documents', () => {
    renderAt('/email-terms');
    const mail = screen.getAllByRole('link', { name: 'soporte@nido.app' });
    expect(mail.length).toBeGreaterThan(0);
    mail.forEach((a) => expect(a).toHaveAttribute('href', 'mailto:soporte@nido.app'));
    const others = screen.getByRole('navigation', { name: 'Otros documentos legales' });
    expect(within(others).getAllByRole('link')).toHaveLength(5);
    expect(within(others).getByRole('link', { name: 'Política de privacidad' })).toHaveAttribute('href', '/privacy');
  });

  it('follows the language switch', async () => {
    renderAt('/privacy');
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByRole('heading', { level: 1, name: legalEn.docs.privacy.title })).toBeInTheDocument();
    expect(screen.getByText('November 24, 2026')).toBeInTheDocument();
  });

  it('formats the date in each language without shifting the day', () => {
    expect(formatDate('2026-11-23', 'es')).toBe('23 de noviembre de 2026');
    expect(formatDate('2026-01-01', 'en')).toBe('January 1, 2026');
  });
});

describe('PublicLayout', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });

  it('has header anchors for every landing section and four labelled footer columns', () => {
    renderAt('/');
    const header = screen.getByRole('navigation', { name: 'Navegación principal' });
    const hrefs = within(header).getAllByRole('link').map((a) => a.getAttribute('href'));
    for (const id of ['hero', 'features', 'how-it-works', 'pricing', 'download']) expect(hrefs).toContain(`/#${id}`);
    expect(hrefs).toEqual(expect.arrayContaining(['/login', '/register']));

    const columns = { Producto: 4, Empresa: 4, Soporte: 4, Legal: 6 };
    for (const [name, count] of Object.entries(columns)) {
      expect(within(screen.getByRole('navigation', { name })).getAllByRole('link')).toHaveLength(count);
    }
    const legal = within(screen.getByRole('navigation', { name: 'Legal' })).getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(legal).toEqual(['/terms', '/privacy', '/cookies', '/gdpr', '/email-terms', '/email-privacy']);
    const social = screen.getByRole('navigation', { name: 'Sigue nuestras novedades' });
    expect(within(social).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/blog', '/updates', 'mailto:soporte@nido.app']);
  });

  it('opens and closes the mobile menu, also with Escape', async () => {
    const user = userEvent.setup();
    renderAt('/');
    const button = screen.getByRole('button', { name: 'Abrir menú' });
    const menu = document.getElementById('public-menu')!;
    expect(button).toHaveAttribute('aria-controls', 'public-menu');
    expect(menu).not.toBeVisible();
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(menu).toBeVisible();
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    await user.click(button);
    await user.click(within(menu).getByRole('link', { name: 'Precios' }));
    expect(menu).not.toBeVisible();
  });
});
