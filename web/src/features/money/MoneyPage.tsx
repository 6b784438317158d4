import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n';
import { Loading } from '../../components/Spinner';
import { useSession } from '../../lib/session';
import { useChildren } from '../../api/children';
import { useFamilies } from '../../api/families';
import { AnswerDialog, type AnswerKind } from './AnswerDialog';
import { useBalance, useExpenses, useFinanceSettings, usePayments } from './api';
import { ExpenseDialog } from './ExpenseDialog';
import { todayIn } from './format';
import { PaymentDialog, type PaymentStart } from './PaymentDialog';
import { coparentsOf } from './people';
import { SettingsDialog } from './SettingsDialog';
import { SupportSection } from './SupportSection';
import { MoneyView, type MoneyTab } from './MoneyView';
import { useSupports } from './supportApi';
import type { Expense, ExpenseFilters as Filters } from './types';

// The charts bring their library with them: only who opens the reports tab downloads it.
const ReportsSection = lazy(() => import('./ReportsSection'));


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
  const [tab, setTab] = useState<MoneyTab>(params.get('pago') ? 'payments' : 'expenses');
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

  const proposer = proposalForMe ? people.find((p) => p.usuarioId === proposalForMe.propuestaPor)?.short ?? t('money.someone') : null;
  return (
    <MoneyView
      families={families.data ?? []}
      family={family}
      onFamily={setChosenFamily}
      me={me}
      people={people}
      kids={kids}
      isCoparent={isCoparent}
      balance={balance.data}
      balanceError={balance.isError ? balance.error.message : null}
      supports={supports.data?.cuotas}
      settingsReady={Boolean(settings.data)}
      proposalBy={proposer}
      notice={notice}
      onDismissNotice={() => setNotice(null)}
      waitingForMe={waitingForMe}
      tab={tab}
      onTab={setTab}
      filters={filters}
      onFilters={setFilters}
      expenses={{
        items: expenseList,
        pending: expenses.isPending,
        error: expenses.isError ? expenses.error.message : null,
        hasMore: expenses.hasNextPage,
        loadingMore: expenses.isFetchingNextPage,
        onMore: () => void expenses.fetchNextPage(),
      }}
      payments={{
        items: paymentList,
        pending: payments.isPending,
        error: payments.isError ? payments.error.message : null,
        hasMore: payments.hasNextPage,
        loadingMore: payments.isFetchingNextPage,
        onMore: () => void payments.fetchNextPage(),
      }}
      childName={childName}
      onSettle={(line) => setPaying({ de: line.de, para: line.para, monto: line.monto, moneda: line.moneda })}
      onAdd={() => setAdding(true)}
      onPay={() => setPaying({ de: me, para: other, moneda: settings.data?.moneda ?? usedCurrencies[0] ?? 'ARS' })}
      onConfigure={() => setConfiguring(true)}
      onAnswer={(expense, kind) => setAnswering({ expense, kind })}
      onEdit={setEditing}
      support={<SupportSection familiaId={family._id} me={me} people={people} kids={kids} currency={settings.data?.moneda ?? 'ARS'} today={today} />}
      reports={
        <Suspense fallback={<Loading />}>
          <ReportsSection familiaId={family._id} people={people} kids={kids} currencies={usedCurrencies.length ? usedCurrencies : [settings.data?.moneda ?? 'ARS']} />
        </Suspense>
      }
      dialogs={
        <>
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
      }
    />
  );
}
