import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { jsonResponse } from '../../test/render';
import type { Child } from './api';
import { expiryFrom, type CardLink } from './cardApi';
import { EmergencyCard } from './EmergencyCard';

const lucia: Child = {
  _id: 'c1',
  familiaId: 'f1',
  nombre: 'Lucía',
  apellido: 'García',
  fechaNacimiento: '2016-04-12',
  genero: 'femenino',
  grupoSanguineo: 'O+',
  informacionEscolar: { horarioEscolar: {} },
  informacionMedica: { doctorPrimario: { nombre: 'Dra. Pérez', telefono: '011 5555-0000' }, alergias: ['maní'], medicamentos: [], condicionesEspeciales: ['asma'] },
  actividades: [],
  turnosMedicos: [],
  contactosEmergencia: [
    { id: 'k2', nombre: 'Abuela Rosa', relacion: 'abuela', telefono: '222', prioridad: 2 },
    { id: 'k1', nombre: 'Tía Marta', relacion: 'tía', telefono: '111', prioridad: 1 },
  ],
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

const live: CardLink = {
  _id: 'l1',
  venceAt: '2026-12-01T12:00:00Z',
  createdAt: '2026-11-24T12:00:00Z',
  creadoPor: { _id: 'ana', nombre: 'Ana' },
  aperturas: [{ at: '2026-11-24T13:00:00Z', navegador: 'Chrome · Android' }],
};

let links: CardLink[] = [];
const calls: { method: string; path: string; body: unknown }[] = [];

beforeEach(async () => {
  await i18n.changeLanguage('es');
  links = [live];
  calls.length = 0;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const request = input as Request;
    const path = new URL(request.url).pathname;
    const body = request.method === 'POST' ? await request.json() : null;
    calls.push({ method: request.method, path, body });
    if (request.method === 'POST')
      return jsonResponse(201, { success: true, data: { ...live, _id: 'l2', url: 'https://nido.example/tarjeta/secreto', aperturas: [] } });
    if (request.method === 'DELETE') {
      links = [];
      return jsonResponse(200, { success: true });
    }
    return jsonResponse(200, { success: true, data: links });
  });
});
afterEach(() => vi.restoreAllMocks());

const show = (canEdit: boolean) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <EmergencyCard child={lucia} canEdit={canEdit} />
    </QueryClientProvider>,
  );

describe('the emergency card section', () => {
  it('previews the card with the contacts in priority order', () => {
    show(false);
    const card = screen.getByTestId('emergency-card');
    expect(card).toHaveTextContent('Lucía García');
    expect(card).toHaveTextContent('O+');
    expect(card).toHaveTextContent('maní');
    expect(card).toHaveTextContent('Dra. Pérez');
    const names = within(card)
      .getAllByRole('listitem')
      .map((li) => li.textContent ?? '')
      .filter((text) => text.includes('·'));
    expect(names[0]).toContain('Tía Marta');
    expect(names[1]).toContain('Abuela Rosa');
    expect(screen.getByRole('button', { name: 'Imprimir tarjeta' })).toBeInTheDocument();
  });

  it('shows the medical notes with their lines, after the allergies', async () => {
    const notes = 'Autoinyector de adrenalina en la mochila.\nLlamar al 107.';
    render(
      <QueryClientProvider client={new QueryClient()}>
        <EmergencyCard child={{ ...lucia, informacionMedica: { ...lucia.informacionMedica, notasMedicas: notes } }} canEdit={false} />
      </QueryClientProvider>,
    );
    const card = screen.getByTestId('emergency-card');
    const shown = within(card).getByText(/Autoinyector de adrenalina/u);
    expect(shown.textContent).toBe(notes);
    expect(shown).toHaveClass('whitespace-pre-line');
    const terms = within(card).getAllByRole('term').map((dt) => dt.textContent);
    expect(terms.slice(0, 3)).toEqual(['Alergias', 'Notas médicas', 'Medicamentos']);
    await act(() => i18n.changeLanguage('en'));
    expect(within(card).getByText('Medical notes')).toBeInTheDocument();
  });

  it('leaves out a notes block with nothing written', () => {
    show(false);
    expect(within(screen.getByTestId('emergency-card')).queryByText('Notas médicas')).not.toBeInTheDocument();
  });

  it('hides the sharing part from viewers and never asks for the links', () => {
    show(false);
    expect(screen.queryByRole('button', { name: 'Crear enlace' })).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('makes a link with the chosen expiry, shows it once, lists openings and revokes after confirming', async () => {
    show(true);
    const user = userEvent.setup();
    expect(await screen.findByText('Abierto 1 vez')).toBeInTheDocument();
    expect(screen.getByText(/Chrome · Android/u)).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Vence en'), '30 días');
    const before = Date.now();
    await user.click(screen.getByRole('button', { name: 'Crear enlace' }));
    expect(await screen.findByDisplayValue('https://nido.example/tarjeta/secreto')).toBeInTheDocument();
    expect(screen.getByText(/no lo volverás a ver/u)).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.path).toBe('/api/hijos/c1/tarjeta');
    const vence = Date.parse((post?.body as { vence: string }).vence);
    expect(vence - before).toBeGreaterThanOrEqual(30 * 24 * 3_600_000 - 1_000);
    expect(vence - before).toBeLessThan(30 * 24 * 3_600_000 + 60_000);

    await user.click(screen.getByRole('button', { name: 'Revocar' }));
    const dialog = await screen.findByRole('dialog');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Revocar' }));
    expect(await screen.findByText('No hay enlaces activos.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/api/hijos/c1/tarjeta/l1');
  });

  it('speaks English too', async () => {
    await i18n.changeLanguage('en');
    show(true);
    expect(screen.getByRole('heading', { name: 'Emergency card' })).toBeInTheDocument();
    expect(await screen.findByText('Opened 1 time')).toBeInTheDocument();
  });
});

describe('expiryFrom', () => {
  it('adds the chosen span to now', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    expect(expiryFrom('day', now)).toBe('2026-11-25T12:00:00.000Z');
    expect(expiryFrom('year', now)).toBe('2027-11-24T12:00:00.000Z');
  });
});
