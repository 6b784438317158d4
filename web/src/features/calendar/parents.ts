import type { Family } from '../../api/families';

/** A co-parent as the calendar draws them: their colour comes from their place in the family. */
export interface Parent {
  usuarioId: string;
  name: string;
  colourClass: string;
  /** Their events' colour, and their nights' (light, under the text of the day). */
  colour: string;
  nightColour: string;
  yo: boolean;
}

/** Kept in step with calendar.css's --nido-parent-N; all pass AA against white text or dark text. */
const COLOURS = [
  { colour: '#2f6f62', nightColour: '#d5e9e2' },
  { colour: '#9a4d0b', nightColour: '#fbe3c6' },
  { colour: '#5b3f9c', nightColour: '#e6defa' },
  { colour: '#a12a4f', nightColour: '#f9dbe5' },
];

/**
 * The family's active co-parents, oldest membership first; each keeps the same colour on every
 * device, since the order comes from the server.
 */
export function parentsOf(family: Family | undefined): Parent[] {
  if (!family) return [];
  return family.miembros
    .filter((m) => m.estado === 'activo' && m.permiso === 'coparent')
    .map((m, i) => ({
      usuarioId: m.usuarioId,
      name: `${m.nombre} ${m.apellido}`.trim(),
      colourClass: `nido-parent-${i % COLOURS.length}`,
      ...COLOURS[i % COLOURS.length]!,
      yo: m.yo,
    }));
}
