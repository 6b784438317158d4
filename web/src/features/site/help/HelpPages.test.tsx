import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import i18n from '../../../i18n';
import HelpArticlePage from './HelpArticlePage';
import HelpCategoryPage from './HelpCategoryPage';
import HelpPage from './HelpPage';
import { SAVED_KEY } from './saved';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/help', element: <HelpPage /> },
      { path: '/help/:category', element: <HelpCategoryPage /> },
      { path: '/help/:category/:articleId', element: <HelpArticlePage /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(async () => {
  await i18n.changeLanguage('es');
  localStorage.clear();
});
afterEach(() => vi.restoreAllMocks());

describe('HelpPage', () => {
  it('shows the popular topics and the seven categories with their real article counts', () => {
    renderAt('/help');
    const popular = screen.getByRole('region', { name: 'Temas más consultados' });
    expect(within(popular).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      '/help/getting-started/create-account',
      '/help/getting-started/invite-coparent',
      '/help/account/change-password',
      '/help/calendar/create-event',
      '/help/expenses/add-expense',
    ]);
    expect(within(popular).getByRole('link', { name: /Crear tu cuenta en Nido/ })).toHaveTextContent('3 min de lectura');

    const categories = screen.getByRole('region', { name: 'Categorías' });
    const cards = within(categories).getAllByRole('link');
    expect(cards.map((a) => a.getAttribute('href'))).toEqual([
      '/help/getting-started',
      '/help/account',
      '/help/communication',
      '/help/calendar',
      '/help/expenses',
      '/help/documents',
      '/help/troubleshooting',
    ]);
    expect(cards[0]).toHaveTextContent('3 artículos');
    expect(cards[6]).toHaveTextContent('2 artículos');
    expect(screen.getByRole('link', { name: 'Contactar a soporte' })).toHaveAttribute('href', '/contact');
    expect(screen.getByRole('link', { name: 'Ver preguntas frecuentes' })).toHaveAttribute('href', '/faq');
  });

  it('filters the categories while searching and hides the popular topics', () => {
    renderAt('/help');
    const search = screen.getByRole('searchbox', { name: 'Buscar un tema de ayuda' });
    fireEvent.change(search, { target: { value: 'CONTRASENA' } });
    expect(screen.queryByRole('region', { name: 'Temas más consultados' })).not.toBeInTheDocument();
    const categories = screen.getByRole('region', { name: 'Categorías' });
    expect(within(categories).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/help/account']);
    expect(screen.getByRole('status')).toHaveTextContent('1 categoría encontrada');

    fireEvent.change(search, { target: { value: 'sin coincidencias xyz' } });
    expect(within(categories).queryAllByRole('link')).toHaveLength(0);
    expect(screen.getByText('No encontramos categorías para «sin coincidencias xyz».')).toBeInTheDocument();

    fireEvent.change(search, { target: { value: '' } });
    expect(screen.getByRole('region', { name: 'Temas más consultados' })).toBeInTheDocument();
    expect(within(categories).getAllByRole('link')).toHaveLength(7);
  });

  it('finds articles by their title, excerpt and body, not only categories', () => {
    renderAt('/help');
    const search = screen.getByRole('searchbox', { name: 'Buscar un tema de ayuda' });
    fireEvent.change(search, { target: { value: 'codigo de vinculacion' } });
    const found = screen.getByRole('region', { name: 'Artículos' });
    expect(within(found).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/help/getting-started/invite-coparent']);
    expect(screen.getByRole('status')).toHaveTextContent('1 artículo encontrado');
    expect(screen.queryByText(/No encontramos categorías/)).not.toBeInTheDocument();
  });
});

describe('HelpCategoryPage', () => {
  it('lists the articles of a category with read time and date', () => {
    renderAt('/help/troubleshooting');
    expect(screen.getByRole('heading', { level: 1, name: 'Solución de problemas' })).toBeInTheDocument();
    expect(screen.getByText('2 artículos')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: /No puedo iniciar sesión/ });
    expect(link).toHaveAttribute('href', '/help/troubleshooting/login-issues');
    expect(link).toHaveTextContent('4 min de lectura');
    expect(link).toHaveTextContent('Actualizado el 23 de noviembre de 2026');
  });

  it('shows an empty list with a way back for an unknown category', () => {
    renderAt('/help/no-such-thing');
    expect(screen.getByRole('heading', { level: 1, name: 'Categoría no encontrada' })).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Volver al centro de ayuda/ })[0]).toHaveAttribute('href', '/help');
  });
});

