import type { Family } from '../families/api';

/** A co-parent as the calendar draws them: their colour comes from their place in the family. */
export interface Parent {
  usuarioId: string;
  name: string;
  colourClass: string;
  yo: boolean;
}

const COLOURS = 4;

/**
 * The family's active co-parents, oldest membership first; each keeps the same colour on every
 * device, since the order comes from the server.
 */
export function parentsOf(family: Family | undefined): Parent[] {
  if (!family) return [];
  return family.miembros
    .filter((m) => m.estado === 'activo' && m.permiso === 'coparent')
    .map((m, i) => ({ usuarioId: m.usuarioId, name: `${m.nombre} ${m.apellido}`.trim(), colourClass: `nido-parent-${i % COLOURS}`, yo: m.yo }));
}
