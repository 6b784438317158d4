import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n';
import { ApiError } from '../../api/client';
import { Alert } from '../../components/Alert';
import { FormActions } from '../../components/FormActions';
import { TextField } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { SelectField } from '../../components/SelectField';
import { parseAmount } from './amounts';
import { useCreatePayment } from './api';
import { amountText, currencyChoices } from './currencies';
import type { Person } from './people';

export interface PaymentStart {
  de: string;
  para: string;
  monto?: number;
  moneda: string;
}

interface Props {
  start: PaymentStart | null;
  onClose: () => void;
  familiaId: string;
  me: string;
  people: Person[];
  usedCurrencies: string[];
  today: string;
  /** Said on the page once the dialog is closed: the payment was saved, its proof was not. */
  onReceiptFailure: (message: string) => void;
}

/** Recording a payment between co-parents; one the receiver records counts at once, else once they confirm it. */
export function PaymentDialog({ start, onClose, ...rest }: Props) {
  const { t } = useTranslation();
  return (
    <Modal open={start !== null} onClose={onClose} title={t('money.pay.title')}>
      {start && <PaymentForm start={start} onClose={onClose} {...rest} />}
    </Modal>
  );
}

function PaymentForm({ start, onClose, familiaId, me, people, usedCurrencies, today, onReceiptFailure }: Omit<Props, 'start'> & { start: PaymentStart }) {
  const { t, i18n } = useTranslation();
  const create = useCreatePayment();
  const [de, setDe] = useState(start.de);
  const [para, setPara] = useState(start.para);
  const [moneda, setMoneda] = useState(start.moneda);
  const [monto, setMonto] = useState(start.monto ? amountText(start.monto, start.moneda, i18n.language) : '');
  const [fecha, setFecha] = useState(today);
  const [metodo, setMetodo] = useState('');
  const [referencia, setReferencia] = useState('');
  const [proof, setProof] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const options = people.map((p) => ({ value: p.usuarioId, label: p.yo ? t('money.add.me', { name: p.name }) : p.name }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const amount = parseAmount(monto, moneda, i18n.language);
    if (!amount.ok) found.monto = t(`money.add.errors.amount.${amount.error}`);
    if (de === para) found.para = t('money.pay.samePerson');
    if (de !== me && para !== me) found.de = t('money.pay.mustInclude');
    if (fecha === '') found.fecha = t('money.add.errors.required');
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0 || !amount.ok) return;
    create.mutate(
      {
        body: { familiaId, de, para, monto: Number(amount.minor), moneda, fecha, metodo: metodo.trim() || null, referencia: referencia.trim() || null },
        proof,
      },
      {
        onSuccess: ({ receiptFailure }) => {
          onClose();
          if (receiptFailure) onReceiptFailure(t('money.errors.savedWithoutFile', { reason: receiptFailure }));
        },
        onError: (e) => {
          if (e instanceof ApiError) setErrors(e.fields);
          setFailure(e.message);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {failure && <Alert>{failure}</Alert>}
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField label={t('money.pay.from')} value={de} onChange={(e) => setDe(e.target.value)} options={options} error={errors.de} />
        <SelectField label={t('money.pay.to')} value={para} onChange={(e) => setPara(e.target.value)} options={options} error={errors.para} />
      </div>
      <div className="grid grid-cols-[1fr_auto] gap-3">
        <TextField label={t('money.add.amount')} inputMode="decimal" autoComplete="off" value={monto} onChange={(e) => setMonto(e.target.value)} error={errors.monto} />
        <SelectField
          label={t('money.add.currency')}
          value={moneda}
          onChange={(e) => setMoneda(e.target.value)}
          options={currencyChoices(start.moneda, usedCurrencies, i18n.language).map((c) => ({ value: c.value, label: c.value }))}
          error={errors.moneda}
        />
      </div>
      <TextField label={t('money.add.date')} type="date" defaultValue={fecha} onChange={(e) => setFecha(e.target.value)} error={errors.fecha} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label={t('money.pay.method')} hint={t('money.pay.methodHint')} value={metodo} onChange={(e) => setMetodo(e.target.value)} maxLength={100} error={errors.metodo} />
        <TextField label={t('money.pay.reference')} value={referencia} onChange={(e) => setReferencia(e.target.value)} maxLength={200} error={errors.referencia} />
      </div>
      <div className="space-y-1.5">
        <label htmlFor="money-proof" className="block text-sm font-medium text-ink">
          {t('money.pay.proof')}
        </label>
        <input
          id="money-proof"
          type="file"
          accept="image/*,application/pdf"
          capture="environment"
          onChange={(e) => setProof(e.target.files?.[0] ?? null)}
          className="block w-full text-sm text-ink file:mr-3 file:rounded-xl file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-700"
        />
      </div>
      <p className="text-sm text-muted">{para === me ? t('money.pay.countsNow') : t('money.pay.countsWhenConfirmed')}</p>
      <FormActions busy={create.isPending} onCancel={onClose} submitLabel={t('money.pay.save')} />
    </form>
  );
}
