import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n';
import { ApiError } from '../../api/client';
import { Alert } from '../../components/Alert';
import { FormActions } from '../../components/FormActions';
import { TextField } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { SelectField } from '../../components/SelectField';
import { TextArea } from '../../components/TextArea';
import { parseAmount, parsePercent } from './amounts';
import { amountText, currencyChoices } from './currencies';
import type { Person } from './people';
import { useAdjustSupport, useCreateSupport, usePaySupport } from './supportApi';
import { ADJUSTMENT_KINDS, SUPPORT_MODES, type AdjustmentKind, type Support, type SupportAdjustment, type SupportInput, type SupportMode } from './types';

type Errors = Record<string, string>;

/** Shows the server's per-field messages, and its general one above the form. */
function useFailure() {
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const fail = (e: Error) => {
    if (e instanceof ApiError) setErrors(e.fields);
    setFailure(e.message);
  };
  return { errors, setErrors, failure, setFailure, fail };
}

/** A number typed with a comma or a point as decimal mark ("7.864,1" is not one: indices are typed plainly). */
function plainNumber(text: string): number | null {
  const clean = text.trim().replace(',', '.');
  return /^\d+(\.\d+)?$/u.test(clean) ? Number(clean) : null;
}

export function NewSupportDialog({
  open,
  onClose,
  ...rest
}: {
  open: boolean;
  onClose: () => void;
  familiaId: string;
  me: string;
  people: Person[];
  kids: { id: string; name: string }[];
  currency: string;
  today: string;
}) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t('money.support.newTitle')}>
      {open && <NewSupportForm onClose={onClose} {...rest} />}
    </Modal>
  );
}

