import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import type { Family } from '../../api/families';
import { renderRoutes } from '../../test/render';
import { ConversationPane, type ConversationPaneProps } from './ConversationList';
import type { Conversation } from './types';

const ana = { _id: 'ana', nombre: 'Ana', apellido: 'García' };

const conversation: Conversation = {
  _id: 'c1',
  familiaId: 'f1',
  tema: 'escuela',
  asunto: 'Reunión de padres',
  creadaPor: 'ana',
  creadaAt: '2026-11-20T10:00:00Z',
  actualizadaAt: '2026-11-20T10:00:00Z',
  participantes: [{ ...ana, foto: null }],
  ultimoMensaje: null,
  noLeidos: 0,
};

const family = (id: string, nombre: string): Family => ({ _id: id, nombre, hijos: 1, miPermiso: 'coparent', miembros: [], soyAdmin: true, zonaHoraria: 'America/Argentina/Buenos_Aires' });

function props(change: Partial<ConversationPaneProps> = {}): ConversationPaneProps {
  return {
    selectedId: undefined,
    families: [family('f1', 'Casa de Ana'), family('f2', 'Familia de Diego')],
    familyId: null,
    onFamily: vi.fn(),
    topic: null,
    onTopic: vi.fn(),
    onNew: vi.fn(),
    shield: <p>shield</p>,
    list: { conversations: [conversation], pending: false, error: null, onRetry: vi.fn(), hasMore: false, loadingMore: false, onMore: vi.fn() },
    dialog: null,
    ...change,
  };
}

afterEach(async () => {
  await i18n.changeLanguage('es');
});

describe('ConversationPane', () => {
  it.each([
    ['es', 'Mensajes', 'Nueva', 'Médico', 'Familia'],
    ['en', 'Messages', 'New', 'Medical', 'Family'],
  ] as const)('draws the filters and the conversations from plain data (%s)', async (language, title, newOne, medical, familyLabel) => {
    await i18n.changeLanguage(language);
    const view = props();
    renderRoutes([{ path: '/messages', element: <ConversationPane {...view} /> }], '/messages');
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByText('Reunión de padres')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: familyLabel })).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: medical }));
    expect(view.onTopic).toHaveBeenCalledWith('medico');
    await userEvent.click(screen.getByRole('button', { name: newOne }));
    expect(view.onNew).toHaveBeenCalled();
  });

  it('offers a retry after an error', async () => {
    const onRetry = vi.fn();
    renderRoutes(
      [{ path: '/messages', element: <ConversationPane {...props({ topic: 'medico', list: { conversations: [], pending: false, error: 'Sin conexión', onRetry, hasMore: false, loadingMore: false, onMore: vi.fn() } })} /> }],
      '/messages',
    );
    expect(await screen.findByText('Sin conexión')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(onRetry).toHaveBeenCalled();
  });

  it('says when a filter leaves nothing', async () => {
    renderRoutes(
      [{ path: '/messages', element: <ConversationPane {...props({ topic: 'medico', list: { conversations: [], pending: false, error: null, onRetry: vi.fn(), hasMore: false, loadingMore: false, onMore: vi.fn() } })} /> }],
      '/messages',
    );
    expect(await screen.findByText('No hay conversaciones con este filtro.')).toBeInTheDocument();
  });
});
