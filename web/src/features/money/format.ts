import { useTranslation } from '../../i18n';
import { formatMoney } from './amounts';

/** Formats amounts in the page's language; re-renders with it. */
export function useMoney() {
  const { i18n } = useTranslation();
  return (minor: number | bigint, currency: string) => formatMoney(minor, currency, i18n.language);
}

/** Today's date (YYYY-MM-DD) where the family lives. */
export function todayIn(zone: string): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  } catch {
    return new Date().toISOString().slice(0, 10);
  }
}
