import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import type { Family } from '../../api/families';
import { CalendarView, type CalendarViewProps } from './CalendarView';
import { todayIn } from './display';
import type { Parent } from './parents';
import type { Swap } from './types';

const parents: Parent[] = [
  { usuarioId: 'ana', name: 'Ana García', colourClass: 'nido-parent-0', colour: '#2f6f62', nightColour: '#d5e9e2', yo: true },
  { usuarioId: 'bruno', name: 'Bruno Pérez', colourClass: 'nido-parent-1', colour: '#9a4d0b', nightColour: '#fbe3c6', yo: false },
];

const family = (id: string, nombre: string): Family => ({ _id: id, nombre, hijos: 1, miPermiso: 'coparent', miembros: [], soyAdmin: true, zonaHoraria: 'Europe/Madrid' });

const answered: Swap = {
  _id: 's1',
  familiaId: 'f1',
  solicitanteId: 'bruno',
  destinatarioId: 'ana',
  noches: ['2026-12-05'],
  devolucion: [],
  motivo: 'Cumpleaños de la abuela',
  responderAntesDe: '2026-12-01T12:00:00Z',
  estado: 'aceptado',
  porResponder: false,
  createdAt: '2026-11-20T10:00:00Z',
  respondidoAt: '2026-11-21T09:00:00Z',
};

function props(change: Partial<CalendarViewProps> = {}): CalendarViewProps {
  return {
    families: [family('f1', 'Casa de Ana'), family('f2', 'Familia de Bruno')],
    familiaId: 'f1',
    onFamily: vi.fn(),
    zone: 'Europe/Madrid',
    me: 'ana',
    parents,
    canEdit: true,
    canSwap: true,
    hasSchedule: true,
    scheduleLoading: false,
    loadFailed: false,
    limited: [],
    swaps: [answered],
    view: 'month',
    onViewChange: vi.fn(),
    items: [],
    holderOn: new Map(),
    onRangeChange: vi.fn(),
    onPick: vi.fn(),
    onEventPick: vi.fn(),
    onNewEvent: vi.fn(),
    onCustody: vi.fn(),
    onPeriod: vi.fn(),
    onSwap: vi.fn(),
    onHandover: vi.fn(),
    requests: <p>swap requests</p>,
    holidays: <p>holiday periods</p>,
    share: <p>share of nights</p>,
    feed: <p>calendar feed</p>,
    dialogs: null,
    ...change,
  };
}

afterEach(async () => {
  // Unmounted first, so the switch back reaches no rendered component.
  cleanup();
  await i18n.changeLanguage('es');
});

describe('CalendarView', () => {
  it.each([
    ['es', 'Calendario', 'Colores de cada progenitor', 'Noches con Bruno Pérez', 'Nuevo evento', 'Familia', 'Historial de cambios (1)'],
    ['en', 'Calendar', "Each parent's colour", 'Nights with Bruno Pérez', 'New event', 'Family', 'Swap history (1)'],
  ] as const)('draws the header, the legend, the panels and the history from plain data (%s)', async (language, title, legend, nights, newEvent, familyLabel, history) => {
    await i18n.changeLanguage(language);
    const view = props();
    render(<CalendarView {...view} />);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: legend })).getByText(nights)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: familyLabel })).toHaveValue('f1');
    expect(screen.getByRole('button', { name: history })).toBeInTheDocument();
    for (const part of ['swap requests', 'holiday periods', 'share of nights', 'calendar feed']) expect(screen.getByText(part)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: newEvent }));
    expect(view.onNewEvent).toHaveBeenCalled();
  });

  it('puts the events it is given on the grid', async () => {
    const today = todayIn('Europe/Madrid');
    render(<CalendarView {...props({ items: [{ id: 'e1|today', title: 'Reunión de padres', start: `${today}T18:00:00`, allDay: false }] })} />);
    expect(await within(screen.getByTestId('calendar')).findByText('Reunión de padres')).toBeInTheDocument();
  });

  it('tells a viewer what is missing and offers no buttons, and leaves out what needs a schedule', () => {
    render(<CalendarView {...props({ canEdit: false, canSwap: false, hasSchedule: false, loadFailed: true, limited: ['Natación'] })} />);
    expect(screen.getByText(/Puedes ver el calendario de la familia/)).toBeInTheDocument();
    expect(screen.getByText(/Cuando los co-padres lo configuren/)).toBeInTheDocument();
    expect(screen.getByText('No pudimos cargar el calendario.')).toBeInTheDocument();
    expect(screen.getByText(/^Natación: hay más ocurrencias/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nuevo evento' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Colores de cada progenitor' })).not.toBeInTheDocument();
    expect(screen.queryByText('holiday periods')).not.toBeInTheDocument();
    expect(screen.queryByText('share of nights')).not.toBeInTheDocument();
  });
});
