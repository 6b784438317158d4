import type { Member } from '../api/families';
import { permissionValues, relationValues } from '../api/schema';

/** The i18n key of the member's access: full (co-parent) or read only. */
export const permissionKey = (permiso: Member['permiso']) => `families.permission.${permiso}`;

/** The i18n key of the member's relation to the children (madre, padre, …). */
export const relationKey = (relacion: Member['relacion']) => `families.relation.${relacion}`;

/** Initial of the first name, for a member without a photo. */
export const initialOf = (nombre: string) => nombre.trim().charAt(0).toUpperCase() || '?';

/** What the signed-in member may do with another member's row. */
export function memberActions(member: Member, soyAdmin: boolean) {
  return {
    /** Admins change anyone's access or admin role, their own too (the server keeps one admin). */
    canEdit: soyAdmin && member.estado === 'activo',
    /** Everyone says how they relate to the children; admins may correct anyone's. */
    canSetRelation: member.estado === 'activo' && (member.yo || soyAdmin),
    /** Admins remove others; one's own row offers "leave" instead. */
    canRemove: soyAdmin && !member.yo,
    canLeave: member.yo,
  };
}

/** The relations a member can have to the children, in the order the selects offer them. */
export const RELATIONS = relationValues;

/** The relation a text names, if it names one (a select's value starts empty). */
export const relationNamed = (text: string) => RELATIONS.find((r) => r === text) ?? null;

/**
 * The relations as a select offers them: each label once in the interface language (English has
 * one word for tutor and tutora, cuidador and cuidadora). `current` is kept even when its label
 * is shared, so the select shows what is saved.
 */
export function relationOptions(label: (relation: Member['relacion']) => string, current?: Member['relacion']) {
  const seen = new Map<string, Member['relacion']>();
  for (const relation of RELATIONS) {
    const text = label(relation);
    if (!seen.has(text) || relation === current) seen.set(text, relation);
  }
  const kept = new Set(seen.values());
  return RELATIONS.filter((r) => kept.has(r)).map((value) => ({ value, label: label(value) }));
}

/** Access levels, full access first. */
export const PERMISSIONS = permissionValues;

/** Status of a member row: active, invited (not joined yet) or account closed. */
export const statusKey = (estado: string) => `families.members.status.${estado}`;
