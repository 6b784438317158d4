import { useTranslation } from '../../i18n';
import { formatMoney } from './amounts';
import { ymdIn } from '../../lib/format';

/** Formats amounts in the page's language; re-renders with it. */
export function useMoney() {
  const { i18n } = useTranslation();
  return (minor: number | bigint, currency: string) => formatMoney(minor, currency, i18n.language);
}

/** Today's date (YYYY-MM-DD) where the family lives. */
export function todayIn(zone: string): string {
  return ymdIn(zone);
}
