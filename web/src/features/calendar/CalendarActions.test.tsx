import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18n from '../../i18n';
import { jsonResponse } from '../../test/render';
import { CalendarActions } from './CalendarActions';
import { EventDialog } from './EventDialog';
import type { Occurrence } from './types';

const noop = () => {};
const actions = (props: { canEdit: boolean; canSwap: boolean; hasSchedule: boolean }) =>
  render(<CalendarActions {...props} onNewEvent={noop} onCustody={noop} onPeriod={noop} onSwap={noop} onHandover={noop} />);
const shown = () => screen.queryAllByRole('button').map((b) => b.textContent);

describe("the calendar's buttons", () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });

  it('are none for a viewer: she reads the calendar', () => {
    actions({ canEdit: false, canSwap: false, hasSchedule: true });
    expect(shown()).toEqual([]);
  });

  it('ask for a swap only for the schedule’s two parents', () => {
    const { unmount } = actions({ canEdit: true, canSwap: false, hasSchedule: true });
    expect(shown()).toEqual(['Nuevo evento', 'Cambiar custodia', 'Vacaciones', 'Registrar entrega']);
    unmount();
    actions({ canEdit: true, canSwap: true, hasSchedule: true });
    expect(shown()).toEqual(['Nuevo evento', 'Cambiar custodia', 'Vacaciones', 'Pedir un cambio', 'Registrar entrega']);
  });

  it('offer to set up custody before there is a schedule', () => {
    actions({ canEdit: true, canSwap: false, hasSchedule: false });
    expect(shown()).toEqual(['Nuevo evento', 'Configurar custodia']);
  });
});

describe('an event a viewer opens', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows everything and offers nothing to change', async () => {
    await i18n.changeLanguage('es');
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      jsonResponse(200, { success: true, data: { _id: 'e1', inicio: '2030-03-04T17:30:00', fin: '2030-03-04T18:30:00', todoElDia: false, zonaHoraria: 'Europe/Madrid', recurrencia: null, excepciones: [], fechasExtra: [] } }),
    );
    const occurrence: Occurrence = {
      eventoId: 'e1',
      ocurrencia: '2030-03-04T17:30:00',
      inicio: '2030-03-04T16:30:00Z',
      fin: '2030-03-04T17:30:00Z',
      familiaId: 'f1',
      autorId: 'ana',
      titulo: 'Natación',
      limitado: false,
      tipo: 'actividad',
      categoria: 'actividades',
      todoElDia: false,
      zonaHoraria: 'Europe/Madrid',
      recurrencia: null,
      hijos: [],
      lugar: 'Club Náutico',
      notas: 'Llevar gorra',
      privado: false,
      recordatorios: [60],
    };
    const onClose = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <EventDialog familiaId="f1" zone="Europe/Madrid" childOptions={[]} occurrence={occurrence} readOnly initial={{ date: '2030-03-04' }} onClose={onClose} />
      </QueryClientProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Evento' });
    expect(dialog).toHaveTextContent('Los co-padres cambian los eventos; tú puedes verlos.');
    expect(screen.getByLabelText('Título')).toHaveValue('Natación');
    expect(screen.getByLabelText('Título')).toBeDisabled();
    expect(screen.getByLabelText('Lugar')).toHaveValue('Club Náutico');
    expect(screen.getByLabelText('Notas')).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Guardar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Guardar notas' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Eliminar/ })).not.toBeInTheDocument();
    // The dialog's own close, and the one at the bottom where Save would be.
    await userEvent.click(screen.getAllByRole('button', { name: 'Cerrar' }).at(-1)!);
    expect(onClose).toHaveBeenCalled();
    expect(fetch.mock.calls.every(([request]) => (request as Request).method === 'GET')).toBe(true);
  });
});
