import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n';
import { ApiError } from '../../api/client';
import { Alert } from '../../components/Alert';
import { FormActions } from '../../components/FormActions';
import { TextField } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { SelectField } from '../../components/SelectField';
import { useSaveSettings } from './api';
import { currencyChoices } from './currencies';
import type { Person } from './people';
import { approvalCurrencies, checkSettings, draftFromSettings, type SettingsDraft, type SettingsError } from './settingsForm';
import type { FinanceSettings } from './types';

interface Props {
  open: boolean;
  onClose: () => void;
  familiaId: string;
  people: Person[];
  settings: FinanceSettings | undefined;
  usedCurrencies: string[];
}

/** The family's finance settings: its currency, the amounts that approve themselves, each co-parent's income. */
export function SettingsDialog({ open, onClose, ...rest }: Props) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t('money.settings.title')}>
      {open && rest.settings && <SettingsForm onClose={onClose} {...rest} settings={rest.settings} />}
    </Modal>
  );
}

export function SettingsForm({ onClose, familiaId, people, settings, usedCurrencies }: Omit<Props, 'open' | 'settings'> & { settings: FinanceSettings }) {
  const { t, i18n } = useTranslation();
  const save = useSaveSettings();
  const [draft, setDraft] = useState<SettingsDraft>(() => draftFromSettings(settings, people, usedCurrencies, i18n.language));
  const [shown, setShown] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const checked = checkSettings(draft, people, i18n.language);
  const currencies = approvalCurrencies(draft.moneda, Object.keys(draft.aprobacion), usedCurrencies);
  const set = (change: Partial<SettingsDraft>) => {
    setDraft((d) => ({ ...d, ...change }));
    setServerFields({});
  };
  const errorText = (e: SettingsError | undefined) => (shown && e ? t(`money.add.errors.amount.${e.code}`) : undefined);
  const placeholder = i18n.language === 'en' ? '12,345.67' : '12.345,67';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShown(true);
    setFailure(null);
    if (!checked.body) return;
    save.mutate(
      { familiaId, body: checked.body },
      {
        onSuccess: onClose,
        onError: (e) => {
          if (e instanceof ApiError && Object.keys(e.fields).length > 0) setServerFields(e.fields);
          setFailure(e.message);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      {failure && <Alert>{failure}</Alert>}
      <SelectField
        label={t('money.settings.currency')}
        value={draft.moneda}
        onChange={(e) => set({ moneda: e.target.value })}
        options={currencyChoices(settings.moneda, usedCurrencies, i18n.language)}
        error={serverFields.moneda}
      />
      <p className="-mt-3 text-sm text-muted">{t('money.settings.currencyHint')}</p>
      <fieldset className="space-y-3" aria-describedby="money-approval-help">
        <legend className="text-sm font-semibold text-ink">{t('money.settings.approval')}</legend>
        <p id="money-approval-help" className="text-sm text-muted">
          {t('money.settings.approvalHelp')}
        </p>
        {currencies.map((code) => (
          <TextField
            key={code}
            label={t('money.settings.approvalIn', { currency: code })}
            inputMode="decimal"
            autoComplete="off"
            placeholder={placeholder}
            value={draft.aprobacion[code] ?? ''}
            onChange={(e) => set({ aprobacion: { ...draft.aprobacion, [code]: e.target.value } })}
            error={errorText(checked.errors.find((e) => e.field === 'aprobacion' && e.moneda === code))}
          />
        ))}
        {serverFields.aprobacionAutomatica && <p className="text-sm text-red-700">{serverFields.aprobacionAutomatica}</p>}
      </fieldset>
      <fieldset className="space-y-3" aria-describedby="money-incomes-help">
        <legend className="text-sm font-semibold text-ink">{t('money.settings.incomes')}</legend>
        <p id="money-incomes-help" className="text-sm text-muted">
          {t('money.settings.incomesHelp', { currency: draft.moneda })}
        </p>
        {people.map((p) => (
          <TextField
            key={p.usuarioId}
            label={t('money.settings.incomeOf', { name: p.yo ? t('money.settings.you', { name: p.name }) : p.name })}
            inputMode="decimal"
            autoComplete="off"
            placeholder={placeholder}
            value={draft.ingresos[p.usuarioId] ?? ''}
            onChange={(e) => set({ ingresos: { ...draft.ingresos, [p.usuarioId]: e.target.value } })}
            error={errorText(checked.errors.find((e) => e.field === 'ingresos' && e.usuarioId === p.usuarioId))}
          />
        ))}
        {serverFields.ingresos && <p className="text-sm text-red-700">{serverFields.ingresos}</p>}
      </fieldset>
      <FormActions busy={save.isPending} onCancel={onClose} submitLabel={t('money.settings.save')} />
    </form>
  );
}
