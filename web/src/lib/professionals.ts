import type { TFunction } from '../i18n';
import { areaValues } from '../api/schema';
import type { Access, AccessKind, AccessState, Area, Profession } from '../api/professionals';

export const professionKey = (p: Profession) => `families.professionals.profession.${p}`;
export const kindKey = (k: AccessKind) => `families.professionals.kind.${k}`;
export const areaKey = (a: Area | string) => `families.professionals.area.${a}`;
export const stateKey = (s: AccessState) => `families.professionals.state.${s}`;

export function stateTone(s: AccessState): string {
  return {
    activo: 'bg-emerald-50 text-emerald-800',
    pendiente: 'bg-amber-50 text-amber-900',
    terminado: 'bg-sand-100 text-ink',
    vencido: 'bg-sand-100 text-ink',
  }[s];
}

/** One line that says what an access reaches: its areas, its children and its period. */
export function scopeLine(t: TFunction, scope: Access['alcance'], day: (value: string) => string): string {
  const areas = areaValues
    .filter((a) => scope.areas.includes(a))
    .map((a) => t(areaKey(a)))
    .join(', ');
  const children = scope.hijos ? t('families.professionals.scope.someChildren', { count: scope.hijos.length }) : t('families.professionals.scope.allChildren');
  let period;
  if (scope.desde && scope.hasta) period = t('families.professionals.scope.between', { from: day(scope.desde), to: day(scope.hasta) });
  else if (scope.desde) period = t('families.professionals.scope.since', { from: day(scope.desde) });
  else if (scope.hasta) period = t('families.professionals.scope.upTo', { to: day(scope.hasta) });
  else period = t('families.professionals.scope.anyTime');
  return `${areas} · ${children} · ${period}`;
}
