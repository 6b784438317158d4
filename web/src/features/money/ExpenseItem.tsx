import { useState } from 'react';
import { useTranslation } from '../../i18n';
import { Button } from '../../components/Button';
import { formatDate } from '../../lib/dates';
import { downloadFile, useAnswerExpense, useStopRecurring, useUploadReceipt, type Decision } from './api';
import { canEdit } from './expenseForm';
import { RefundForm } from './RefundForm';
import { useMoney } from './format';
import type { Person } from './people';
import { StatusChip } from './StatusChip';
import type { Expense } from './types';

interface Props {
  expense: Expense;
  me: string;
  people: Person[];
  childName: (id: string) => string;
  onRefuse: (expense: Expense) => void;
  onDispute: (expense: Expense) => void;
  /** Opens the expense in the add dialog, filled in; only offered while it can still change. */
  onEdit?: (expense: Expense) => void;
}

/** One expense: what, how much, who paid, each share, its state and what the viewer can do about it. */
export function ExpenseItem({ expense, me, people, childName, onRefuse, onDispute, onEdit }: Props) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const answer = useAnswerExpense();
  const upload = useUploadReceipt();
  const stop = useStopRecurring();
  const [refunding, setRefunding] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const nameOf = (id: string) => people.find((p) => p.usuarioId === id)?.short ?? t('money.someone');
  const toMe = expense.faltan.includes(me) && expense.estado === 'pendiente';
  const myDispute = expense.estado === 'disputado' && expense.respuestas.some((r) => r.usuarioId === me && r.decision === 'disputado');
  const mine = expense.creadoPor === me;
  const canWithdraw = mine && ((expense.estado === 'pendiente' && expense.respuestas.length === 0) || expense.estado === 'disputado');
  const myShare = expense.partes[me];
  const refund = expense.reintegro;
  const canRecordRefund = refund && refund.monto == null && expense.pagadoPor === me && expense.estado !== 'retirado' && expense.estado !== 'rechazado';

  const run = (decision: Decision) => {
    setFailure(null);
    answer.mutate({ id: expense.id, decision }, { onError: (e) => setFailure(e.message) });
  };
  const openReceipt = () => {
    setFailure(null);
    const extension = expense.recibo?.tipo === 'application/pdf' ? 'pdf' : (expense.recibo?.tipo.split('/')[1] ?? 'bin');
    downloadFile(`/api/gastos/${encodeURIComponent(expense.id)}/recibo`, `${t('money.expense.receiptFile')}-${expense.fecha}.${extension}`, t('money.errors.receipt')).catch((e: Error) =>
      setFailure(e.message),
    );
  };

  return (
    <li id={`gasto-${expense.id}`} className="scroll-mt-24 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5" aria-label={expense.descripcion}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="break-words font-semibold text-ink [overflow-wrap:anywhere]">{expense.descripcion}</p>
          <p className="text-sm text-muted">
            {formatDate(expense.fecha, i18n.language, { day: 'numeric', month: 'short', year: 'numeric' })} · {t(`money.categories.${expense.categoria}`)} ·{' '}
            {t('money.expense.paidBy', { name: nameOf(expense.pagadoPor) })}
          </p>
        </div>
        <div className="shrink-0 text-right">
          <p className="font-bold text-ink">{money(expense.monto, expense.moneda)}</p>
          <StatusChip estado={expense.estado} />
        </div>
      </div>
      <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {Object.entries(expense.partes).map(([id, amount]) => (
          <div key={id} className="flex gap-1">
            <dt className="text-muted">{id === me ? t('money.expense.yourShare') : nameOf(id)}:</dt>
            <dd className="font-medium text-ink">{money(amount, expense.moneda)}</dd>
          </div>
        ))}
      </dl>
      {expense.hijos.length > 0 && <p className="mt-1 text-sm text-muted">{t('money.expense.for', { names: expense.hijos.map(childName).join(', ') })}</p>}
      {expense.notas && <p className="mt-1 text-sm text-ink">{expense.notas}</p>}
      {expense.recurrenteId && (
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted">
          <span className="rounded-full bg-sand-100 px-2 py-0.5 text-xs font-semibold text-ink">{t('money.expense.monthly')}</span>
          <button
            type="button"
            className="font-semibold text-brand-700 hover:underline"
            onClick={() => stop.mutate(expense.recurrenteId ?? '', { onError: (e) => setFailure(e.message) })}
            disabled={stop.isPending}
          >
            {stop.isSuccess ? t('money.expense.stopped') : t('money.expense.stop')}
          </button>
        </p>
      )}
      {refund && (
        <p className="mt-1 text-sm text-ink">
          {refund.monto != null
            ? t('money.expense.refunded', { name: refund.entidad, amount: money(refund.monto, expense.moneda) })
            : t('money.expense.refundExpected', { name: refund.entidad })}
        </p>
      )}
      {refunding && <RefundForm expense={expense} onDone={() => setRefunding(false)} />}
      {expense.estado === 'pendiente' && expense.faltan.length > 0 && !toMe && (
        <p className="mt-1 text-sm text-muted">{t('money.expense.waiting', { names: expense.faltan.map(nameOf).join(', ') })}</p>
      )}
      {expense.respuestas
        .filter((r) => r.decision !== 'aprobado')
        .map((r) => (
          <div key={`${r.usuarioId}-${r.en}`} className="mt-2 rounded-xl bg-sand-100 px-3 py-2 text-sm text-ink">
            <p className="font-medium">
              {r.decision === 'rechazado'
                ? t('money.expense.refusedBy', { name: nameOf(r.usuarioId), motive: t(`money.motives.${r.motivo ?? 'otro'}`) })
                : t('money.expense.disputedBy', { name: nameOf(r.usuarioId) })}
            </p>
            {r.comentario && <p className="break-words">{r.comentario}</p>}
            {r.propuesta && <p className="break-words">{t('money.expense.proposal', { text: r.propuesta })}</p>}
          </div>
        ))}
      {myShare !== undefined && expense.estado === 'pendiente' && toMe && (
        <p className="mt-2 text-sm font-medium text-ink">{t('money.expense.askYou', { amount: money(myShare, expense.moneda) })}</p>
      )}
      {failure && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {failure}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {(toMe || myDispute) && (
          <Button onClick={() => run({ kind: 'aprobar' })} busy={answer.isPending}>
            {t('money.expense.approve')}
          </Button>
        )}
        {toMe && (
          <>
            <Button variant="secondary" onClick={() => onRefuse(expense)}>
              {t('money.expense.refuse')}
            </Button>
            <Button variant="secondary" onClick={() => onDispute(expense)}>
              {t('money.expense.dispute')}
            </Button>
          </>
        )}
        {canRecordRefund && !refunding && (
          <Button variant="ghost" onClick={() => setRefunding(true)}>
            {t('money.expense.recordRefund')}
          </Button>
        )}
        {onEdit && canEdit(expense, me) && (
          <Button variant="ghost" onClick={() => onEdit(expense)}>
            {t('money.expense.edit')}
          </Button>
        )}
        {canWithdraw && (
          <Button variant="ghost" onClick={() => run({ kind: 'retirar' })} busy={answer.isPending}>
            {t('money.expense.withdraw')}
          </Button>
        )}
        {expense.recibo ? (
          <Button variant="ghost" onClick={openReceipt}>
            {t('money.expense.receipt')}
          </Button>
        ) : (
          mine &&
          expense.estado !== 'retirado' && (
            <label className="inline-flex cursor-pointer items-center rounded-xl px-4 py-2.5 text-sm font-semibold text-brand-700 hover:bg-brand-50">
              {upload.isPending ? t('money.expense.uploading') : t('money.expense.addReceipt')}
              <input
                type="file"
                accept="image/*,application/pdf"
                capture="environment"
                className="sr-only"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  if (file) upload.mutate({ id: expense.id, file }, { onError: (err) => setFailure(err.message) });
                }}
              />
            </label>
          )
        )}
      </div>
    </li>
  );
}
