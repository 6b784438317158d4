import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { jsonResponse } from '../../test/render';
import type { Holders } from './holidayPeriods';
import type { Parent } from './parents';
import { PeriodDialog } from './PeriodDialog';

interface Sent {
  method: string;
  path: string;
  query: string;
  language: string | null;
  body: unknown;
}
const sent: Sent[] = [];
/** What the next POST of a period answers. */
let answer: () => Response;

beforeEach(() => {
  sent.length = 0;
  answer = () => jsonResponse(201, { success: true, data: {} });
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const request = input as Request;
    const url = new URL(request.url);
    sent.push({
      method: request.method,
      path: url.pathname,
      query: url.search,
      language: request.headers.get('Accept-Language'),
      body: request.method === 'POST' ? await request.json() : undefined,
    });
    if (url.pathname.endsWith('/feriados')) {
      const ar = url.searchParams.get('pais') === 'AR';
      return jsonResponse(200, {
        success: true,
        data: ar
          ? [
              { fecha: '2026-05-25', nombre: 'Día de la Revolución de Mayo' },
              { fecha: '2026-07-09', nombre: 'Día de la Independencia [Independence Day]' },
            ]
          : [{ fecha: '2026-10-12', nombre: 'Fiesta Nacional de España' }],
      });
    }
    return answer();
  });
});

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await i18n.changeLanguage('es');
});

const parents: Parent[] = [
  { usuarioId: 'ana', name: 'Ana García', colourClass: 'nido-parent-0', colour: '#000', nightColour: '#fff', yo: true },
  { usuarioId: 'bruno', name: 'Bruno García', colourClass: 'nido-parent-1', colour: '#000', nightColour: '#fff', yo: false },
];
const holders: Holders = {
  nameOf: (id) => parents.find((p) => p.usuarioId === id)?.name ?? '?',
  otherOf: (id) => (id === 'ana' ? 'bruno' : 'ana'),
};

function renderDialog(zone = 'America/Argentina/Buenos_Aires') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <PeriodDialog familiaId="f1" parents={parents} holders={holders} zone={zone} today="2026-11-24" onClose={onClose} />
    </QueryClientProvider>,
  );
  return { onClose };
}

const posts = () => sent.filter((s) => s.method === 'POST');

async function typeDate(label: string, text: string) {
  const field = screen.getByLabelText(label);
  await userEvent.clear(field);
  await userEvent.type(field, text);
  await userEvent.tab();
}

describe('adding a holiday period', () => {
  it('names what is missing or wrong in the form, and sends nothing', async () => {
    renderDialog();
    await typeDate('Última noche', '20/11/2026');
    await userEvent.click(screen.getByRole('radio', { name: /Alternar por años/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar período' }));
    expect(await screen.findByText('Escribe un nombre de hasta 100 caracteres.')).toBeInTheDocument();
    expect(screen.getByLabelText('Nombre')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(/Alternar por años solo sirve si se repite cada año/)).toBeInTheDocument();
    expect(screen.getByText('La última noche no puede ser antes de la primera.')).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });

  it('says the rule in words as it is chosen, and sends the period', async () => {
    const { onClose } = renderDialog();
    await userEvent.type(screen.getByLabelText('Nombre'), 'Nochebuena');
    await typeDate('Primera noche', '24/12/2026');
    await userEvent.click(screen.getByLabelText(/Se repite cada año/));
    await userEvent.click(screen.getByRole('radio', { name: /Alternar por años/ }));
    await userEvent.selectOptions(screen.getByLabelText('Con quién en los años pares'), 'Ana García');
    expect(screen.getByTestId('period-preview')).toHaveTextContent('Así queda: Ana García en los años pares, Bruno García en los impares.');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar período' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts()).toEqual([
      expect.objectContaining({
        path: '/api/familias/f1/custodia/periodos',
        body: { nombre: 'Nochebuena', desde: '2026-12-24', hasta: '2026-12-24', modo: 'alterna', usuarioId: 'ana', anual: true },
      }),
    ]);
  });

  it('shows the server’s refusal on its field, in the language of the page', async () => {
    await act(() => i18n.changeLanguage('en'));
    answer = () => jsonResponse(422, { success: false, code: 'validation', msg: 'Check the fields.', errors: { usuarioId: 'Choose a co-parent of the family.' } });
    const { onClose } = renderDialog();
    await userEvent.type(screen.getByLabelText('Name'), 'Winter holidays');
    await typeDate('First night', '07/13/2026');
    await typeDate('Last night', '07/24/2026');
    await userEvent.click(screen.getByRole('radio', { name: /Split in halves/ }));
    expect(screen.getByTestId('period-preview')).toHaveTextContent('In short: Split in halves: the first with Ana García, the second with Bruno García.');
    await userEvent.click(screen.getByRole('button', { name: 'Save period' }));
    expect(await screen.findByText('Choose a co-parent of the family.')).toBeInTheDocument();
    expect(screen.getByLabelText('Who has the first half')).toHaveAttribute('aria-invalid', 'true');
    expect(posts()[0]?.language).toBe('en');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('fills the form from a national holiday, marked as a suggestion, for the family’s country', async () => {
    renderDialog('Europe/Madrid');
    const toggle = screen.getByRole('button', { name: 'Sugerencias: feriados nacionales' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(screen.getByText(/Son solo sugerencias/)).toBeInTheDocument();
    expect(screen.getByLabelText('País')).toHaveValue('ES');
    await userEvent.selectOptions(screen.getByLabelText('País'), 'AR');
    const list = await screen.findByRole('list', { name: 'Feriados nacionales de 2026' });
    expect(sent.find((s) => s.path.endsWith('/feriados') && s.query.includes('pais=AR'))?.query).toContain('anio=2026');
    // The data's English name in brackets is left out of a Spanish page.
    expect(within(list).queryByText(/Independence Day/)).toBeNull();
    await userEvent.click(within(list).getByRole('button', { name: /Día de la Independencia/ }));
    expect(screen.getByRole('status')).toHaveTextContent('Rellenamos el formulario con «Día de la Independencia»');
    expect(screen.getByLabelText('Nombre')).toHaveValue('Día de la Independencia');
    expect(screen.getByLabelText('Primera noche')).toHaveValue('09/07/2026');
    expect(screen.getByLabelText('Última noche')).toHaveValue('09/07/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar período' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.body).toMatchObject({ nombre: 'Día de la Independencia', desde: '2026-07-09', hasta: '2026-07-09', modo: 'progenitor', usuarioId: 'ana', anual: false });
  });
});
