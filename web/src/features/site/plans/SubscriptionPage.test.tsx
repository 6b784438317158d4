import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import i18n from '../../../i18n';
import SubscriptionPage from './SubscriptionPage';

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/subscription', element: <SubscriptionPage /> },
      { path: '/register', element: <p>registro</p> },
    ],
    { initialEntries: ['/subscription'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('SubscriptionPage', () => {
  beforeEach(async () => {
    await act(() => i18n.changeLanguage('es'));
    vi.useFakeTimers();
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('shows the three plans with their prices, the popular one and the annual saving', () => {
    renderPage();
    const weekly = screen.getByRole('article', { name: 'Semanal' });
    const monthly = screen.getByRole('article', { name: 'Mensual' });
    const annual = screen.getByRole('article', { name: 'Anual' });
    expect(weekly).toHaveTextContent('US$ 0,99');
    expect(monthly).toHaveTextContent('US$ 5,99');
    expect(monthly).toHaveTextContent('El más elegido');
    expect(annual).toHaveTextContent('US$ 39,99');
    expect(annual).toHaveTextContent('Ahorra 33 %');
    expect(screen.getByText('30 días gratis en cualquier plan')).toBeInTheDocument();
  });

  it('processes the chosen plan for exactly one second, then says billing is coming soon', () => {
    const router = renderPage();
    const monthly = screen.getByRole('article', { name: 'Mensual' });
    fireEvent.click(within(monthly).getByRole('button', { name: 'Elegir plan Mensual' }));

    const busy = within(monthly).getByRole('button', { name: 'Procesando… Mensual' });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(busy).toBeDisabled();
    expect(within(screen.getByRole('article', { name: 'Anual' })).getByRole('button')).toBeDisabled();

    act(() => vi.advanceTimersByTime(999));
    expect(screen.queryByRole('heading', { name: 'Los pagos llegan pronto' })).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('heading', { level: 1, name: 'Los pagos llegan pronto' })).toHaveFocus();
    expect(screen.getByText(/Elegiste el plan Mensual/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Crear mi cuenta gratis' })).toHaveAttribute('href', '/register');

    fireEvent.click(screen.getByRole('button', { name: 'Volver a los planes' }));
    expect(within(screen.getByRole('article', { name: 'Mensual' })).getByRole('button')).toBeEnabled();
    expect(router.state.location.pathname).toBe('/subscription');
  });

  it('opens and closes an FAQ answer', () => {
    renderPage();
    const question = screen.getByRole('button', { name: '¿Ya puedo pagar una suscripción?' });
    expect(question).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(question.getAttribute('aria-controls')!)!;
    expect(panel).not.toBeVisible();
    fireEvent.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toBeVisible();
    expect(panel).toHaveTextContent('el sistema de pagos está en preparación');
  });

  it('links the call to action to the home page', () => {
    renderPage();
    expect(screen.getByRole('link', { name: 'Ir a la página principal' })).toHaveAttribute('href', '/');
  });
});
