import { useState } from 'react';
import { useTranslation } from '../../i18n';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Loading } from '../../components/Spinner';
import { formatDate } from '../../lib/dates';
import { useMoney } from './format';
import type { Person } from './people';
import { StatusChip } from './StatusChip';
import { AdjustDialog, NewSupportDialog, SupportPaymentDialog } from './SupportDialogs';
import { useAnswerSupportPayment, useAnswerSupportProposal, useSupport, useSupports, useUpdateSupport } from './supportApi';
import type { ProposalChoice, Support, SupportProposal } from './types';

interface Props {
  familiaId: string;
  me: string;
  people: Person[];
  kids: { id: string; name: string }[];
  currency: string;
  today: string;
}

/** Child support: each arrangement's monthly amount, next due and debt; its dues, history and payments on demand. */
export function SupportSection({ familiaId, me, people, kids, currency, today }: Props) {
  const { t } = useTranslation();
  const supports = useSupports(familiaId);
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <div className="space-y-3">
      <Button variant="secondary" onClick={() => setCreating(true)}>
        {t('money.support.new')}
      </Button>
      {supports.isError && <Alert>{supports.error.message}</Alert>}
      {supports.isPending ? (
        <Loading />
      ) : supports.data?.cuotas.length === 0 ? (
        <p className="rounded-2xl border-2 border-dashed border-brand-200 p-6 text-center text-muted">{t('money.support.none')}</p>
      ) : (
        <ul className="space-y-3">
          {supports.data?.cuotas.map((s) => (
            <SupportCard key={s.id} support={s} familiaId={familiaId} me={me} people={people} expanded={open === s.id} onToggle={() => setOpen(open === s.id ? null : s.id)} today={today} />
          ))}
        </ul>
      )}
      <NewSupportDialog open={creating} onClose={() => setCreating(false)} familiaId={familiaId} me={me} people={people} kids={kids} currency={currency} today={today} />
    </div>
  );
}

