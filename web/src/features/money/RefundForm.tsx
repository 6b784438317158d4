import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n';
import { ApiError } from '../../api/client';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import { parseAmount } from './amounts';
import { useRecordRefund } from './api';
import { todayIn } from './format';
import type { Expense } from './types';
import { browserZone } from '../../lib/format';

/** The payer records what the insurer gave back: at most the expense's amount, once. */
export function RefundForm({ expense, onDone }: { expense: Expense; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const record = useRecordRefund();
  const [monto, setMonto] = useState('');
  const [fecha, setFecha] = useState(() => todayIn(browserZone()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amount = parseAmount(monto, expense.moneda, i18n.language);
    const found: Record<string, string> = {};
    if (!amount.ok) found.monto = t(`money.add.errors.amount.${amount.error}`);
    else if (amount.minor > BigInt(expense.monto)) found.monto = t('money.expense.refundTooMuch');
    if (fecha === '') found.fecha = t('money.add.errors.required');
    setErrors(found);
    if (!amount.ok || Object.keys(found).length > 0) return;
    record.mutate(
      { id: expense.id, monto: Number(amount.minor), fecha },
      { onSuccess: onDone, onError: (e) => setErrors(e instanceof ApiError && Object.keys(e.fields).length ? e.fields : { monto: e.message }) },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="mt-3 grid gap-3 rounded-2xl bg-sand-100 p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
      <TextField label={t('money.expense.refundAmount', { name: expense.reintegro?.entidad ?? '' })} inputMode="decimal" value={monto} onChange={(e) => setMonto(e.target.value)} error={errors.monto} />
      <TextField label={t('money.add.date')} type="date" defaultValue={fecha} onChange={(e) => setFecha(e.target.value)} error={errors.fecha} />
      <div className="flex gap-2">
        <Button type="submit" busy={record.isPending}>
          {t('common.save')}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
