import type { TFunction } from '../i18n';
import type { CustodyProposal } from '../api/custodyProposals';

/**
 * What a proposal would change, in words: the schedule's pattern, start and parents, or the
 * period's name, nights and who holds them. `nameOf` names a co-parent; `day` formats a date.
 */
export function proposalLines(t: TFunction, proposal: CustodyProposal, nameOf: (id: string) => string, day: (ymd: string) => string): string[] {
  const schedule = proposal.calendario;
  if (schedule)
    return [
      t('proposals.schedule', { pattern: t(`calendar.patterns.${schedule.patron}.name`), from: day(schedule.inicio) }),
      t('proposals.parents', { a: nameOf(schedule.progenitorA), b: nameOf(schedule.progenitorB), hour: schedule.horaIntercambio ?? '18:00' }),
    ];
  const period = proposal.periodo;
  if (period)
    return [
      t('proposals.period', { name: period.nombre }),
      t('calendar.periods.dates.range', { from: day(period.desde), to: day(period.hasta) }),
      `${t(`calendar.periods.modes.${period.modo}.name`)}: ${nameOf(period.usuarioId)}${period.anual ? ` · ${t('calendar.periods.dates.yearly')}` : ''}`,
    ];
  return [];
}
