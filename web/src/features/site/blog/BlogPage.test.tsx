import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import i18n from '../../../i18n';
import BlogPage from './BlogPage';

function renderBlog(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/blog', element: <BlogPage /> },
      { path: '/blog/:slug', element: <BlogPage /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('BlogPage', () => {
  beforeEach(async () => {
    await act(() => i18n.changeLanguage('es'));
  });

  it('shows the featured section only while nothing is filtered', async () => {
    const user = userEvent.setup();
    renderBlog('/blog');
    const featured = screen.getByRole('region', { name: 'Destacados' });
    expect(within(featured).getAllByRole('article')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Todas las publicaciones' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Legal' }));
    expect(screen.queryByRole('heading', { name: 'Destacados' })).not.toBeInTheDocument();
    const results = screen.getByRole('region', { name: 'Resultados' });
    expect(within(results).getAllByRole('article')).toHaveLength(1);
    expect(within(results).getByRole('link')).toHaveAttribute('href', '/blog/aspectos-legales-coparentalidad-argentina');

    await user.click(screen.getByRole('button', { name: 'Todas' }));
    expect(screen.getByRole('heading', { name: 'Destacados' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Buscar en el blog'), 'TECNOLOGÍA');
    expect(screen.queryByRole('heading', { name: 'Destacados' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Resultados' })).getAllByRole('article')).toHaveLength(1);
  });

  it('says so when nothing matches and can reset the filters', async () => {
    const user = userEvent.setup();
    renderBlog('/blog');
    await user.type(screen.getByLabelText('Buscar en el blog'), 'xyzzy');
    expect(screen.getByText('No encontramos publicaciones.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ver todas las publicaciones' }));
    expect(screen.getByLabelText('Buscar en el blog')).toHaveValue('');
    expect(within(screen.getByRole('region', { name: 'Todas las publicaciones' })).getAllByRole('article')).toHaveLength(4);
  });

  it('shows a post with its metadata, two related posts and the page title', () => {
    renderBlog('/blog/bienestar-emocional-hijos-separacion');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('El bienestar emocional de los hijos durante la separación');
    expect(screen.getByText('Equipo de Nido')).toBeInTheDocument();
    expect(screen.getByText('26 de agosto de 2025')).toBeInTheDocument();
    expect(screen.getByText(/10 min de lectura/)).toBeInTheDocument();
    expect(document.title).toBe('El bienestar emocional de los hijos durante la separación · Nido');
    const related = screen.getByRole('region', { name: 'Publicaciones relacionadas' });
    expect(within(related).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      '/blog/comunicacion-efectiva-coparentalidad',
      '/blog/tecnologia-coparentalidad',
    ]);
  });

  it('opens each share link in a new window with the current address', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderBlog('/blog/tecnologia-coparentalidad');
    await user.click(screen.getByRole('button', { name: 'Compartir en LinkedIn' }));
    expect(open).toHaveBeenCalledWith(
      `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(window.location.href)}`,
      '_blank',
      'noopener',
    );
    open.mockImplementation(() => {
      throw new Error('blocked');
    });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await user.click(screen.getByRole('button', { name: 'Compartir en Facebook' }));
    expect(log).toHaveBeenCalled();
    open.mockRestore();
    log.mockRestore();
  });

  it('says the post does not exist for an unknown slug, above the list', () => {
    renderBlog('/blog/no-existe');
    expect(screen.getByRole('heading', { level: 1, name: 'Esta publicación no existe' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Destacados' })).toBeInTheDocument();
  });

  it('follows the interface language', async () => {
    await act(() => i18n.changeLanguage('en'));
    renderBlog('/blog/comunicacion-efectiva-coparentalidad');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Effective communication in co-parenting');
    expect(screen.getByText('The Nido team')).toBeInTheDocument();
    expect(screen.getByText('March 18, 2025')).toBeInTheDocument();
  });
});
