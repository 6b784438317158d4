import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Loading } from '../../components/Spinner';
import { useSession } from '../../lib/session';
import { useChildren } from '../../api/children';
import { useFamilies } from '../../api/families';
import { AnswerDialog, type AnswerKind } from './AnswerDialog';
import { useBalance, useExpenses, useFinanceSettings, usePayments } from './api';
import { BalanceCard } from './BalanceCard';
import { ExpenseDialog } from './ExpenseDialog';
import { ExpenseFilters } from './ExpenseFilters';
import { ExpenseItem } from './ExpenseItem';
import { todayIn } from './format';
import { PaymentDialog, type PaymentStart } from './PaymentDialog';
import { PaymentItem } from './PaymentItem';
import { coparentsOf } from './people';
import { SettingsDialog } from './SettingsDialog';
import { SupportSection } from './SupportSection';
import { useSupports } from './supportApi';
import type { Expense, ExpenseFilters as Filters } from './types';

// The charts bring their library with them: only who opens the reports tab downloads it.
const ReportsSection = lazy(() => import('./ReportsSection'));

const TABS = ['expenses', 'payments', 'support', 'reports'] as const;
type Tab = (typeof TABS)[number];

/**
 * /finances: the balance first, then the family's expenses, payments between the parents, child
 * support and the reports, each a tab under it.
 */
