import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import i18n from '../../i18n';
import { ThreadView, type ThreadViewProps } from './ThreadView';
import { aMessage, ana, bruno } from './fixtures';
import type { Conversation, Message } from './types';


const conversation: Conversation = {
  _id: 'c1',
  familiaId: 'f1',
  tema: 'escuela',
  asunto: 'Excursión',
  creadaPor: 'ana',
  creadaAt: '2026-11-20T10:00:00Z',
  actualizadaAt: '2026-11-24T10:00:00Z',
  participantes: [
    { ...ana, foto: null },
    { ...bruno, foto: null },
  ],
  ultimoMensaje: null,
  noLeidos: 0,
};

const message = (over: Partial<Message>): Message =>
  aMessage({ vistas: [{ usuarioId: 'ana', vistaAt: '2026-11-24T10:05:00Z' }], enviadoAt: '2026-11-24T10:00:00Z', ...over });

const messages = [
  message({ _id: 'm1', numero: 1, texto: '¿Firmaste la autorización?', autor: ana, vistas: [{ usuarioId: 'bruno', vistaAt: null }] }),
  message({ _id: 'm2', numero: 2, texto: 'Sos un desastre', tono: 'hostil', enviadoAt: '2026-11-24T10:01:00Z' }),
];

function props(change: Partial<ThreadViewProps> = {}): ThreadViewProps {
  return {
    conversation,
    messages,
    pending: false,
    error: null,
    hasOlder: false,
    loadingOlder: false,
    onLoadOlder: vi.fn(),
    refreshing: false,
    myId: 'ana',
    zone: 'Europe/Madrid',
    shield: true,
    revealed: new Set(),
    onReveal: vi.fn(),
    onReply: vi.fn(),
    composer: <p>composer</p>,
    ...change,
  };
}

const draw = (view: ThreadViewProps) =>
  render(
    <MemoryRouter>
      <ThreadView {...view} />
    </MemoryRouter>,
  );

afterEach(async () => {
  // Unmounted first, so the switch back reaches no rendered component.
  cleanup();
  await i18n.changeLanguage('es');
});

describe('ThreadView', () => {
  it.each([
    ['es', 'Escuela', 'Imprimir', 'Este mensaje puede resultar hiriente', 'Mostrarlo'],
    ['en', 'School', 'Print', 'This message may be hurtful', 'Show it'],
  ] as const)('draws the header and the messages from plain data, folding what the shield folds (%s)', async (language, topic, print, folded, show) => {
    await i18n.changeLanguage(language);
    const view = props();
    draw(view);
    expect(screen.getByTestId('thread-subject')).toHaveTextContent('Excursión');
    expect(screen.getByText(topic)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: print })).toHaveAttribute('href', '/messages/c1/print');
    expect(screen.getAllByTestId('message')).toHaveLength(2);
    expect(screen.getByText('¿Firmaste la autorización?')).toBeInTheDocument();
    expect(screen.getByText(folded)).toBeInTheDocument();
    expect(screen.queryByText('Sos un desastre')).not.toBeInTheDocument();
    expect(screen.getByText('composer')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: show }));
    expect(view.onReveal).toHaveBeenCalledWith('m2');
  });

  it('shows a message the reader revealed, and offers older ones when there are more', async () => {
    const view = props({ revealed: new Set(['m2']), hasOlder: true });
    draw(view);
    expect(screen.getByText('Sos un desastre')).toBeInTheDocument();
    expect(screen.queryByText('Este mensaje puede resultar hiriente')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ver mensajes anteriores' }));
    expect(view.onLoadOlder).toHaveBeenCalled();
  });

  it('says so when the thread is empty or could not be read', () => {
    const { unmount } = draw(props({ messages: [] }));
    expect(screen.getByText('Aún no hay mensajes. Escribe el primero.')).toBeInTheDocument();
    unmount();
    draw(props({ error: 'No pudimos cargar los mensajes' }));
    expect(screen.getByText('No pudimos cargar los mensajes')).toBeInTheDocument();
    expect(screen.queryAllByTestId('message')).toHaveLength(0);
  });
});
