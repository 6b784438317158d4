import { useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Family, Member } from '../../api/families';
import { renderRoutes } from '../../test/render';
import { NewConversationDialog } from './NewConversationDialog';

const member = (usuarioId: string, nombre: string, yo: boolean): Member => ({
  _id: `m-${usuarioId}`,
  usuarioId,
  nombre,
  apellido: 'García',
  yo,
  estado: 'activo',
  permiso: 'coparent',
  relacion: yo ? 'madre' : 'padre',
  esAdmin: yo,
  bloqueado: false,
});

const family: Family = {
  _id: 'f1',
  nombre: 'Casa de Ana',
  hijos: 1,
  miPermiso: 'coparent',
  soyAdmin: true,
  zonaHoraria: 'America/Argentina/Buenos_Aires',
  miembros: [member('ana', 'Ana', true), member('bruno', 'Bruno', false)],
};

/** The dialog open before the families have loaded; "load" brings them. */
function Opened() {
  const [families, setFamilies] = useState<Family[]>([]);
  return (
    <>
      <button type="button" onClick={() => setFamilies([family])}>
        load
      </button>
      <NewConversationDialog open onClose={vi.fn()} families={families} defaultFamilyId="" />
    </>
  );
}

describe('the new conversation dialog', () => {
  it('offers the co-parents, ticked, of families that load after it opened', async () => {
    const client = new QueryClient();
    renderRoutes(
      [
        {
          path: '/messages',
          element: (
            <QueryClientProvider client={client}>
              <Opened />
            </QueryClientProvider>
          ),
        },
      ],
      '/messages',
    );
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    // Behind the open dialog, as a query's answer would arrive.
    fireEvent.click(screen.getByRole('button', { name: 'load', hidden: true }));
    expect(await screen.findByRole('checkbox', { name: /Bruno/ })).toBeChecked();
  });
});
