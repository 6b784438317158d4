import { useState } from 'react';
import { useTranslation } from '../../i18n';
import { Button } from '../../components/Button';
import { formatDate } from '../../lib/dates';
import { useAnswerPayment } from './api';
import { useMoney } from './format';
import type { Person } from './people';
import { ReceiptViewer, type ShownFile } from './ReceiptViewer';
import { StatusChip } from './StatusChip';
import type { Payment } from './types';

/** One payment between co-parents; its receiver confirms it or says it never arrived. */
export function PaymentItem({ payment, me, people }: { payment: Payment; me: string; people: Person[] }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const answer = useAnswerPayment();
  const [failure, setFailure] = useState<string | null>(null);
  const [shown, setShown] = useState<ShownFile | null>(null);
  const nameOf = (id: string) => (id === me ? t('money.you') : (people.find((p) => p.usuarioId === id)?.short ?? t('money.someone')));
  const toMe = payment.para === me && payment.estado === 'pendiente';
  const respond = (received: boolean) => {
    setFailure(null);
    answer.mutate({ id: payment.id, received }, { onError: (e) => setFailure(e.message) });
  };
  const openProof = () => {
    const tipo = payment.comprobante?.tipo ?? 'image/jpeg';
    setShown({
      path: `/api/pagos/${encodeURIComponent(payment.id)}/comprobante`,
      tipo,
      name: `${t('money.pay.proofFile')}-${payment.fecha}.${tipo === 'application/pdf' ? 'pdf' : 'jpg'}`,
      title: t('money.pay.proofTitle'),
    });
  };
  const label = t('money.pay.line', { from: nameOf(payment.de), to: nameOf(payment.para) });
  return (
    <li id={`pago-${payment.id}`} className="scroll-mt-24 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5" aria-label={`${label} ${money(payment.monto, payment.moneda)}`}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold text-ink">{label}</p>
          <p className="text-sm text-muted">
            {formatDate(payment.fecha, i18n.language, { day: 'numeric', month: 'short', year: 'numeric' })}
            {payment.metodo ? ` · ${payment.metodo}` : ''}
            {payment.referencia ? ` · ${payment.referencia}` : ''}
          </p>
        </div>
        <div className="shrink-0 text-right">
          <p className="font-bold text-ink">{money(payment.monto, payment.moneda)}</p>
          <StatusChip estado={payment.estado} />
        </div>
      </div>
      {payment.estado === 'pendiente' && payment.para !== me && <p className="mt-1 text-sm text-muted">{t('money.pay.waiting', { name: nameOf(payment.para) })}</p>}
      {failure && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {failure}
        </p>
      )}
      {(toMe || payment.comprobante) && (
        <div className="mt-3 flex flex-wrap gap-2">
          {toMe && (
            <>
              <Button onClick={() => respond(true)} busy={answer.isPending}>
                {t('money.pay.confirm')}
              </Button>
              <Button variant="secondary" onClick={() => respond(false)} disabled={answer.isPending}>
                {t('money.pay.notReceived')}
              </Button>
            </>
          )}
          {payment.comprobante && (
            <Button variant="ghost" onClick={openProof}>
              {t('money.pay.viewProof')}
            </Button>
          )}
        </div>
      )}
      <ReceiptViewer file={shown} onClose={() => setShown(null)} />
    </li>
  );
}