describe('HelpArticlePage', () => {
  it('shows the article with its steps, table of contents and related articles', () => {
    renderAt('/help/getting-started/create-account');
    expect(screen.getByRole('heading', { level: 1, name: 'Crear tu cuenta en Nido' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Primeros pasos' })).toHaveAttribute('href', '/help/getting-started');
    expect(screen.getByText('3 min de lectura')).toBeInTheDocument();
    expect(screen.getByText('Actualizado el 23 de noviembre de 2026')).toBeInTheDocument();

    const toc = screen.getByRole('navigation', { name: 'En este artículo' });
    const entries = within(toc).getAllByRole('link');
    expect(entries.map((a) => a.getAttribute('href'))).toEqual(['#step1', '#step2', '#step3', '#step4']);
    expect(entries[1]).toHaveTextContent('Completa tus datos');
    expect(document.getElementById('step2')).toHaveTextContent('Completa tus datos');
    expect(within(document.getElementById('step2')!).getByText(/Consejo:/)).toBeInTheDocument();

    const related = screen.getByRole('region', { name: 'Artículos relacionados' });
    expect(within(related).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      '/help/getting-started/first-steps',
      '/help/getting-started/invite-coparent',
      '/help/troubleshooting/login-issues',
    ]);
  });

  it('remembers a saved article in this browser only', () => {
    renderAt('/help/account/change-password');
    const save = screen.getByRole('button', { name: 'Guardar' });
    expect(save).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(save);
    expect(save).toHaveAttribute('aria-pressed', 'true');
    expect(JSON.parse(localStorage.getItem(SAVED_KEY)!)).toEqual(['account/change-password']);
    fireEvent.click(save);
    expect(JSON.parse(localStorage.getItem(SAVED_KEY)!)).toEqual([]);
  });

  it('starts as saved when it was saved before', () => {
    localStorage.setItem(SAVED_KEY, JSON.stringify(['account/change-password']));
    renderAt('/help/account/change-password');
    expect(screen.getByRole('button', { name: 'Guardar' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('ignores a corrupt saved list', () => {
    localStorage.setItem(SAVED_KEY, '{not json');
    renderAt('/help/account/change-password');
    const save = screen.getByRole('button', { name: 'Guardar' });
    expect(save).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(save);
    expect(JSON.parse(localStorage.getItem(SAVED_KEY)!)).toEqual(['account/change-password']);
  });

  it('prints', () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    renderAt('/help/account/change-password');
    fireEvent.click(screen.getByRole('button', { name: 'Imprimir' }));
    expect(print).toHaveBeenCalled();
  });

  it('copies the link and says so when the browser cannot share', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    renderAt('/help/account/change-password');
    fireEvent.click(screen.getByRole('button', { name: 'Compartir' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Link copiado al portapapeles'));
    expect(writeText).toHaveBeenCalledWith(window.location.href);
  });

  it('uses the native share sheet when there is one', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    try {
      renderAt('/help/account/change-password');
      fireEvent.click(screen.getByRole('button', { name: 'Compartir' }));
      await waitFor(() => expect(share).toHaveBeenCalledWith({ title: 'Cambiar tu contraseña', url: window.location.href }));
      expect(alert).not.toHaveBeenCalled();
    } finally {
      // @ts-expect-error: remove the stub so other tests see a browser without share.
      delete navigator.share;
    }
  });

  it('sends the feedback and thanks the reader', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}', { status: 201 }));
    renderAt('/help/calendar/create-event');
    fireEvent.click(screen.getByRole('button', { name: 'Sí' }));
    expect(await screen.findByText('¡Gracias! Nos alegra que te haya servido.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sí' })).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const request = fetchMock.mock.calls[0]![0] as Request;
    expect(new URL(request.url).pathname).toBe('/api/ayuda/valoraciones');
    expect(request.method).toBe('POST');
    expect(request.headers.get('Content-Type')).toBe('application/json');
    expect(await request.json()).toEqual({ categoria: 'calendar', articulo: 'create-event', util: true, language: 'es' });
  });

  it('thanks the reader even when the server is unreachable', async () => {
    await i18n.changeLanguage('en');
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('offline'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderAt('/help/expenses/add-expense');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'No' }));
    });
    expect(screen.getByText(/Thanks for telling us/)).toBeInTheDocument();
    expect(await (fetchMock.mock.calls[0]![0] as Request).json()).toEqual({ categoria: 'expenses', articulo: 'add-expense', util: false, language: 'en' });
    await waitFor(() => expect(warn).toHaveBeenCalled());
  });

  it('shows the category list for an unknown article, and the empty list for an unknown category', () => {
    renderAt('/help/documents/no-such-article');
    expect(screen.getByRole('heading', { level: 1, name: 'Documentos' })).toBeInTheDocument();
    expect(screen.getByText(/No encontramos ese artículo/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Subir un documento/ })).toHaveAttribute('href', '/help/documents/upload-doc');
  });

  it('does not show an article under another category', () => {
    renderAt('/help/calendar/change-password');
    expect(screen.getByRole('heading', { level: 1, name: 'Calendario' })).toBeInTheDocument();
  });

  it('shows the empty list for an unknown category with an article id', () => {
    renderAt('/help/nowhere/create-account');
    expect(screen.getByRole('heading', { level: 1, name: 'Categoría no encontrada' })).toBeInTheDocument();
  });
});
