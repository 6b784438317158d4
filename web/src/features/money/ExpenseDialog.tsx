import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n';
import { ApiError } from '../../api/client';
import { Alert } from '../../components/Alert';
import { FormActions } from '../../components/FormActions';
import { TextField } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { SelectField } from '../../components/SelectField';
import { TextArea } from '../../components/TextArea';
import { useCreateExpense, useUpdateExpense } from './api';
import { amountText, currencyChoices } from './currencies';
import { checkDraft, draftFromExpense, type DraftError, type ExpenseDraft } from './expenseForm';
import { useMoney } from './format';
import type { Person } from './people';
import { CATEGORIES, SPLIT_MODES, type Expense, type FinanceSettings, type SplitMode } from './types';

interface Props {
  open: boolean;
  onClose: () => void;
  familiaId: string;
  me: string;
  people: Person[];
  kids: { id: string; name: string }[];
  settings: FinanceSettings | undefined;
  usedCurrencies: string[];
  today: string;
  /** The expense being changed; none when adding one. */
  editing?: Expense | null;
  /** Said on the page once the dialog is closed: the expense was saved, its receipt was not. */
  onReceiptFailure: (message: string) => void;
}

const MAX_RECEIPT_BYTES = 10 * 1024 * 1024;

/**
 * Adding an expense: the amount, who paid, how it is shared (with each share shown before saving),
 * the children, a receipt. The same form, filled in, changes one that nobody has answered yet.
 */
export function ExpenseDialog({ open, onClose, ...rest }: Props) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={rest.editing ? t('money.add.editTitle') : t('money.add.title')}>
      {open && <ExpenseForm onClose={onClose} {...rest} />}
    </Modal>
  );
}

