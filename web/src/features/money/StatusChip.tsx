import { useTranslation } from '../../i18n';
import type { DueState, ExpenseState, PaymentState } from './types';

type Shown = ExpenseState | PaymentState | DueState;

const STYLES: Partial<Record<Shown, string>> = {
  pendiente: 'bg-amber-100 text-amber-900',
  aprobado: 'bg-brand-100 text-brand-800',
  confirmado: 'bg-brand-100 text-brand-800',
  rechazado: 'bg-red-100 text-red-800',
  no_recibido: 'bg-red-100 text-red-800',
  disputado: 'bg-purple-100 text-purple-900',
  retirado: 'bg-gray-100 text-gray-700',
};

/** An expense's or payment's state as a small coloured label. */
export function StatusChip({ estado }: { estado: Shown }) {
  const { t } = useTranslation();
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${STYLES[estado] ?? STYLES.retirado}`}>{t(`money.states.${estado}`)}</span>;
}
