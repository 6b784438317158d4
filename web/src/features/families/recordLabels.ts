import type { Member } from './api';

/** The kinds of entry the server writes to a family's record (server/src/families/record/mod.rs). */
export const RECORD_KINDS = [
  'familia.creada',
  'familia.cambiada',
  'miembro.unido',
  'miembro.salio',
  'miembro.eliminado',
  'miembro.cambiado',
  'hijo.creado',
  'hijo.modificado',
  'hijo.eliminado',
  'hijo.restaurado',
  'hijo.purgado',
  'tarjeta.creada',
  'tarjeta.revocada',
  'tarjeta.abierta',
  'documento.subido',
  'documento.version',
  'documento.descargado',
  'documento.modificado',
  'documento.eliminado',
  'documento.restaurado',
  'documento.purgado',
] as const;

/** The i18n key of an entry's kind; a kind this app does not know yet gets the generic label. */
export function recordKindKey(tipo: string) {
  return (RECORD_KINDS as readonly string[]).includes(tipo) ? `families.record.kind.${tipo.replace('.', '_')}` : 'families.record.kind.other';
}

/**
 * Who acted, as the record can say it: a member's name, whoever held an emergency card's link
 * for its openings, Nido for the server's own work (no actor), or "a former member" for someone
 * no longer in the family's list.
 */
export function recordActor(actor: string | null | undefined, members: Member[], tipo?: string): { name: string } | { key: string } {
  if (!actor) return { key: tipo === 'tarjeta.abierta' ? 'families.record.byLinkHolder' : 'families.record.byNido' };
  const member = members.find((m) => m.usuarioId === actor);
  if (!member) return { key: 'families.record.byFormer' };
  return { name: `${member.nombre} ${member.apellido}`.trim() };
}
