import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { jsonResponse } from '../../test/render';
import type { Child } from './api';
import { ChildItemDialog } from './ChildItemDialog';

const tomas: Child = {
  _id: 'h1',
  familiaId: 'f1',
  nombre: 'Tomás',
  apellido: 'Gómez',
  fechaNacimiento: '2019-05-06',
  genero: 'masculino',
  informacionEscolar: { horarioEscolar: {} },
  informacionMedica: { doctorPrimario: {}, alergias: [], medicamentos: [], condicionesEspeciales: [] },
  actividades: [{ id: 'a1', nombre: 'Natación', lugar: 'Club Náutico', diasSemana: ['martes', 'jueves'], horaInicio: '17:30', horaFin: '18:30' }],
  turnosMedicos: [{ _id: 't1', tipoConsulta: 'Pediatra', estado: 'programado', fechaHora: '2026-12-03T13:00:00Z', medico: { nombre: 'Dra. Pérez' } }],
  contactosEmergencia: [],
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

const sent: { method: string; path: string; body: unknown }[] = [];

beforeEach(async () => {
  await i18n.changeLanguage('es');
  sent.length = 0;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const request = input as Request;
    sent.push({ method: request.method, path: new URL(request.url).pathname, body: await request.json() });
    return jsonResponse(200, { success: true, data: tomas });
  });
});

afterEach(() => vi.restoreAllMocks());

function open(origin: Parameters<typeof ChildItemDialog>[0]['origin'], canEdit: boolean) {
  const onClose = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const calendar = client.getQueryCache().build(client, { queryKey: ['calendar', 'f1', 'events', 'a', 'b'] });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ChildItemDialog origin={origin} children={[tomas]} canEdit={canEdit} onClose={onClose} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { onClose, calendar };
}

describe("a child's activity or appointment opened from the calendar", () => {
  it("is the record's own form: a change saves the activity itself and refreshes the calendar", async () => {
    const { onClose, calendar } = open({ tipo: 'actividad', hijoId: 'h1', id: 'a1' }, true);
    expect(screen.getByRole('dialog', { name: 'Actividad de Tomás' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abrir la ficha de Tomás' })).toHaveAttribute('href', '/children/h1?tab=actividades');
    const name = screen.getByLabelText('Actividad');
    expect(name).toHaveValue('Natación');
    await userEvent.clear(name);
    await userEvent.type(name, 'Natación avanzada');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([
      {
        method: 'PUT',
        path: '/api/hijos/h1/actividades/a1',
        body: expect.objectContaining({ nombre: 'Natación avanzada', diasSemana: ['martes', 'jueves'], horaInicio: '17:30', horaFin: '18:30' }),
      },
    ]);
    expect(calendar.state.isInvalidated).toBe(true);
  });

  it('opens an appointment in its own form, in English too', async () => {
    await i18n.changeLanguage('en');
    open({ tipo: 'turno', hijoId: 'h1', id: 't1' }, true);
    expect(screen.getByRole('dialog', { name: "Tomás's medical appointment" })).toBeInTheDocument();
    expect(screen.getByLabelText('Type of visit')).toHaveValue('Pediatra');
    expect(screen.getByRole('link', { name: "Open Tomás's record" })).toHaveAttribute('href', '/children/h1?tab=medico');
  });

  it('lets a viewer read where it lives, without a form', () => {
    open({ tipo: 'actividad', hijoId: 'h1', id: 'a1' }, false);
    expect(screen.getByText('Solo un co-padre o co-madre puede cambiarlo.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Guardar' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abrir la ficha de Tomás' })).toBeInTheDocument();
  });

  it('says so when the item has just been removed from the record', () => {
    open({ tipo: 'turno', hijoId: 'h1', id: 'gone' }, true);
    expect(screen.getByText(/Ya no está en la ficha/)).toBeInTheDocument();
  });
});
