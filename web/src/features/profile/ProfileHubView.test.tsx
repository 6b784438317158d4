import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import i18n from '../../i18n';
import { ProfileHubView } from './ProfilePage';

const user = { nombre: 'Lucía', apellido: 'Pereyra', email: 'lucia@example.org', foto: null };

const view = (props: Partial<Parameters<typeof ProfileHubView>[0]> = {}) =>
  render(
    <MemoryRouter>
      <ProfileHubView
        user={user}
        summary={{ hijos: 2, coparents: 1, mensajes: 0, documentos: 0 }}
        summaryFailed={false}
        version="1.2.3"
        onLogout={() => Promise.resolve()}
        {...props}
      />
    </MemoryRouter>,
  );

const counter = (label: string) => within(screen.getByText(label, { selector: 'dt' }).parentElement as HTMLElement).getByRole('definition');

describe('ProfileHubView', () => {
  beforeEach(() => i18n.changeLanguage('es'));

  it('shows who is signed in, the initial for a missing photo, and the version', () => {
    view();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Lucía Pereyra');
    expect(screen.getByText('lucia@example.org')).toBeInTheDocument();
    expect(screen.getByText('L')).toBeInTheDocument();
    expect(screen.getByText('Nido versión 1.2.3')).toBeInTheDocument();
  });

  it('shows the four counters the server gave', () => {
    view({ summary: { hijos: 3, coparents: 2, mensajes: 0, documentos: 7 } });
    expect(counter('Hijos')).toHaveTextContent('3');
    expect(counter('Co-padres')).toHaveTextContent('2');
    expect(counter('Mensajes')).toHaveTextContent('0');
    expect(counter('Documentos')).toHaveTextContent('7');
  });

  it('shows no made-up numbers while loading, and says so when they failed', () => {
    view({ summary: undefined });
    expect(counter('Hijos')).toHaveTextContent('–');
    expect(screen.queryByText(/No pudimos cargar tus números/)).not.toBeInTheDocument();
    view({ summary: undefined, summaryFailed: true });
    expect(screen.getByText(/No pudimos cargar tus números/)).toBeInTheDocument();
  });

  it('leads to the ten profile pages, all of them built', () => {
    view();
    const menu = screen.getByRole('navigation', { name: 'Opciones de tu cuenta' });
    const links = within(menu).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/profile/edit',
      '/profile/coparents',
      '/profile/documents',
      '/profile/reports',
      '/profile/suggestions',
      '/profile/notifications',
      '/profile/privacy',
      '/profile/blocked',
      '/profile/help',
      '/profile/about',
    ]);
    expect(within(menu).getByRole('link', { name: /Privacidad/ })).not.toHaveTextContent('Próximamente');
    expect(within(menu).getByRole('link', { name: /Editar perfil/ })).not.toHaveTextContent('Próximamente');
    expect(within(menu).getByRole('link', { name: /Co-padres/ })).not.toHaveTextContent('Próximamente');
    expect(within(menu).getByRole('link', { name: /Usuarios bloqueados/ })).not.toHaveTextContent('Próximamente');
    expect(within(menu).getByRole('link', { name: /Notificaciones/ })).not.toHaveTextContent('Próximamente');
    expect(within(menu).getByRole('link', { name: /Reportes/ })).not.toHaveTextContent('Próximamente');
    expect(within(menu).queryAllByText('Próximamente')).toHaveLength(0);
  });

  it('asks before signing out, and signs out only on confirmation', async () => {
    const onLogout = vi.fn(() => Promise.resolve());
    view({ onLogout });
    await userEvent.click(screen.getByRole('button', { name: /Cerrar sesión/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('¿Seguro que quieres cerrar sesión?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(onLogout).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: /Cerrar sesión/ }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sí, cerrar sesión' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en');
    view();
    expect(counter('Children')).toHaveTextContent('2');
    expect(screen.getAllByRole('link', { name: /Edit profile/ })).toHaveLength(2);
    expect(screen.getByRole('button', { name: /Sign out/ })).toBeInTheDocument();
  });
});