function SupportCard({ support, familiaId, me, people, expanded, onToggle, today }: { support: Support; familiaId: string; me: string; people: Person[]; expanded: boolean; onToggle: () => void; today: string }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const update = useUpdateSupport(familiaId);
  const [dialog, setDialog] = useState<'pay' | 'adjust' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const nameOf = (id: string | null | undefined) => (id === me ? t('money.you') : (people.find((p) => p.usuarioId === id)?.short ?? t('money.someone')));
  const date = (d: string) => formatDate(d, i18n.language, { day: 'numeric', month: 'short', year: 'numeric' });
  const next = support.proximoVencimiento;
  return (
    <li className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <div className="min-w-0">
          <p className="font-semibold text-ink">
            {support.beneficiario === me
              ? t('money.support.paysYou', { name: nameOf(support.pagador) })
              : support.pagador === me
                ? t('money.support.youPay', { name: nameOf(support.beneficiario) })
                : t('money.support.line', { from: nameOf(support.pagador), to: nameOf(support.beneficiario) })}
          </p>
          <p className="text-sm text-muted">
            {support.modo === 'porcentaje' ? t('money.support.percentOfIncome', { percent: String(support.porcentaje ?? '') }) : t('money.support.fixed')} ·{' '}
            {t('money.support.dueDay', { day: support.diaVencimiento })}
          </p>
        </div>
        <div className="sm:text-right">
          <p className="font-bold text-ink">{t('money.support.perMonth', { amount: money(support.monto, support.moneda) })}</p>
          <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${support.activa ? 'bg-brand-100 text-brand-800' : 'bg-gray-100 text-gray-700'}`}>
            {support.activa ? t('money.support.active') : t('money.support.inactive')}
          </span>
        </div>
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-muted">{t('money.support.next')}</dt>
          <dd className="font-medium text-ink">{next ? `${date(next.vence)} · ${money(next.monto - next.pagado, support.moneda)}` : '—'}</dd>
        </div>
        <div>
          <dt className="text-muted">{t('money.support.debt')}</dt>
          <dd className={`font-medium ${support.deuda > 0 ? 'text-red-700' : 'text-ink'}`}>{money(support.deuda, support.moneda)}</dd>
        </div>
      </dl>
      {support.propuesta && <ProposalBox proposal={support.propuesta} support={support} familiaId={familiaId} me={me} nameOf={nameOf} date={date} />}
      {failure && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {failure}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => setDialog('pay')}>
          {t('money.support.pay')}
        </Button>
        <Button variant="ghost" onClick={() => setDialog('adjust')}>
          {t('money.support.adjust')}
        </Button>
        <Button
          variant="ghost"
          busy={update.isPending}
          onClick={() => update.mutate({ cuotaId: support.id, body: { activa: !support.activa } }, { onError: (e) => setFailure(e.message) })}
        >
          {support.activa ? t('money.support.deactivate') : t('money.support.activate')}
        </Button>
        <Button variant="ghost" aria-expanded={expanded} onClick={onToggle}>
          {expanded ? t('money.support.hide') : t('money.support.details')}
        </Button>
      </div>
      {expanded && <SupportDetails familiaId={familiaId} cuotaId={support.id} me={me} nameOf={nameOf} date={date} shortDate={(d) => formatDate(d, i18n.language, { day: 'numeric', month: 'short' })} />}
      <SupportPaymentDialog open={dialog === 'pay'} onClose={() => setDialog(null)} familiaId={familiaId} support={support} today={today} />
      <AdjustDialog open={dialog === 'adjust'} onClose={() => setDialog(null)} familiaId={familiaId} support={support} today={today} />
    </li>
  );
}

/**
 * A change that waits for one side: what it would do, and the answer that is the reader's to give
 * (accept or decline it, or withdraw their own).
 */
function ProposalBox({
  proposal,
  support,
  familiaId,
  me,
  nameOf,
  date,
}: {
  proposal: SupportProposal;
  support: Support;
  familiaId: string;
  me: string;
  nameOf: (id: string | null | undefined) => string;
  date: (d: string) => string;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const answer = useAnswerSupportProposal(familiaId);
  const [failure, setFailure] = useState<string | null>(null);
  const parts: string[] = [];
  if (proposal.ajuste) parts.push(t('money.support.whatAmount', { amount: money(proposal.ajuste.monto, support.moneda), date: date(proposal.ajuste.desde) }));
  if (proposal.cambio?.activa === false) parts.push(t('money.support.whatPause'));
  if (proposal.cambio?.activa === true) parts.push(t('money.support.whatResume'));
  if (proposal.cambio?.cambiaHasta) parts.push(proposal.cambio.hasta ? t('money.support.whatEnd', { date: date(proposal.cambio.hasta) }) : t('money.support.whatNoEnd'));
  const what = parts.join(t('money.support.whatAnd'));
  const decide = (decision: ProposalChoice) => {
    setFailure(null);
    answer.mutate({ cuotaId: support.id, propuestaId: proposal.id, decision }, { onError: (e) => setFailure(e.message) });
  };
  const sentence =
    proposal.responde === me
      ? t('money.support.proposal', { name: nameOf(proposal.propuestaPor), what })
      : proposal.propuestaPor === me
        ? t('money.support.proposalYours', { what, name: nameOf(proposal.responde) })
        : t('money.support.proposalWaits', { name: nameOf(proposal.propuestaPor), what, to: nameOf(proposal.responde) });
  return (
    <div className="mt-3 space-y-2 rounded-xl bg-brand-50 p-3 text-sm text-ink ring-1 ring-brand-200" role="group" aria-label={sentence}>
      <p className="font-medium">{sentence}</p>
      {failure && (
        <p role="alert" className="text-red-700">
          {failure}
        </p>
      )}
      {proposal.responde === me && (
        <div className="flex flex-wrap gap-2">
          <Button busy={answer.isPending} onClick={() => decide('aceptar')}>
            {t('money.support.accept')}
          </Button>
          <Button variant="secondary" disabled={answer.isPending} onClick={() => decide('rechazar')}>
            {t('money.support.decline')}
          </Button>
        </div>
      )}
      {proposal.propuestaPor === me && (
        <Button variant="secondary" busy={answer.isPending} onClick={() => decide('retirar')}>
          {t('money.support.withdraw')}
        </Button>
      )}
    </div>
  );
}

function SupportDetails({
  familiaId,
  cuotaId,
  me,
  nameOf,
  date,
  shortDate,
}: {
  familiaId: string;
  cuotaId: string;
  me: string;
  nameOf: (id: string | null | undefined) => string;
  date: (d: string) => string;
  shortDate: (d: string) => string;
}) {
  const { t, i18n } = useTranslation();
  const month = (periodo: string) => formatDate(`${periodo}-01`, i18n.language, { month: 'short', year: 'numeric' });
  const money = useMoney();
  const detail = useSupport(familiaId, cuotaId);
  const answer = useAnswerSupportPayment(familiaId);
  const [failure, setFailure] = useState<string | null>(null);
  if (detail.isPending) return <Loading />;
  if (detail.isError) return <Alert>{detail.error.message}</Alert>;
  const s = detail.data;
  return (
    <div className="mt-4 space-y-4">
      {/* A table where there is room for it; on a phone each month is a small card of its own. */}
      <div className="hidden sm:block">
        <table className="w-full text-left text-sm">
          <caption className="mb-1 text-left font-semibold text-ink">{t('money.support.dues')}</caption>
          <thead className="text-muted">
            <tr>
              <th scope="col">{t('money.support.period')}</th>
              <th scope="col">{t('money.support.dueOn')}</th>
              <th scope="col" className="text-right">
                {t('money.support.amount')}
              </th>
              <th scope="col" className="text-right">
                {t('money.support.paid')}
              </th>
              <th scope="col">{t('money.support.state')}</th>
            </tr>
          </thead>
          <tbody>
            {(s.vencimientos ?? []).map((d) => (
              <tr key={d.periodo} className="border-t border-sand-200">
                <th scope="row" className="whitespace-nowrap py-1 pr-2 font-normal">
                  {month(d.periodo)}
                </th>
                <td className="whitespace-nowrap pr-2">{shortDate(d.vence)}</td>
                <td className="whitespace-nowrap pr-2 text-right">{money(d.monto, s.moneda)}</td>
                <td className="whitespace-nowrap pr-2 text-right">{money(d.pagado, s.moneda)}</td>
                <td className="pl-2">
                  <StatusChip estado={d.estado} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="sm:hidden">
        <h4 className="mb-1 font-semibold text-ink">{t('money.support.dues')}</h4>
        <ul className="space-y-2">
          {(s.vencimientos ?? []).map((d) => (
            <li key={d.periodo} className="rounded-xl border border-sand-200 px-3 py-2 text-sm" aria-label={month(d.periodo)}>
              <div className="flex items-center justify-between gap-2">
                <span>
                  <span className="font-semibold text-ink">{month(d.periodo)}</span>
                  <span className="text-muted">
                    {' · '}
                    {t('money.support.dueOn')} {shortDate(d.vence)}
                  </span>
                </span>
                <StatusChip estado={d.estado} />
              </div>
              <dl className="mt-1 grid grid-cols-2 gap-2">
                <div>
                  <dt className="text-muted">{t('money.support.amount')}</dt>
                  <dd className="whitespace-nowrap text-ink">{money(d.monto, s.moneda)}</dd>
                </div>
                <div>
                  <dt className="text-muted">{t('money.support.paid')}</dt>
                  <dd className="whitespace-nowrap text-ink">{money(d.pagado, s.moneda)}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h4 className="font-semibold text-ink">{t('money.support.history')}</h4>
        <ul className="mt-1 space-y-1 text-sm">
          {(s.ajustes ?? []).map((a, i) => (
            <li key={`${a.desde}-${i}`}>
              {t('money.support.fromDate', { date: date(a.desde), amount: money(a.monto, s.moneda) })}
              {a.porcentaje != null && ` · ${t('money.support.byPercent', { percent: String(a.porcentaje) })}`}
              {a.indiceAnterior != null && a.indiceNuevo != null && ` · ${t('money.support.byIndex', { from: a.indiceAnterior, to: a.indiceNuevo })}`}
              {a.tipo === 'ingreso' && a.ingresoDeclarado != null && ` · ${t('money.support.byIncome', { amount: money(a.ingresoDeclarado, s.moneda) })}`}
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h4 className="font-semibold text-ink">{t('money.support.payments')}</h4>
        {failure && (
          <p role="alert" className="text-sm text-red-700">
            {failure}
          </p>
        )}
        {(s.pagos ?? []).length === 0 && <p className="text-sm text-muted">{t('money.pay.none')}</p>}
        <ul className="mt-1 space-y-2 text-sm">
          {(s.pagos ?? []).map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-2">
              <span>
                {date(p.fecha)} · {money(p.monto, s.moneda)} · {p.registradoPor === me ? t('money.support.recordedByYou') : t('money.support.recordedBy', { name: nameOf(p.registradoPor) })}
              </span>
              <span className="flex items-center gap-2">
                <StatusChip estado={p.estado} />
                {p.estado === 'pendiente' && s.beneficiario === me && (
                  <>
                    <Button onClick={() => answer.mutate({ cuotaId, pagoId: p.id, received: true }, { onError: (e) => setFailure(e.message) })}>{t('money.pay.confirm')}</Button>
                    <Button variant="secondary" onClick={() => answer.mutate({ cuotaId, pagoId: p.id, received: false }, { onError: (e) => setFailure(e.message) })}>
                      {t('money.pay.notReceived')}
                    </Button>
                  </>
                )}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
