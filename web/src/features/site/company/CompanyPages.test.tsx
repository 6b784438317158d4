import { act, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { companyEn } from '../../../content/company/en';
import { companyEs } from '../../../content/company/es';
import i18n from '../../../i18n';
import AboutPage from './AboutPage';
import CareersPage from './CareersPage';
import PressPage from './PressPage';
import UpdatesPage from './UpdatesPage';
import releases from 'virtual:changelog';
import { UPCOMING } from '../../../lib/areas';

const show = (node: ReactNode) => render(<MemoryRouter>{node}</MemoryRouter>);

describe('company content', () => {
  it('has the same roadmap and press releases in both languages', () => {
    const meta = (t: typeof companyEs) => ({
      roadmap: Object.keys(t.updates.roadmap.areas),
      press: t.press.releases.items.map((r) => [r.slug, r.date]),
    });
    expect(meta(companyEn)).toEqual(meta(companyEs));
  });
});

describe('company pages', () => {
  beforeEach(async () => {
    await act(() => i18n.changeLanguage('es'));
  });

  it('about: four values, a mail link and a link to the contact form', () => {
    show(<AboutPage />);
    expect(within(screen.getByRole('region', { name: 'Lo que nos guía' })).getAllByRole('listitem')).toHaveLength(4);
    const founder = screen.getByRole('region', { name: 'Quién está detrás' });
    expect(within(founder).getByRole('link', { name: 'Escribir a soporte@nido.app' })).toHaveAttribute('href', 'mailto:soporte@nido.app');
    expect(within(founder).getByRole('link', { name: 'Ir al formulario de contacto' })).toHaveAttribute('href', '/contact');
    expect(screen.getByRole('region', { name: 'La empresa' })).toHaveTextContent('Buenos Aires');
  });

  it('careers: no openings, the three facts and the contact options', () => {
    show(<CareersPage />);
    expect(screen.getByText(/Hoy no tenemos posiciones abiertas/)).toBeInTheDocument();
    const facts = screen.getByRole('region', { name: 'Cómo trabajamos' });
    expect(within(facts).getByText('2024')).toBeInTheDocument();
    expect(within(facts).getByText('Potencial')).toBeInTheDocument();
    expect(within(facts).getByText('100 %')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Enviar un email' })).toHaveAttribute(
      'href',
      'mailto:soporte@nido.app?subject=Quiero%20trabajar%20en%20Nido',
    );
  });

  it('press: every release is reachable from the index by its anchor', () => {
    show(<PressPage />);
    const index = screen.getByRole('navigation', { name: 'Ir a un comunicado' });
    const links = within(index).getAllByRole('link');
    expect(links).toHaveLength(2);
    for (const link of links) {
      const id = link.getAttribute('href')!.slice(1);
      expect(document.getElementById(id)).toHaveTextContent(link.textContent!);
    }
    expect(screen.getAllByRole('link', { name: /Disponible a pedido/ })).toHaveLength(3);
  });

  it('updates: the current version, each release of CHANGELOG.md and what is coming, without dates', () => {
    show(<UpdatesPage />);
    const current = screen.getByRole('region', { name: 'Versión actual' });
    // The version of this build, the one the footer and the server report too.
    expect(current).toHaveTextContent(`v${__APP_VERSION__}`);
    const history = within(screen.getByRole('region', { name: 'Historial de versiones' })).getAllByRole('article');
    expect(history).toHaveLength(releases.length);
    expect(history[0]).toHaveTextContent(`v${releases[0]!.version} · ${releases[0]!.parts.es.title}`);
    for (const highlight of releases[0]!.parts.es.highlights) expect(history[0]).toHaveTextContent(highlight.text);
    const roadmap = screen.getByRole('region', { name: 'Lo que viene' });
    expect(within(roadmap).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(UPCOMING.map((area) => companyEs.updates.roadmap.areas[area]?.title));
    expect(roadmap).not.toHaveTextContent(/\b20\d\d\b|trimestre/);
    expect(screen.getByRole('link', { name: 'Sumarme a la beta' })).toHaveAttribute('href', '/contact');
  });

  it('updates: in English, the English part of each release', async () => {
    await act(() => i18n.changeLanguage('en'));
    show(<UpdatesPage />);
    const history = within(screen.getByRole('region', { name: 'Release history' })).getAllByRole('article');
    expect(history[0]).toHaveTextContent(releases[0]!.parts.en.title);
    await act(() => i18n.changeLanguage('es'));
  });
});
