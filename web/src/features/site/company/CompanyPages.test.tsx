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

const show = (node: ReactNode) => render(<MemoryRouter>{node}</MemoryRouter>);

describe('company content', () => {
  it('has the same releases, roadmap and press releases in both languages', () => {
    const meta = (t: typeof companyEs) => ({
      releases: t.updates.releases.map((r) => [r.version, r.date, r.type]),
      roadmap: t.updates.roadmap.items.map((r) => r.status),
      press: t.press.releases.items.map((r) => [r.slug, r.date]),
    });
    expect(meta(companyEn)).toEqual(meta(companyEs));
    expect(meta(companyEs).releases).toEqual([
      ['2.0.0', '2025-01-10', 'major'],
      ['1.5.2', '2024-12-03', 'patch'],
      ['1.5.0', '2024-11-12', 'minor'],
      ['1.4.3', '2024-10-08', 'patch'],
      ['1.4.0', '2024-09-10', 'minor'],
    ]);
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

  it('updates: current version, five releases and the roadmap with statuses', () => {
    show(<UpdatesPage />);
    const current = screen.getByRole('region', { name: 'Versión actual' });
    // The version of this build, the one the footer and the server report too.
    expect(current).toHaveTextContent(`v${__APP_VERSION__}`);
    expect(within(screen.getByRole('region', { name: 'Historial de versiones' })).getAllByRole('article')).toHaveLength(5);
    const roadmap = screen.getByRole('region', { name: 'Próximamente' });
    expect(within(roadmap).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Videollamadas',
      'Aplicación móvil nativa',
      'Integración con calendarios externos',
      'Asistente de acuerdos con IA',
    ]);
    expect(within(roadmap).getByText('En investigación')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sumarme a la beta' })).toHaveAttribute('href', '/contact');
  });
});
