import type { TFunction } from '../../i18n';
import type { Person } from './types';

/** A person's full name, or the words for an account that was erased. */
export function personName(person: Person | null | undefined, t: TFunction): string {
  if (!person) return t('messages.erasedAccount');
  return `${person.nombre} ${person.apellido}`.trim();
}

/** The topic chips' colours: a soft tint each, with dark text that keeps contrast. */
export const TOPIC_STYLE: Record<string, string> = {
  general: 'bg-sand-100 text-ink',
  medico: 'bg-rose-50 text-rose-800',
  escuela: 'bg-sky-50 text-sky-800',
  actividades: 'bg-violet-50 text-violet-800',
  horarios: 'bg-brand-50 text-brand-800',
  gastos: 'bg-amber-50 text-amber-900',
  profesional: 'bg-emerald-50 text-emerald-800',
};