function ExpenseForm({ onClose, familiaId, me, people, kids, settings, usedCurrencies, today, editing, onReceiptFailure }: Omit<Props, 'open'>) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const create = useCreateExpense();
  const update = useUpdateExpense();
  const moneda = settings?.moneda ?? 'ARS';
  const [draft, setDraft] = useState<ExpenseDraft>(() => editing ? draftFromExpense(editing, i18n.language) : ({
    descripcion: '',
    monto: '',
    moneda,
    fecha: today,
    categoria: 'educacion',
    pagadoPor: me,
    modo: 'igual',
    participantes: people.map((p) => p.usuarioId),
    pesos: {},
    hijos: [],
    notas: '',
    mensual: false,
    hasta: '',
    entidad: '',
  }));
  const [receipt, setReceipt] = useState<File | null>(null);
  const [receiptError, setReceiptError] = useState<string | null>(null);
  const [shown, setShown] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const order = useMemo(() => people.map((p) => p.usuarioId), [people]);
  const checked = checkDraft(draft, familiaId, order, i18n.language);
  const set = (change: Partial<ExpenseDraft>) => {
    setDraft((d) => ({ ...d, ...change }));
    setServerFields({});
  };
  const nameOf = (id: string) => people.find((p) => p.usuarioId === id)?.name ?? t('money.someone');

  const errorText = (e: DraftError | undefined): string | undefined => {
    if (!e) return undefined;
    if (e.field === 'pesos') return t(`money.add.errors.${e.code}`);
    if (e.field === 'participantes') return t(`money.add.errors.participants.${e.code}`);
    if (e.field === 'monto') return t(`money.add.errors.amount.${e.code}`);
    if (e.field === 'hasta') return t('money.add.errors.beforeDate');
    return t('money.add.errors.required');
  };
  const fieldError = (field: DraftError['field'] | 'moneda' | 'categoria' | 'hijos' | 'notas' | 'recurrencia' | 'reintegro') =>
    serverFields[field] ?? (shown ? errorText(checked.errors.find((e) => e.field === field && !('usuarioId' in e && e.usuarioId))) : undefined);
  const weightError = (id: string) => (shown ? errorText(checked.errors.find((e) => e.field === 'pesos' && 'usuarioId' in e && e.usuarioId === id)) : undefined);

  const chooseMode = (modo: SplitMode) => {
    const pesos: Record<string, string> = {};
    if (modo === 'ingresos') for (const p of people) pesos[p.usuarioId] = settings?.ingresos[p.usuarioId] ? amountText(settings.ingresos[p.usuarioId]!, draft.moneda, i18n.language) : '';
    if (modo === 'porcentajes') for (const p of people) pesos[p.usuarioId] = '';
    set({ modo, pesos, participantes: modo === 'unico' ? [draft.pagadoPor === me ? (people.find((p) => p.usuarioId !== me)?.usuarioId ?? me) : draft.pagadoPor] : draft.participantes.length ? draft.participantes : order });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShown(true);
    setFailure(null);
    if (!checked.body || receiptError) return;
    const failed = (e: Error) => {
      if (e instanceof ApiError && Object.keys(e.fields).length > 0) setServerFields(e.fields);
      setFailure(e.message);
    };
    if (editing) {
      update.mutate({ id: editing.id, body: checked.body }, { onSuccess: onClose, onError: failed });
      return;
    }
    create.mutate(
      { body: checked.body, receipt },
      {
        onSuccess: ({ receiptFailure }) => {
          onClose();
          if (receiptFailure) onReceiptFailure(t('money.errors.savedWithoutFile', { reason: receiptFailure }));
        },
        onError: failed,
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {failure && <Alert>{failure}</Alert>}
      <TextField label={t('money.add.description')} value={draft.descripcion} onChange={(e) => set({ descripcion: e.target.value })} error={fieldError('descripcion')} maxLength={200} />
      <div className="grid grid-cols-[1fr_auto] gap-3">
        <TextField
          label={t('money.add.amount')}
          inputMode="decimal"
          autoComplete="off"
          placeholder={i18n.language === 'en' ? '12,345.67' : '12.345,67'}
          value={draft.monto}
          onChange={(e) => set({ monto: e.target.value })}
          error={fieldError('monto')}
        />
        <SelectField
          label={t('money.add.currency')}
          value={draft.moneda}
          onChange={(e) => set({ moneda: e.target.value })}
          options={currencyChoices(moneda, usedCurrencies, i18n.language).map((c) => ({ value: c.value, label: c.value }))}
          error={fieldError('moneda')}
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label={t('money.add.date')} type="date" defaultValue={draft.fecha} onChange={(e) => set({ fecha: e.target.value })} error={fieldError('fecha')} />
        <SelectField
          label={t('money.add.category')}
          value={draft.categoria}
          onChange={(e) => set({ categoria: CATEGORIES.find((c) => c === e.target.value) ?? draft.categoria })}
          options={CATEGORIES.map((c) => ({ value: c, label: t(`money.categories.${c}`) }))}
          error={fieldError('categoria')}
        />
      </div>
      <SelectField
        label={t('money.add.payer')}
        value={draft.pagadoPor}
        onChange={(e) => set({ pagadoPor: e.target.value })}
        options={people.map((p) => ({ value: p.usuarioId, label: p.yo ? t('money.add.me', { name: p.name }) : p.name }))}
        error={fieldError('pagadoPor')}
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-ink">{t('money.add.mode')}</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {SPLIT_MODES.map((m) => (
            <label key={m} className={`flex cursor-pointer items-center gap-2 rounded-xl border px-3 py-2 text-sm ${draft.modo === m ? 'border-brand-500 bg-brand-50 font-semibold' : 'border-gray-300'}`}>
              <input type="radio" name="modo" value={m} checked={draft.modo === m} onChange={() => chooseMode(m)} className="accent-brand-600" />
              {t(`money.modes.${m}`)}
            </label>
          ))}
        </div>
        <p className="text-sm text-muted">{t(`money.modes.help.${draft.modo}`)}</p>
      </fieldset>
      <fieldset className="space-y-2" aria-describedby={fieldError('participantes') ? 'money-participants-error' : undefined}>
        <legend className="text-sm font-medium text-ink">{draft.modo === 'unico' ? t('money.add.bearer') : t('money.add.participants')}</legend>
        {people.map((p) => {
          const inIt = draft.participantes.includes(p.usuarioId);
          return (
            <div key={p.usuarioId} className="flex flex-wrap items-center gap-3">
              <label className="flex min-w-40 flex-1 items-center gap-2 text-sm text-ink">
                <input
                  type={draft.modo === 'unico' ? 'radio' : 'checkbox'}
                  name="participantes"
                  checked={inIt}
                  onChange={() =>
                    set({ participantes: draft.modo === 'unico' ? [p.usuarioId] : inIt ? draft.participantes.filter((id) => id !== p.usuarioId) : [...draft.participantes, p.usuarioId] })
                  }
                  className="h-4 w-4 accent-brand-600"
                />
                {p.name}
              </label>
              {inIt && (draft.modo === 'porcentajes' || draft.modo === 'ingresos') && (
                <div className="w-40">
                  <TextField
                    label={draft.modo === 'porcentajes' ? t('money.add.percentOf', { name: p.short }) : t('money.add.incomeOf', { name: p.short })}
                    inputMode="decimal"
                    value={draft.pesos[p.usuarioId] ?? ''}
                    onChange={(e) => set({ pesos: { ...draft.pesos, [p.usuarioId]: e.target.value } })}
                    error={weightError(p.usuarioId)}
                  />
                </div>
              )}
            </div>
          );
        })}
        {fieldError('participantes') && (
          <p id="money-participants-error" className="text-sm text-red-700">
            {fieldError('participantes')}
          </p>
        )}
        {fieldError('pesos') && <p className="text-sm text-red-700">{fieldError('pesos')}</p>}
      </fieldset>
      <section aria-live="polite" aria-labelledby="money-preview" className="rounded-2xl bg-sand-100 p-3">
        <h3 id="money-preview" className="text-sm font-semibold text-ink">
          {t('money.add.preview')}
        </h3>
        {checked.preview ? (
          <ul className="mt-1 space-y-0.5 text-sm">
            {checked.preview.map((s) => (
              <li key={s.usuarioId} className="flex justify-between gap-3">
                <span>{nameOf(s.usuarioId)}</span>
                <span className="font-semibold">{money(s.monto, draft.moneda)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-muted">{t('money.add.previewEmpty')}</p>
        )}
      </section>
      {kids.length > 0 && (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-ink">{t('money.add.children')}</legend>
          <div className="flex flex-wrap gap-3">
            {kids.map((k) => (
              <label key={k.id} className="flex items-center gap-2 text-sm text-ink">
                <input
                  type="checkbox"
                  checked={draft.hijos.includes(k.id)}
                  onChange={() => set({ hijos: draft.hijos.includes(k.id) ? draft.hijos.filter((id) => id !== k.id) : [...draft.hijos, k.id] })}
                  className="h-4 w-4 accent-brand-600"
                />
                {k.name}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {!editing && (
        <div className="space-y-2 rounded-2xl border border-gray-200 p-3">
          <label className="flex items-center gap-2 text-sm font-medium text-ink">
            <input type="checkbox" checked={draft.mensual} onChange={(e) => set({ mensual: e.target.checked })} className="h-4 w-4 accent-brand-600" />
            {t('money.add.monthly')}
          </label>
          {draft.mensual && (
            <TextField label={t('money.add.until')} hint={t('money.add.untilHint')} type="date" defaultValue={draft.hasta} onChange={(e) => set({ hasta: e.target.value })} error={fieldError('hasta') ?? serverFields.recurrencia} />
          )}
          <TextField label={t('money.add.insurer')} hint={t('money.add.insurerHint')} value={draft.entidad} onChange={(e) => set({ entidad: e.target.value })} maxLength={100} error={fieldError('reintegro')} />
        </div>
      )}
      <TextArea label={t('money.add.notes')} value={draft.notas} onChange={(e) => set({ notas: e.target.value })} maxLength={2000} error={fieldError('notas')} />
      {!editing && (
        <div className="space-y-1.5">
          <label htmlFor="money-receipt" className="block text-sm font-medium text-ink">
            {t('money.add.receipt')}
          </label>
          <input
            id="money-receipt"
            type="file"
            accept="image/*,application/pdf"
            capture="environment"
            onChange={(e) => {
              const file = e.target.files?.[0] ?? null;
              setReceipt(file);
              setReceiptError(file && file.size > MAX_RECEIPT_BYTES ? t('money.add.errors.receiptSize') : null);
            }}
            className="block w-full text-sm text-ink file:mr-3 file:rounded-xl file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-700"
          />
          <p className={`text-sm ${receiptError ? 'text-red-700' : 'text-muted'}`}>{receiptError ?? t('money.add.receiptHint')}</p>
        </div>
      )}
      <FormActions busy={create.isPending || update.isPending} onCancel={onClose} submitLabel={editing ? t('money.add.saveChanges') : t('money.add.save')} />
    </form>
  );
}
