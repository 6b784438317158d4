import { useState } from 'react';
import { useTranslation } from '../../i18n';
import { Button } from '../../components/Button';
import { formatDate } from '../../lib/dates';
import type { AnswerKind } from './AnswerDialog';
import { ProposalText } from './AnswerDialog';
import { useAnswerExpense, useStopRecurring, useUploadReceipt, type Decision } from './api';
import { canLateDispute, disputeOf, hasOffer } from './dispute';
import { canEdit } from './expenseForm';
import { ReceiptViewer, type ShownFile } from './ReceiptViewer';
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
  /** Opens the dialog to refuse, dispute, or (its creator) answer a dispute. */
  onAnswer: (expense: Expense, kind: AnswerKind) => void;
  /** Opens the expense in the add dialog, filled in; only offered while it can still change. */
  onEdit?: (expense: Expense) => void;
}

/** One expense: what, how much, who paid, each share, its state and what the viewer can do about it. */
export function ExpenseItem({ expense, me, people, childName, onAnswer, onEdit }: Props) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const answer = useAnswerExpense();
  const upload = useUploadReceipt();
  const stop = useStopRecurring();
  const [refunding, setRefunding] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const nameOf = (id: string) => people.find((p) => p.usuarioId === id)?.short ?? t('money.someone');
  const [shown, setShown] = useState<ShownFile | null>(null);
  const toMe = expense.faltan.includes(me) && expense.estado === 'pendiente';
  const dispute = disputeOf(expense);
  const myDispute = dispute.disputer === me;
  const mine = expense.creadoPor === me;
  // It approved itself: whom it charges may still dispute it for a while.
  const lateDispute = canLateDispute(expense, me, new Date());
  const counter = dispute.turn === 'disputer' && hasOffer(dispute.latest);
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
    const tipo = expense.recibo?.tipo ?? 'image/jpeg';
    const extension = tipo === 'application/pdf' ? 'pdf' : 'jpg';
    setShown({
      path: `/api/gastos/${encodeURIComponent(expense.id)}/recibo`,
      tipo,
      name: `${t('money.expense.receiptFile')}-${expense.fecha}.${extension}`,
      title: t('money.expense.receiptTitle', { description: expense.descripcion }),
    });
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
          <div key={`${r.usuarioId}-${r.en}`} className="mt-2 space-y-0.5 rounded-xl bg-sand-100 px-3 py-2 text-sm text-ink">
            <p className="font-medium">
              {r.decision === 'rechazado'
                ? t('money.expense.refusedBy', { name: nameOf(r.usuarioId), motive: t(`money.motives.${r.motivo ?? 'otro'}`) })
                : r.decision === 'contestado'
                  ? t('money.expense.repliedBy', { name: nameOf(r.usuarioId) })
                  : r.decision === 'aceptado'
                    ? t('money.expense.acceptedBy', { name: nameOf(r.usuarioId) })
                    : t('money.expense.disputedBy', { name: nameOf(r.usuarioId) })}
            </p>
            <ProposalText answer={r} expense={expense} people={people} me={me} />
          </div>
        ))}
      {mine && dispute.turn === 'creator' && <p className="mt-2 text-sm font-medium text-ink">{t('money.expense.yourTurn')}</p>}
      {myDispute && dispute.turn === 'creator' && <p className="mt-2 text-sm text-muted">{t('money.expense.waiting', { names: nameOf(expense.creadoPor) })}</p>}
      {lateDispute && expense.disputableHasta && (
        <p className="mt-2 text-sm text-muted">
          {t('money.expense.lateDispute', { date: formatDate(expense.disputableHasta.slice(0, 10), i18n.language, { day: 'numeric', month: 'long' }) })}
        </p>
      )}
      {myShare !== undefined && expense.estado === 'pendiente' && toMe && (
        <p className="mt-2 text-sm font-medium text-ink">{t('money.expense.askYou', { amount: money(myShare, expense.moneda) })}</p>
      )}
      {failure && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {failure}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {mine && dispute.turn === 'creator' && <Button onClick={() => onAnswer(expense, 'responder')}>{t('money.expense.answerDispute')}</Button>}
        {(toMe || myDispute) && (
          <Button onClick={() => run({ kind: 'aprobar' })} busy={answer.isPending}>
            {myDispute && counter ? t('money.expense.approveCounter') : t('money.expense.approve')}
          </Button>
        )}
        {(toMe || myDispute) && (
          <Button variant="secondary" onClick={() => onAnswer(expense, 'rechazar')}>
            {t('money.expense.refuse')}
          </Button>
        )}
        {(toMe || lateDispute || (myDispute && dispute.turn === 'disputer')) && (
          <Button variant="secondary" onClick={() => onAnswer(expense, 'disputar')}>
            {myDispute ? t('money.expense.disputeAgain') : t('money.expense.dispute')}
          </Button>
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
      <ReceiptViewer file={shown} onClose={() => setShown(null)} />
    </li>
  );
}