function NewSupportForm({ onClose, familiaId, me, people, kids, currency, today }: { onClose: () => void; familiaId: string; me: string; people: Person[]; kids: { id: string; name: string }[]; currency: string; today: string }) {
  const { t, i18n } = useTranslation();
  const create = useCreateSupport(familiaId);
  const { errors, setErrors, failure, setFailure, fail } = useFailure();
  const other = people.find((p) => p.usuarioId !== me)?.usuarioId ?? me;
  const [pagador, setPagador] = useState(other);
  const [beneficiario, setBeneficiario] = useState(me);
  const [moneda, setMoneda] = useState(currency);
  const [modo, setModo] = useState<SupportMode>('monto');
  const [monto, setMonto] = useState('');
  const [porcentaje, setPorcentaje] = useState('');
  const [ingreso, setIngreso] = useState('');
  const [dia, setDia] = useState('10');
  const [desde, setDesde] = useState(today);
  const [hasta, setHasta] = useState('');
  const [hijos, setHijos] = useState<string[]>([]);
  const [notas, setNotas] = useState('');
  const options = people.map((p) => ({ value: p.usuarioId, label: p.name }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    const body: SupportInput = { pagador, beneficiario, moneda, modo, diaVencimiento: Number(dia), desde, hijos, ...(hasta ? { hasta } : {}), ...(notas.trim() ? { notas: notas.trim() } : {}) };
    if (pagador === beneficiario) found.beneficiario = t('money.pay.samePerson');
    if (!/^\d+$/u.test(dia) || Number(dia) < 1 || Number(dia) > 28) found.diaVencimiento = t('money.support.dayRange');
    if (desde === '') found.desde = t('money.add.errors.required');
    if (modo === 'monto') {
      const amount = parseAmount(monto, moneda, i18n.language);
      if (amount.ok) body.monto = Number(amount.minor);
      else found.monto = t(`money.add.errors.amount.${amount.error}`);
    } else {
      const percent = parsePercent(porcentaje);
      if (percent === null || percent === 0n || percent > 10_000n) found.porcentaje = t('money.add.errors.percent');
      else body.porcentaje = Number(percent) / 100;
      const income = parseAmount(ingreso, moneda, i18n.language);
      if (income.ok) body.ingresoDeclarado = Number(income.minor);
      else found.ingresoDeclarado = t(`money.add.errors.amount.${income.error}`);
    }
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    create.mutate(body, { onSuccess: onClose, onError: fail });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {failure && <Alert>{failure}</Alert>}
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField label={t('money.support.payer')} value={pagador} onChange={(e) => setPagador(e.target.value)} options={options} error={errors.pagador} />
        <SelectField label={t('money.support.payee')} value={beneficiario} onChange={(e) => setBeneficiario(e.target.value)} options={options} error={errors.beneficiario} />
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-ink">{t('money.support.mode')}</legend>
        <div className="grid grid-cols-2 gap-2">
          {SUPPORT_MODES.map((m) => (
            <label key={m} className={`flex cursor-pointer items-center gap-2 rounded-xl border px-3 py-2 text-sm ${modo === m ? 'border-brand-500 bg-brand-50 font-semibold' : 'border-gray-300'}`}>
              <input type="radio" name="support-mode" checked={modo === m} onChange={() => setModo(m)} className="accent-brand-600" />
              {t(`money.support.modes.${m}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid grid-cols-[1fr_auto] gap-3">
        {modo === 'monto' ? (
          <TextField label={t('money.support.monthly')} inputMode="decimal" value={monto} onChange={(e) => setMonto(e.target.value)} error={errors.monto} />
        ) : (
          <TextField label={t('money.support.percent')} inputMode="decimal" value={porcentaje} onChange={(e) => setPorcentaje(e.target.value)} error={errors.porcentaje} />
        )}
        <SelectField label={t('money.add.currency')} value={moneda} onChange={(e) => setMoneda(e.target.value)} options={currencyChoices(currency, [], i18n.language).map((c) => ({ value: c.value, label: c.value }))} error={errors.moneda} />
      </div>
      {modo === 'porcentaje' && <TextField label={t('money.support.income')} hint={t('money.support.incomeHint')} inputMode="decimal" value={ingreso} onChange={(e) => setIngreso(e.target.value)} error={errors.ingresoDeclarado} />}
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField label={t('money.support.day')} inputMode="numeric" value={dia} onChange={(e) => setDia(e.target.value)} error={errors.diaVencimiento} />
        <TextField label={t('money.support.from')} type="date" defaultValue={desde} onChange={(e) => setDesde(e.target.value)} error={errors.desde} />
        <TextField label={t('money.support.until')} type="date" defaultValue="" onChange={(e) => setHasta(e.target.value)} error={errors.hasta} />
      </div>
      {kids.length > 0 && (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-ink">{t('money.add.children')}</legend>
          <div className="flex flex-wrap gap-3">
            {kids.map((k) => (
              <label key={k.id} className="flex items-center gap-2 text-sm text-ink">
                <input type="checkbox" checked={hijos.includes(k.id)} onChange={() => setHijos(hijos.includes(k.id) ? hijos.filter((id) => id !== k.id) : [...hijos, k.id])} className="h-4 w-4 accent-brand-600" />
                {k.name}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <TextArea label={t('money.add.notes')} value={notas} onChange={(e) => setNotas(e.target.value)} maxLength={2000} error={errors.notas} />
      <FormActions busy={create.isPending} onCancel={onClose} />
    </form>
  );
}

export function SupportPaymentDialog({ open, onClose, familiaId, support, today }: { open: boolean; onClose: () => void; familiaId: string; support: Support; today: string }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t('money.support.payTitle')}>
      {open && <SupportPaymentForm onClose={onClose} familiaId={familiaId} support={support} today={today} />}
    </Modal>
  );
}

function SupportPaymentForm({ onClose, familiaId, support, today }: { onClose: () => void; familiaId: string; support: Support; today: string }) {
  const { t, i18n } = useTranslation();
  const pay = usePaySupport(familiaId);
  const { errors, setErrors, failure, setFailure, fail } = useFailure();
  const due = support.proximoVencimiento;
  const owed = support.deuda > 0 ? support.deuda : due ? due.monto - due.pagado : 0;
  const [monto, setMonto] = useState(owed > 0 ? amountText(owed, support.moneda, i18n.language) : '');
  const [fecha, setFecha] = useState(today);
  const [metodo, setMetodo] = useState('');
  const [referencia, setReferencia] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amount = parseAmount(monto, support.moneda, i18n.language);
    const found: Errors = {};
    if (!amount.ok) found.monto = t(`money.add.errors.amount.${amount.error}`);
    if (fecha === '') found.fecha = t('money.add.errors.required');
    setErrors(found);
    setFailure(null);
    if (!amount.ok || Object.keys(found).length > 0) return;
    pay.mutate(
      { cuotaId: support.id, body: { monto: Number(amount.minor), fecha, ...(metodo.trim() ? { metodo: metodo.trim() } : {}), ...(referencia.trim() ? { referencia: referencia.trim() } : {}) } },
      { onSuccess: onClose, onError: fail },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {failure && <Alert>{failure}</Alert>}
      <TextField label={t('money.add.amount')} inputMode="decimal" value={monto} onChange={(e) => setMonto(e.target.value)} error={errors.monto} />
      <TextField label={t('money.add.date')} type="date" defaultValue={fecha} onChange={(e) => setFecha(e.target.value)} error={errors.fecha} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label={t('money.pay.method')} value={metodo} onChange={(e) => setMetodo(e.target.value)} maxLength={100} error={errors.metodo} />
        <TextField label={t('money.pay.reference')} value={referencia} onChange={(e) => setReferencia(e.target.value)} maxLength={200} error={errors.referencia} />
      </div>
      <p className="text-sm text-muted">{t('money.support.oldestFirst')}</p>
      <FormActions busy={pay.isPending} onCancel={onClose} submitLabel={t('money.pay.save')} />
    </form>
  );
}

export function AdjustDialog({ open, onClose, familiaId, support, today }: { open: boolean; onClose: () => void; familiaId: string; support: Support; today: string }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t('money.support.adjustTitle')}>
      {open && <AdjustForm onClose={onClose} familiaId={familiaId} support={support} today={today} />}
    </Modal>
  );
}

function AdjustForm({ onClose, familiaId, support, today }: { onClose: () => void; familiaId: string; support: Support; today: string }) {
  const { t, i18n } = useTranslation();
  const adjust = useAdjustSupport(familiaId);
  const { errors, setErrors, failure, setFailure, fail } = useFailure();
  // The starting amount is no adjustment one makes; a new income moves only an agreement that is a percentage of it.
  const kinds = ADJUSTMENT_KINDS.filter((k) => k !== 'inicial' && (k !== 'ingreso' || support.modo === 'porcentaje'));
  const [kind, setKind] = useState<AdjustmentKind>('porcentaje');
  const [desde, setDesde] = useState(today);
  const [porcentaje, setPorcentaje] = useState('');
  const [anterior, setAnterior] = useState('');
  const [nuevo, setNuevo] = useState('');
  const [ingreso, setIngreso] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    let body: SupportAdjustment | null = null;
    if (kind === 'porcentaje') {
      // A negative change lowers the amount (a new agreement, a lost job).
      const sign = porcentaje.trim().startsWith('-') ? -1 : 1;
      const percent = parsePercent(porcentaje.trim().replace(/^-/u, ''));
      if (percent === null || percent === 0n) found.porcentaje = t('money.add.errors.percent');
      else body = { desde, porcentaje: (sign * Number(percent)) / 100 };
    } else if (kind === 'indice') {
      const before = plainNumber(anterior);
      const after = plainNumber(nuevo);
      if (!before) found.indiceAnterior = t('money.support.indexInvalid');
      if (!after) found.indiceNuevo = t('money.support.indexInvalid');
      if (before && after) body = { desde, indiceAnterior: before, indiceNuevo: after };
    } else if (kind === 'ingreso') {
      const income = parseAmount(ingreso, support.moneda, i18n.language);
      if (income.ok) body = { desde, ingresoDeclarado: Number(income.minor) };
      else found.ingresoDeclarado = t(`money.add.errors.amount.${income.error}`);
    }
    if (desde === '') found.desde = t('money.add.errors.required');
    setErrors(found);
    setFailure(null);
    if (!body || Object.keys(found).length > 0) return;
    adjust.mutate({ cuotaId: support.id, body }, { onSuccess: onClose, onError: fail });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {failure && <Alert>{failure}</Alert>}
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-ink">{t('money.support.adjustBy')}</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {kinds.map((k) => (
            <label key={k} className={`flex cursor-pointer items-center gap-2 rounded-xl border px-3 py-2 text-sm ${kind === k ? 'border-brand-500 bg-brand-50 font-semibold' : 'border-gray-300'}`}>
              <input type="radio" name="adjust-kind" checked={kind === k} onChange={() => setKind(k)} className="accent-brand-600" />
              {t(`money.support.adjustKinds.${k}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <TextField label={t('money.support.from')} type="date" defaultValue={desde} onChange={(e) => setDesde(e.target.value)} error={errors.desde} />
      {kind === 'porcentaje' && <TextField label={t('money.support.increase')} hint={t('money.support.increaseHint')} inputMode="text" value={porcentaje} onChange={(e) => setPorcentaje(e.target.value)} error={errors.porcentaje} />}
      {kind === 'indice' && (
        <div className="grid grid-cols-2 gap-3">
          <TextField label={t('money.support.indexBefore')} inputMode="decimal" value={anterior} onChange={(e) => setAnterior(e.target.value)} error={errors.indiceAnterior} />
          <TextField label={t('money.support.indexAfter')} inputMode="decimal" value={nuevo} onChange={(e) => setNuevo(e.target.value)} error={errors.indiceNuevo} />
        </div>
      )}
      {kind === 'ingreso' && <TextField label={t('money.support.income')} inputMode="decimal" value={ingreso} onChange={(e) => setIngreso(e.target.value)} error={errors.ingresoDeclarado} />}
      <p className="text-sm text-muted">{t('money.support.historyKept')}</p>
      <FormActions busy={adjust.isPending} onCancel={onClose} />
    </form>
  );
}
