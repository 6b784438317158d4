import type { Family } from '../../api/families';

export interface Person {
  usuarioId: string;
  name: string;
  /** First name only, for sentences ("Diego te debe…"). */
  short: string;
  yo: boolean;
}

/** The family's active co-parents in the order they joined: the order shares and ties follow. */
export function coparentsOf(family: Family | undefined): Person[] {
  if (!family) return [];
  return family.miembros
    .filter((m) => m.estado === 'activo' && m.permiso === 'coparent')
    .map((m) => ({ usuarioId: m.usuarioId, name: `${m.nombre} ${m.apellido}`.trim(), short: m.nombre.trim() || m.apellido, yo: m.yo }));
}
