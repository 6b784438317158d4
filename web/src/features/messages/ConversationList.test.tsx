import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../../api/client';
import i18n from '../../i18n';
import { jsonResponse, renderRoutes } from '../../test/render';
import { ConversationListView } from './ConversationList';
import { aMessage, ana, bruno } from './fixtures';
import type { Conversation, Message } from './types';


const last = aMessage;

const conversation = (id: string, asunto: string, message: Message): Conversation => ({
  _id: id,
  familiaId: 'f1',
  tema: 'escuela',
  asunto,
  creadaPor: 'ana',
  creadaAt: '2026-11-20T10:00:00Z',
  actualizadaAt: message.enviadoAt,
  participantes: [
    { ...ana, foto: null },
    { ...bruno, foto: null },
  ],
  ultimoMensaje: message,
  noLeidos: 1,
});

beforeEach(() => {
  window.localStorage.setItem(TOKEN_KEY, 'token');
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const path = new URL((input as Request).url).pathname;
    if (path === '/api/usuarios/perfil') return jsonResponse(200, { success: true, ...ana, email: 'ana@example.org', language: 'es' });
    return jsonResponse(404, { success: false });
  });
});

afterEach(async () => {
  vi.restoreAllMocks();
  window.localStorage.clear();
  await i18n.changeLanguage('es');
});

function renderList() {
  const conversations = [
    conversation('c1', 'Excursión', last({ _id: 'm1', texto: '', tono: 'hostil', plegado: true })),
    conversation('c2', 'Turno', last({ _id: 'm2', conversacionId: 'c2', texto: 'El turno es el jueves' })),
  ];
  renderRoutes([{ path: '/messages', element: <ConversationListView conversations={conversations} selectedId={undefined} /> }], '/messages');
}

describe('the conversation list', () => {
  it('says a folded last message is folded, in the preview, and shows the others', async () => {
    renderList();
    const folded = await screen.findByRole('link', { name: /Excursión/ });
    expect(within(folded).getByText('Bruno: Este mensaje puede resultar hiriente')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Turno/ })).toHaveTextContent('Bruno: El turno es el jueves');
  });

  it('says it in English', async () => {
    await i18n.changeLanguage('en');
    renderList();
    const folded = await screen.findByRole('link', { name: /Excursión/ });
    expect(within(folded).getByText('Bruno: This message may be hurtful')).toBeInTheDocument();
  });
});