export default function MoneyPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const families = useFamilies();
  const children = useChildren();
  const [chosenFamily, setChosenFamily] = useState<string | null>(null);
  // A notice links to /finances?gasto=ID or ?pago=ID: open where that item is and bring it into view.
  const [params] = useSearchParams();
  const linked = params.get('pago') ? `pago-${params.get('pago')}` : params.get('gasto') ? `gasto-${params.get('gasto')}` : null;
  const [tab, setTab] = useState<Tab>(params.get('pago') ? 'payments' : 'expenses');
  const [filters, setFilters] = useState<Filters>({});
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Expense | null>(null);
  // A notice of the settings links to /finances?ajustes=1: open them.
  const [configuring, setConfiguring] = useState(params.get('ajustes') !== null);
  const [paying, setPaying] = useState<PaymentStart | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [answering, setAnswering] = useState<{ expense: Expense; kind: AnswerKind } | null>(null);

  // By default the family shared with another parent: everyone also has a family of their own.
  // A viewer's families come last: money is for co-parents, and shows them nothing.
  const mine = (f: { miPermiso: string }) => f.miPermiso === 'coparent';
  const family =
    families.data?.find((f) => f._id === chosenFamily) ??
    families.data?.find((f) => mine(f) && coparentsOf(f).length > 1) ??
    families.data?.find(mine) ??
    families.data?.[0];
  // Nothing is asked of the server for a family the user only views: every answer would be a 404.
  const familiaId = family && mine(family) ? family._id : null;
  const me = user?._id ?? '';
  const people = useMemo(() => coparentsOf(family), [family]);
  const kids = useMemo(
    () => (children.data ?? []).filter((c) => c.familiaId === familiaId).map((c) => ({ id: c._id, name: `${c.nombre} ${c.apellido}`.trim() })),
    [children.data, familiaId],
  );
  const balance = useBalance(familiaId);
  const settings = useFinanceSettings(familiaId);
  const expenses = useExpenses(familiaId, filters);
  const payments = usePayments(familiaId);
  const today = todayIn(family?.zonaHoraria ?? 'UTC');
  const usedCurrencies = Object.keys(balance.data?.monedas ?? {});
  const childName = (id: string) => kids.find((k) => k.id === id)?.name ?? t('money.someone');
  const other = people.find((p) => !p.yo)?.usuarioId ?? me;
  const isCoparent = familiaId !== null && people.some((p) => p.usuarioId === me);
  const supports = useSupports(isCoparent ? familiaId : null);
  const proposal = settings.data?.propuestas[0];
  const proposalForMe = proposal && proposal.faltan.includes(me) ? proposal : null;

  const loaded = expenses.isSuccess && payments.isSuccess;
  useEffect(() => {
    if (loaded && linked) document.getElementById(linked)?.scrollIntoView({ block: 'center' });
  }, [loaded, linked]);

  if (families.isPending) return <Loading />;
  if (!family) {
    return (
      <section className="mx-auto max-w-3xl">
        <h1 className="text-2xl font-bold text-ink">{t('sections.finances')}</h1>
        <p className="mt-2 text-muted">{t('money.noFamily')}</p>
      </section>
    );
  }

  const expenseList = expenses.data?.pages.flatMap((p) => p.gastos) ?? [];
  const paymentList = payments.data?.pages.flatMap((p) => p.pagos) ?? [];
  const waitingForMe = expenseList.filter((e) => e.estado === 'pendiente' && e.faltan.includes(me)).length + paymentList.filter((p) => p.estado === 'pendiente' && p.para === me).length;

  return (
    <section className="mx-auto max-w-3xl space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-1 items-center justify-between gap-3">
          <h1 className="text-2xl font-bold text-ink">{t('sections.finances')}</h1>
          {isCoparent && (
            <Button variant="secondary" onClick={() => setConfiguring(true)} disabled={!settings.data}>
              {t('money.settings.open')}
            </Button>
          )}
        </div>
        {(families.data?.length ?? 0) > 1 && (
          <label className="text-sm text-ink">
            <span className="mr-2 font-medium">{t('money.family')}</span>
            <select value={family._id} onChange={(e) => setChosenFamily(e.target.value)} className="rounded-xl border border-gray-300 bg-white px-3 py-2">
              {families.data?.map((f) => (
                <option key={f._id} value={f._id}>
                  {f.nombre}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {!isCoparent ? (
        <Alert kind="info">{t('money.viewerOnly', { family: family.nombre })}</Alert>
      ) : (
        <>
          {balance.isError && <Alert>{balance.error.message}</Alert>}
          <BalanceCard
            balance={balance.data}
            me={me}
            people={people}
            supports={supports.data?.cuotas}
            onSettle={(line) => setPaying({ de: line.de, para: line.para, monto: line.monto, moneda: line.moneda })}
            onSupport={() => setTab('support')}
          />
          {proposalForMe && (
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-brand-50 p-4 ring-1 ring-brand-200">
              <p className="text-sm font-medium text-ink">{t('money.settings.banner', { name: people.find((p) => p.usuarioId === proposalForMe.propuestaPor)?.short ?? t('money.someone') })}</p>
              <Button variant="secondary" onClick={() => setConfiguring(true)}>
                {t('money.settings.review')}
              </Button>
            </div>
          )}
          <div className="grid grid-cols-2 gap-3">
            <Button onClick={() => setAdding(true)}>{t('money.add.open')}</Button>
            <Button variant="secondary" onClick={() => setPaying({ de: me, para: other, moneda: settings.data?.moneda ?? usedCurrencies[0] ?? 'ARS' })}>
              {t('money.pay.open')}
            </Button>
          </div>
          {notice && (
            <div className="flex items-start gap-3">
              <div className="flex-1">
                <Alert>{notice}</Alert>
              </div>
              <Button variant="ghost" onClick={() => setNotice(null)}>
                {t('common.close')}
              </Button>
            </div>
          )}
          {waitingForMe > 0 && <Alert kind="info">{t('money.waitingForYou', { count: waitingForMe })}</Alert>}
          <div role="tablist" aria-label={t('sections.finances')} className="grid grid-cols-4 gap-1 rounded-2xl bg-sand-100 p-1">
            {TABS.map((name) => (
              <button
                key={name}
                type="button"
                role="tab"
                id={`money-tab-${name}`}
                aria-selected={tab === name}
                aria-controls={`money-panel-${name}`}
                onClick={() => setTab(name)}
                className={`rounded-xl px-1 py-2 text-[13px] font-semibold leading-tight sm:px-3 sm:text-sm ${tab === name ? 'bg-white text-ink shadow-sm' : 'text-muted hover:text-ink'}`}
              >
                {t(`money.tabs.${name}`)}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`money-panel-${tab}`} aria-labelledby={`money-tab-${tab}`} className="space-y-3">
            {tab === 'expenses' && (
              <>
                <ExpenseFilters filters={filters} onChange={setFilters} kids={kids} />
                {expenses.isError && <Alert>{expenses.error.message}</Alert>}
                {expenses.isPending ? (
                  <Loading />
                ) : expenseList.length === 0 ? (
                  <p className="rounded-2xl border-2 border-dashed border-brand-200 p-6 text-center text-muted">{t('money.expense.none')}</p>
                ) : (
                  <ul className="space-y-3" aria-label={t('money.tabs.expenses')}>
                    {expenseList.map((e) => (
                      <ExpenseItem
                        key={e.id}
                        expense={e}
                        me={me}
                        people={people}
                        childName={childName}
                        onAnswer={(expense, kind) => setAnswering({ expense, kind })}
                        onEdit={setEditing}
                      />
                    ))}
                  </ul>
                )}
                {expenses.hasNextPage && (
                  <Button variant="secondary" full busy={expenses.isFetchingNextPage} onClick={() => void expenses.fetchNextPage()}>
                    {t('money.more')}
                  </Button>
                )}
              </>
            )}
            {tab === 'payments' && (
              <>
                {payments.isError && <Alert>{payments.error.message}</Alert>}
                {payments.isPending ? (
                  <Loading />
                ) : paymentList.length === 0 ? (
                  <p className="rounded-2xl border-2 border-dashed border-brand-200 p-6 text-center text-muted">{t('money.pay.none')}</p>
                ) : (
                  <ul className="space-y-3" aria-label={t('money.tabs.payments')}>
                    {paymentList.map((p) => (
                      <PaymentItem key={p.id} payment={p} me={me} people={people} />
                    ))}
                  </ul>
                )}
                {payments.hasNextPage && (
                  <Button variant="secondary" full busy={payments.isFetchingNextPage} onClick={() => void payments.fetchNextPage()}>
                    {t('money.more')}
                  </Button>
                )}
              </>
            )}
            {tab === 'support' && <SupportSection familiaId={family._id} me={me} people={people} kids={kids} currency={settings.data?.moneda ?? 'ARS'} today={today} />}
            {tab === 'reports' && (
              <Suspense fallback={<Loading />}>
                <ReportsSection familiaId={family._id} people={people} kids={kids} currencies={usedCurrencies.length ? usedCurrencies : [settings.data?.moneda ?? 'ARS']} />
              </Suspense>
            )}
          </div>
          <ExpenseDialog
            open={adding || editing !== null}
            editing={editing}
            onClose={() => {
              setAdding(false);
              setEditing(null);
            }}
            familiaId={family._id}
            me={me}
            people={people}
            kids={kids}
            settings={settings.data}
            usedCurrencies={usedCurrencies}
            today={today}
            onReceiptFailure={setNotice}
          />
          <PaymentDialog
            start={paying}
            onClose={() => setPaying(null)}
            familiaId={family._id}
            me={me}
            people={people}
            usedCurrencies={usedCurrencies}
            today={today}
            onReceiptFailure={setNotice}
          />
          <SettingsDialog open={configuring} onClose={() => setConfiguring(false)} familiaId={family._id} me={me} people={people} settings={settings.data} usedCurrencies={usedCurrencies} />
          <AnswerDialog expense={answering?.expense ?? null} kind={answering?.kind ?? 'rechazar'} people={people} me={me} onClose={() => setAnswering(null)} />
        </>
      )}
    </section>
  );
}
