import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/render';
import { Composer } from './Composer';

const toneAsked: string[] = [];
const sent: unknown[] = [];

beforeEach(() => {
  toneAsked.length = 0;
  sent.length = 0;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const request = input as Request;
    const path = new URL(request.url).pathname;
    if (path === '/api/mensajes/tono') {
      const { texto } = (await request.json()) as { texto: string };
      toneAsked.push(texto);
      const at = texto.indexOf('inútil');
    const nunca = texto.indexOf('nunca');
    const absoluto = nunca >= 0 ? [{ inicio: Array.from(texto.slice(0, nunca)).length, fin: Array.from(texto.slice(0, nunca)).length + 5, categoria: 'absoluto', sugerencia: 'Habla de una ocasión', reemplazo: 'últimamente no' }] : [];
      const fragmentos =
        at >= 0 ? [{ inicio: Array.from(texto.slice(0, at)).length, fin: Array.from(texto.slice(0, at)).length + 6, categoria: 'insulto', sugerencia: 'Deja fuera la descripción', reemplazo: '' }] : [];
      return jsonResponse(200, { success: true, data: { nivel: fragmentos.length ? 'hostil' : 'ok', fragmentos: [...fragmentos, ...absoluto] } });
    }
    if (path === '/api/conversaciones/c1/mensajes' && request.method === 'POST') {
      const body = (await request.json()) as { tipo: string; texto: string };
      if (body.tipo === 'emergencia') return jsonResponse(429, { success: false, code: 'emergency_limit', msg: 'Ya enviaste 3 emergencias en 24 horas.' });
      if (body.texto.startsWith('Otro más')) {
        return new Response(JSON.stringify({ success: false, code: 'message_rate_limit', msg: 'Estás enviando muchos mensajes seguidos. Espera un momento y vuelve a enviarlo.' }), {
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '42' },
        });
      }
      sent.push(body);
      return jsonResponse(201, { success: true, data: { _id: 'm9' } });
    }
    return jsonResponse(404, { success: false });
  });
});

afterEach(() => vi.restoreAllMocks());

function renderComposer() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onSent = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <Composer conversationId="c1" replyTo={null} onCancelReply={() => undefined} onSent={onSent} />
    </QueryClientProvider>,
  );
  return { onSent };
}

describe('Composer', () => {
  it('highlights a hurtful phrase after a pause, explains it, and swaps in the calmer wording only on request', async () => {
    const user = userEvent.setup();
    renderComposer();
    const box = screen.getByLabelText('Mensaje');
    await user.type(box, '😡 sos un inútil');
    await waitFor(() => expect(screen.getByTestId('tone-mark')).toHaveTextContent('inútil'));
    // Asked once for the finished draft, not once per keystroke.
    expect(toneAsked.at(-1)).toBe('😡 sos un inútil');
    expect(toneAsked.length).toBeLessThan(4);
    expect(screen.getByTestId('tone-help')).toHaveTextContent('Insulto');
    expect(screen.getByTestId('tone-help')).toHaveTextContent('Deja fuera la descripción');
    expect(box).toHaveValue('😡 sos un inútil');

    await user.click(screen.getByRole('button', { name: 'Quitar esta frase' }));
    expect(box).toHaveValue('😡 sos un');
  });

  it('offers the calmer wording of a fragment and puts it in place of exactly that fragment', async () => {
    const user = userEvent.setup();
    renderComposer();
    const box = screen.getByLabelText('Mensaje');
    await user.type(box, '🙂 Mañana: nunca llegás');
    const use = await screen.findByRole('button', { name: 'Usar: «últimamente no»' });
    expect(screen.getByTestId('tone-help')).toHaveTextContent('Habla de una ocasión');
    await user.click(use);
    expect(box).toHaveValue('🙂 Mañana: últimamente no llegás');
    // Nothing is sent by taking a wording: only the draft changed.
    expect(sent).toEqual([]);
  });

  it('sends whatever the tone, and clears the draft after', async () => {
    const user = userEvent.setup();
    const { onSent } = renderComposer();
    await user.type(screen.getByLabelText('Mensaje'), 'sos un inútil');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(sent).toEqual([{ texto: 'sos un inútil', tipo: 'normal' }]);
    expect(screen.getByLabelText('Mensaje')).toHaveValue('');
  });

  it('keeps the draft and its type with the server\'s message when the message limit is reached', async () => {
    const user = userEvent.setup();
    const { onSent } = renderComposer();
    await user.type(screen.getByLabelText('Mensaje'), 'Otro más: el jueves a las 18');
    await user.selectOptions(screen.getByLabelText('Tipo de mensaje'), 'urgente');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Estás enviando muchos mensajes seguidos. Espera un momento y vuelve a enviarlo.')).toBeInTheDocument();
    expect(screen.getByLabelText('Mensaje')).toHaveValue('Otro más: el jueves a las 18');
    expect(screen.getByLabelText('Tipo de mensaje')).toHaveValue('urgente');
    expect(onSent).not.toHaveBeenCalled();
    expect(sent).toEqual([]);
  });

  it('asks before an emergency and keeps the draft with the server\'s message when the limit is reached', async () => {
    const user = userEvent.setup();
    renderComposer();
    await user.type(screen.getByLabelText('Mensaje'), 'Leo está con fiebre alta');
    await user.selectOptions(screen.getByLabelText('Tipo de mensaje'), 'emergencia');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('como máximo 3 en 24 horas');
    await user.click(screen.getByRole('button', { name: 'Enviar emergencia' }));
    expect(await screen.findByText('Ya enviaste 3 emergencias en 24 horas.')).toBeInTheDocument();
    expect(screen.getByLabelText('Mensaje')).toHaveValue('Leo está con fiebre alta');
  });
});
