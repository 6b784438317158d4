import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import i18n from '../../../i18n';
import en from '../../../content/faq/en';
import es from '../../../content/faq/es';
import { FAQ_TABS, type FaqContent } from '../../../content/faq/types';
import FaqPage from './FaqPage';
import { FaqView } from './FaqView';

const renderPage = () =>
  render(
    <MemoryRouter>
      <FaqPage />
    </MemoryRouter>,
  );

const expanded = () => screen.queryAllByRole('button', { expanded: true });

describe('FaqPage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });

  it('has four tabs of five questions in both languages', () => {
    for (const content of [es, en]) {
      expect(Object.keys(content.tabs)).toEqual([...FAQ_TABS]);
      for (const id of FAQ_TABS) expect(content.tabs[id].items).toHaveLength(5);
    }
  });

  it('starts on the general tab with every question closed', () => {
    renderPage();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['General', 'Cuenta', 'Técnico', 'Privacidad']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getAllByRole('button')).toHaveLength(5);
    expect(expanded()).toHaveLength(0);
  });

  it('keeps only one question open at a time', () => {
    renderPage();
    const first = screen.getByRole('button', { name: '¿Qué es Nido?' });
    fireEvent.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/Nido es una plataforma web/)).toBeVisible();

    const price = screen.getByRole('button', { name: '¿Cuánto cuesta?' });
    fireEvent.click(price);
    expect(price).toHaveAttribute('aria-expanded', 'true');
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText(/US\$ 5\.99 por mes/)).toBeVisible();

    fireEvent.click(price);
    expect(expanded()).toHaveLength(0);
  });

  it('closes the open question when switching tab', () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: '¿Qué es Nido?' }));
    expect(expanded()).toHaveLength(1);
    fireEvent.click(screen.getByRole('tab', { name: 'Privacidad' }));
    expect(screen.getByRole('tab', { name: 'Privacidad' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: '¿Qué pasa con la ubicación de las fotos?' })).toBeInTheDocument();
    expect(expanded()).toHaveLength(0);
  });

  it('moves between tabs with the arrow keys', () => {
    renderPage();
    fireEvent.keyDown(screen.getByRole('tab', { name: 'General' }), { key: 'ArrowLeft' });
    expect(screen.getByRole('tab', { name: 'Privacidad' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Privacidad' })).toHaveFocus();
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Privacidad' }), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
  });

  it('filters the current tab by question and answer, and says when nothing matches', () => {
    renderPage();
    fireEvent.click(screen.getByRole('tab', { name: 'Técnico' }));
    const search = screen.getByRole('searchbox', { name: 'Buscar en este tema' });

    fireEvent.change(search, { target: { value: 'WEBP' } });
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getAllByRole('button').map((b) => b.textContent)).toEqual(['¿Qué fotos puedo subir?']);

    fireEvent.change(search, { target: { value: 'navegador' } });
    expect(within(panel).getAllByRole('button').map((b) => b.textContent)).toEqual([
      '¿Necesito instalar algo?',
      '¿Por qué tengo que volver a iniciar sesión?',
    ]);

    fireEvent.change(search, { target: { value: 'qwertyuiop' } });
    expect(within(panel).queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByText('No hay preguntas que coincidan con tu búsqueda')).toBeInTheDocument();

    fireEvent.change(search, { target: { value: '' } });
    expect(within(panel).getAllByRole('button')).toHaveLength(5);
  });

  it('shows the English texts', async () => {
    await i18n.changeLanguage('en');
    renderPage();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search this topic' }), { target: { value: 'nothing-like-this' } });
    expect(screen.getByText('No questions match your search')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/contact');
    expect(screen.getByRole('link', { name: 'Go to the help centre' })).toHaveAttribute('href', '/help');
  });

  it('says so when a tab has no questions at all', () => {
    const content: FaqContent = { ...es, tabs: { ...es.tabs, account: { label: 'Cuenta', items: [] } } };
    render(
      <MemoryRouter>
        <FaqView content={content} />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Cuenta' }));
    expect(screen.getByText('No hay preguntas disponibles en esta categoría')).toBeInTheDocument();
  });
});
