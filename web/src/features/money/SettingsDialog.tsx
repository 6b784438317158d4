import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n';
import { ApiError } from '../../api/client';
import { Alert } from '../../components/Alert';
import { FormActions } from '../../components/FormActions';
import { TextField } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { SelectField } from '../../components/SelectField';
import { Button } from '../../components/Button';
import { useAnswerSettingsProposal, useSaveSettings } from './api';
import { useMoney } from './format';
import { currencyChoices } from './currencies';
import type { Person } from './people';
import { approvalCurrencies, checkSettings, draftFromSettings, type SettingsDraft, type SettingsError } from './settingsForm';
import type { FinanceSettings, ProposalChoice, SettingsProposal } from './types';

interface Props {
  open: boolean;
  onClose: () => void;
  familiaId: string;
  me: string;
  people: Person[];
  settings: FinanceSettings | undefined;
  usedCurrencies: string[];
}

/**
 * The family's finance settings: its currency, the amounts that approve themselves, each
 * co-parent's income; and the change proposed to them that waits, for the others to accept or
 * decline and its proposer to withdraw.
 */
export function SettingsDialog({ open, onClose, ...rest }: Props) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t('money.settings.title')}>
      {open && rest.settings && <SettingsForm onClose={onClose} {...rest} settings={rest.settings} />}
    </Modal>
  );
}

/** The proposed change, what it would change from what, and who still has to answer. */
export function PendingProposal({
  proposal,
  me,
  people,
  moneda,
  busy,
  onDecide,
}: {
  proposal: SettingsProposal;
  me: string;
  people: Person[];
  moneda: string;
  busy: boolean;
  /** Sends the reader's answer; the caller outlives this box, which goes once it is answered. */
  onDecide: (decision: ProposalChoice) => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const nameOf = (id: string | null | undefined) => people.find((p) => p.usuarioId === id)?.name ?? t('money.someone');
  const mine = proposal.propuestaPor === me;
  const items = [
    ...Object.entries(proposal.cambios.aprobacionAutomatica ?? {}).map(([currency, monto]) => {
      const before = proposal.anteriores.aprobacionAutomatica?.[currency] ?? 0;
      const beforeText = before > 0 ? money(before, currency) : t('money.settings.nothing');
      return monto > 0
        ? t('money.settings.approvalChange', { currency, amount: money(monto, currency), before: beforeText })
        : t('money.settings.approvalNone', { currency, before: beforeText });
    }),
    ...Object.entries(proposal.cambios.ingresos ?? {}).map(([id, monto]) => {
      const before = proposal.anteriores.ingresos?.[id];
      return monto == null
        ? t('money.settings.incomeNone', { name: nameOf(id) })
        : t('money.settings.incomeChange', { name: nameOf(id), amount: money(monto, moneda), before: before == null ? t('money.settings.nothing') : money(before, moneda) });
    }),
  ];
  return (
    <section aria-labelledby="money-proposal" className="space-y-2 rounded-2xl bg-brand-50 p-4 text-sm text-ink ring-1 ring-brand-200">
      <h3 id="money-proposal" className="font-semibold">
        {t('money.settings.pendingTitle')}
      </h3>
      <p>{mine ? t('money.settings.pendingYours') : t('money.settings.pendingBy', { name: nameOf(proposal.propuestaPor) })}</p>
      <ul className="list-disc space-y-1 pl-5">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      {proposal.faltan.length > 0 && <p className="text-muted">{t('money.settings.waitingFor', { names: proposal.faltan.map(nameOf).join(', ') })}</p>}
      <div className="flex flex-wrap gap-2 pt-1">
        {mine ? (
          <Button variant="secondary" busy={busy} onClick={() => onDecide('retirar')}>
            {t('money.settings.withdraw')}
          </Button>
        ) : (
          proposal.faltan.includes(me) && (
            <>
              <Button busy={busy} onClick={() => onDecide('aceptar')}>
                {t('money.settings.accept')}
              </Button>
              <Button variant="secondary" disabled={busy} onClick={() => onDecide('rechazar')}>
                {t('money.settings.decline')}
              </Button>
            </>
          )
        )}
      </div>
    </section>
  );
}

export function SettingsForm({ onClose, familiaId, me, people, settings, usedCurrencies }: Omit<Props, 'open' | 'settings'> & { settings: FinanceSettings }) {
  const { t, i18n } = useTranslation();
  const save = useSaveSettings();
  const answer = useAnswerSettingsProposal();
  const [sent, setSent] = useState(false);
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
        // What waits for the others stays in view, with who still has to answer.
        onSuccess: (answer) => (answer.propuesta ? setSent(true) : onClose()),
        onError: (e) => {
          if (e instanceof ApiError && Object.keys(e.fields).length > 0) setServerFields(e.fields);
          setFailure(e.message);
        },
      },
    );
  };

  return (
    <div className="space-y-5">
      {sent && <Alert kind="info">{t('money.settings.sent')}</Alert>}
      {failure && <Alert>{failure}</Alert>}
      {/* Outside the form: its answers are not a save of the settings. */}
      {settings.propuestas.map((p) => (
        <PendingProposal
          key={p.id}
          proposal={p}
          me={me}
          people={people}
          moneda={settings.moneda}
          busy={answer.isPending}
          // Once answered, what the form shows is the settings before it: it closes.
          onDecide={(decision) => {
            setFailure(null);
            answer.mutate({ familiaId, id: p.id, decision }, { onSuccess: onClose, onError: (e) => setFailure(e.message) });
          }}
        />
      ))}
      <form onSubmit={submit} noValidate className="space-y-5">
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
            {t('money.settings.approvalHelp')} {t('money.settings.consentHelp')}
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
    </div>
  );
}
