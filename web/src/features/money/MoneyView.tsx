import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Loading } from '../../components/Spinner';
import type { Family } from '../../api/families';
import type { AnswerKind } from './AnswerDialog';
import { BalanceCard } from './BalanceCard';
import { ExpenseFilters } from './ExpenseFilters';
import { ExpenseItem } from './ExpenseItem';
import { PaymentItem } from './PaymentItem';
import type { Person } from './people';
import type { BalanceLine } from './balance';
import type { Balance, Expense, ExpenseFilters as Filters, Payment, Support } from './types';
import { FamilyPicker } from '../../components/FamilyPicker';

export const MONEY_TABS = ['expenses', 'payments', 'support', 'reports'] as const;
export type MoneyTab = (typeof MONEY_TABS)[number];

/** A list the page reads a page at a time, as the view shows it. */
export interface ListState<T> {
  items: T[];
  pending: boolean;
  error: string | null;
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
}

export interface MoneyViewProps {
  families: Family[];
  family: Family;
  onFamily: (id: string) => void;
  me: string;
  people: Person[];
  kids: { id: string; name: string }[];
  /** Money is for the family's co-parents: a viewer is told so and shown nothing. */
  isCoparent: boolean;
  balance: Balance | undefined;
  balanceError: string | null;
  supports: Support[] | undefined;
  /** The settings are known, so they can be opened. */
  settingsReady: boolean;
  /** Who proposed the settings waiting for the reader's answer; null when none waits. */
  proposalBy: string | null;
  notice: string | null;
  onDismissNotice: () => void;
  /** Expenses and payments waiting for the reader's answer. */
  waitingForMe: number;
  tab: MoneyTab;
  onTab: (tab: MoneyTab) => void;
  filters: Filters;
  onFilters: (filters: Filters) => void;
  expenses: ListState<Expense>;
  payments: ListState<Payment>;
  childName: (id: string) => string;
  onSettle: (line: BalanceLine & { moneda: string }) => void;
  onAdd: () => void;
  onPay: () => void;
  onConfigure: () => void;
  onAnswer: (expense: Expense, kind: AnswerKind) => void;
  onEdit: (expense: Expense) => void;
  /** The child-support and reports tabs, which read their own data. */
  support: ReactNode;
  reports: ReactNode;
  /** The dialogs the page opens. */
  dialogs: ReactNode;
}

/** /finances as it is drawn: the balance, what waits for the reader, and the tabs. */
export function MoneyView({
  families,
  family,
  onFamily,
  me,
  people,
  kids,
  isCoparent,
  balance,
  balanceError,
  supports,
  settingsReady,
  proposalBy,
  notice,
  onDismissNotice,
  waitingForMe,
  tab,
  onTab,
  filters,
  onFilters,
  expenses,
  payments,
  childName,
  onSettle,
  onAdd,
  onPay,
  onConfigure,
  onAnswer,
  onEdit,
  support,
  reports,
  dialogs,
}: MoneyViewProps) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-3xl space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-1 items-center justify-between gap-3">
          <h1 className="text-2xl font-bold text-ink">{t('sections.finances')}</h1>
          {isCoparent && (
            <Button variant="secondary" onClick={onConfigure} disabled={!settingsReady}>
              {t('money.settings.open')}
            </Button>
          )}
        </div>
        <FamilyPicker families={families} value={family._id} onChange={onFamily} label={t('money.family')} />
      </div>
      {!isCoparent ? (
        <Alert kind="info">{t('money.viewerOnly', { family: family.nombre })}</Alert>
      ) : (
        <>
          {balanceError && <Alert>{balanceError}</Alert>}
          <BalanceCard balance={balance} me={me} people={people} supports={supports} onSettle={onSettle} onSupport={() => onTab('support')} />
          {proposalBy !== null && (
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-brand-50 p-4 ring-1 ring-brand-200">
              <p className="text-sm font-medium text-ink">{t('money.settings.banner', { name: proposalBy })}</p>
              <Button variant="secondary" onClick={onConfigure}>
                {t('money.settings.review')}
              </Button>
            </div>
          )}
          <div className="grid grid-cols-2 gap-3">
            <Button onClick={onAdd}>{t('money.add.open')}</Button>
            <Button variant="secondary" onClick={onPay}>
              {t('money.pay.open')}
            </Button>
          </div>
          {notice && (
            <div className="flex items-start gap-3">
              <div className="flex-1">
                <Alert>{notice}</Alert>
              </div>
              <Button variant="ghost" onClick={onDismissNotice}>
                {t('common.close')}
              </Button>
            </div>
          )}
          {waitingForMe > 0 && <Alert kind="info">{t('money.waitingForYou', { count: waitingForMe })}</Alert>}
          <div role="tablist" aria-label={t('sections.finances')} className="grid grid-cols-4 gap-1 rounded-2xl bg-sand-100 p-1">
            {MONEY_TABS.map((name) => (
              <button
                key={name}
                type="button"
                role="tab"
                id={`money-tab-${name}`}
                aria-selected={tab === name}
                aria-controls={`money-panel-${name}`}
                onClick={() => onTab(name)}
                className={`rounded-xl px-1 py-2 text-[13px] font-semibold leading-tight sm:px-3 sm:text-sm ${tab === name ? 'bg-white text-ink shadow-sm' : 'text-muted hover:text-ink'}`}
              >
                {t(`money.tabs.${name}`)}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`money-panel-${tab}`} aria-labelledby={`money-tab-${tab}`} className="space-y-3">
            {tab === 'expenses' && (
              <>
                <ExpenseFilters filters={filters} onChange={onFilters} kids={kids} />
                {expenses.error && <Alert>{expenses.error}</Alert>}
                {expenses.pending ? (
                  <Loading />
                ) : expenses.items.length === 0 ? (
                  <p className="rounded-2xl border-2 border-dashed border-brand-200 p-6 text-center text-muted">{t('money.expense.none')}</p>
                ) : (
                  <ul className="space-y-3" aria-label={t('money.tabs.expenses')}>
                    {expenses.items.map((e) => (
                      <ExpenseItem
                        key={e.id}
                        expense={e}
                        me={me}
                        people={people}
                        childName={childName}
                        onAnswer={onAnswer}
                        onEdit={onEdit}
                      />
                    ))}
                  </ul>
                )}
                {expenses.hasMore && (
                  <Button variant="secondary" full busy={expenses.loadingMore} onClick={expenses.onMore}>
                    {t('money.more')}
                  </Button>
                )}
              </>
            )}
            {tab === 'payments' && (
              <>
                {payments.error && <Alert>{payments.error}</Alert>}
                {payments.pending ? (
                  <Loading />
                ) : payments.items.length === 0 ? (
                  <p className="rounded-2xl border-2 border-dashed border-brand-200 p-6 text-center text-muted">{t('money.pay.none')}</p>
                ) : (
                  <ul className="space-y-3" aria-label={t('money.tabs.payments')}>
                    {payments.items.map((p) => (
                      <PaymentItem key={p.id} payment={p} me={me} people={people} />
                    ))}
                  </ul>
                )}
                {payments.hasMore && (
                  <Button variant="secondary" full busy={payments.loadingMore} onClick={payments.onMore}>
                    {t('money.more')}
                  </Button>
                )}
              </>
            )}
            {tab === 'support' && support}
            {tab === 'reports' && reports}
          </div>
          {dialogs}
        </>
      )}
    </section>
  );
}
