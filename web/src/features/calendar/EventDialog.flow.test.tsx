import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/render';
import { EventDialog } from './EventDialog';
import type { Occurrence } from './types';

const sent: { method: string; path: string; query: string; body: unknown }[] = [];

beforeEach(() => {
  sent.length = 0;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const request = input as Request;
    const url = new URL(request.url);
    if (request.method === 'GET' && url.pathname === '/api/eventos/e1') {
      return jsonResponse(200, {
        success: true,
        data: { _id: 'e1', inicio: '2030-03-04T17:30:00', fin: '2030-03-04T18:30:00', todoElDia: false, zonaHoraria: 'Europe/Madrid', recurrencia: 'FREQ=WEEKLY;BYDAY=MO', excepciones: ['2030-03-11T17:30:00'], fechasExtra: [] },
      });
    }
    sent.push({ method: request.method, path: url.pathname, query: url.search, body: request.method === 'PUT' ? await request.json() : undefined });
    return jsonResponse(200, { success: true, data: {} });
  });
});

afterEach(() => vi.restoreAllMocks());

const occurrence = (start: string, local: string): Occurrence => ({
  eventoId: 'e1',
  ocurrencia: local,
  inicio: start,
  fin: start.replace('17:30', '18:30'),
  familiaId: 'f1',
  autorId: 'ana',
  titulo: 'Natación',
  tipo: 'actividad',
  categoria: 'actividades',
  todoElDia: false,
  zonaHoraria: 'Europe/Madrid',
  limitado: false,
  recurrencia: 'FREQ=WEEKLY;BYDAY=MO',
  hijos: [],
  lugar: null,
  notas: null,
  privado: false,
  recordatorios: [60],
});

function renderDialog(o: Occurrence) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <EventDialog familiaId="f1" zone="Europe/Madrid" childOptions={[]} occurrence={o} initial={{ date: '2030-03-18' }} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { onClose };
}

describe('editing an occurrence of a series', () => {
  it('asks which occurrences, and changes this and the following ones from that start', async () => {
    const { onClose } = renderDialog(occurrence('2030-03-18T17:30:00+01:00', '2030-03-18T17:30:00'));
    const title = screen.getByLabelText('Título');
    await userEvent.clear(title);
    await userEvent.type(title, 'Natación (piscina nueva)');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Guardar' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await userEvent.click(await screen.findByRole('radio', { name: 'Este y los siguientes' }));
    await userEvent.click(screen.getAllByRole('button', { name: 'Guardar' }).at(-1)!);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [put] = sent;
    expect(put).toMatchObject({ method: 'PUT', path: '/api/eventos/e1', query: '?ocurrencia=2030-03-18T17%3A30%3A00&alcance=siguientes' });
    expect(put!.body).toMatchObject({
      titulo: 'Natación (piscina nueva)',
      inicio: '2030-03-18T17:30:00',
      fin: '2030-03-18T18:30:00',
      recurrencia: 'FREQ=WEEKLY;BYDAY=MO',
      excepciones: ['2030-03-11T17:30:00'],
    });
  });

  it('changes the whole series from its first start', async () => {
    renderDialog(occurrence('2030-03-18T17:30:00+01:00', '2030-03-18T17:30:00'));
    const start = screen.getByLabelText('Hora de inicio');
    await userEvent.clear(start);
    await userEvent.type(start, '18:00');
    await userEvent.tab();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Guardar' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await userEvent.click(await screen.findByRole('radio', { name: 'Toda la serie' }));
    await userEvent.click(screen.getAllByRole('button', { name: 'Guardar' }).at(-1)!);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ query: '', body: { inicio: '2030-03-04T18:00:00', fin: '2030-03-04T18:30:00' } });
  });

  it('keeps a started occurrence locked but for its notes', async () => {
    renderDialog(occurrence('2020-03-16T17:30:00+01:00', '2020-03-16T17:30:00'));
    expect(screen.getByText('Este evento ya empezó: solo puedes cambiar sus notas.')).toBeInTheDocument();
    expect(screen.getByLabelText('Título')).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Notas'), 'Llegó tarde');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Guardar notas' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Guardar notas' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ query: '?ocurrencia=2020-03-16T17%3A30%3A00&alcance=una', body: { notas: 'Llegó tarde', titulo: 'Natación' } });
    expect(screen.queryByRole('button', { name: 'Borrar' })).toBeNull();
  });
});
