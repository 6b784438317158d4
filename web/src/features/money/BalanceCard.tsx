import { useTranslation } from '../../i18n';
import { Button } from '../../components/Button';
import { balanceView, type BalanceLine } from './balance';
import { useMoney } from './format';
import type { Person } from './people';
import type { Balance, Support } from './types';

interface Props {
  balance: Balance | undefined;
  me: string;
  people: Person[];
  /** The family's child-support agreements: what is overdue counts here too. */
  supports?: Support[];
  onSettle: (line: BalanceLine & { moneda: string }) => void;
  /** Opens child support, where its payments are recorded. */
  onSupport?: () => void;
}

/**
 * The first thing on /finances: who owes whom, per currency, for shared expenses and for child
 * support past its due date, and the payments that would settle it. "Even" only when both are.
 */
export function BalanceCard({ balance, me, people, supports = [], onSettle, onSupport }: Props) {
  const { t } = useTranslation();
  const money = useMoney();
  const view = balanceView(balance, me, supports);
  const nameOf = (id: string) => people.find((p) => p.usuarioId === id)?.short ?? t('money.someone');
  const owing = view.some((c) => c.lines.length + c.support.length > 0);
  return (
    <section aria-labelledby="money-balance" className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-black/5 sm:p-6">
      <h2 id="money-balance" className="text-sm font-semibold uppercase tracking-wide text-muted">
        {t('money.balance.title')}
      </h2>
      {view.length === 0 && <p className="mt-2 text-base font-medium text-ink">{t('money.balance.nothing')}</p>}
      <div className="mt-2 space-y-4">
        {view.map((currency) => (
          <div key={currency.moneda} data-testid={`balance-${currency.moneda}`}>
            {currency.lines.length === 0 && currency.support.length === 0 ? (
              <p className="text-lg font-semibold text-ink">{t('money.balance.settled', { currency: currency.moneda })}</p>
            ) : (
              <ul className="space-y-3">
                {currency.lines.map((line) => {
                  const amount = money(line.monto, currency.moneda);
                  const sentence =
                    line.kind === 'owesYou'
                      ? t('money.balance.owesYou', { name: nameOf(line.de), amount })
                      : line.kind === 'youOwe'
                        ? t('money.balance.youOwe', { name: nameOf(line.para), amount })
                        : t('money.balance.between', { from: nameOf(line.de), to: nameOf(line.para), amount });
                  return (
                    <li key={`${line.de}-${line.para}`} className="flex flex-wrap items-center justify-between gap-3">
                      <p className={`font-bold ${line.kind === 'between' ? 'text-base text-ink' : 'text-2xl'} ${line.kind === 'owesYou' ? 'text-brand-700' : line.kind === 'youOwe' ? 'text-amber-800' : ''}`}>
                        {sentence}
                      </p>
                      {line.kind !== 'between' && (
                        <Button variant="secondary" onClick={() => onSettle({ ...line, moneda: currency.moneda })}>
                          {line.kind === 'youOwe' ? t('money.balance.pay') : t('money.balance.record')}
                        </Button>
                      )}
                    </li>
                  );
                })}
                {currency.support.map((line) => {
                  const amount = money(line.monto, currency.moneda);
                  const sentence =
                    line.kind === 'owesYou'
                      ? t('money.balance.supportOwesYou', { name: nameOf(line.de), amount })
                      : line.kind === 'youOwe'
                        ? t('money.balance.supportYouOwe', { name: nameOf(line.para), amount })
                        : t('money.balance.supportBetween', { from: nameOf(line.de), to: nameOf(line.para), amount });
                  return (
                    <li key={`cuota-${line.cuotaId}`} className="flex flex-wrap items-center justify-between gap-3">
                      <p className={`font-bold ${line.kind === 'between' ? 'text-base text-ink' : 'text-xl'} ${line.kind === 'owesYou' ? 'text-brand-700' : line.kind === 'youOwe' ? 'text-amber-800' : ''}`}>
                        {sentence}
                      </p>
                      {line.kind !== 'between' && onSupport && (
                        <Button variant="secondary" onClick={onSupport}>
                          {t('money.balance.supportOpen')}
                        </Button>
                      )}
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        ))}
      </div>
      {owing && <p className="mt-3 text-sm text-muted">{t('money.balance.explain')}</p>}
    </section>
  );
}
