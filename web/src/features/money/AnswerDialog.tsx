import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n';
import { ApiError } from '../../api/client';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import { FormActions } from '../../components/FormActions';
import { Modal } from '../../components/Modal';
import { SelectField } from '../../components/SelectField';
import { TextArea } from '../../components/TextArea';
import { useAnswerExpense } from './api';
import { checkOffer, disputeOf, hasOffer, type OfferDraft, type OfferError } from './dispute';
import { useMoney } from './format';
import type { Person } from './people';
import { REFUSAL_MOTIVES, type Answer, type Expense, type RefusalMotive } from './types';

export type AnswerKind = 'rechazar' | 'disputar' | 'responder';

interface Props {
  expense: Expense | null;
  kind: AnswerKind;
  people: Person[];
  me: string;
  onClose: () => void;
}

const MAX_TEXT = 2000;

const TITLES: Record<AnswerKind, string> = {
  rechazar: 'money.answer.refuseTitle',
  disputar: 'money.answer.disputeTitle',
  responder: 'money.answer.replyTitle',
};

/**
 * Refusing an expense (with a reason from the list), disputing it (saying what one would accept, in
 * words and maybe as a total or a split the creator can take in one step), or, for whoever added
 * it, answering a dispute: take its proposal, reply (maybe with a counter-proposal) or withdraw.
 */
export function AnswerDialog({ expense, kind, people, me, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Modal open={expense !== null} onClose={onClose} title={t(TITLES[kind])}>
      {expense &&
        (kind === 'responder' ? (
          <ReplyForm key={expense.id} expense={expense} people={people} me={me} onClose={onClose} />
        ) : (
          <AnswerForm key={expense.id} expense={expense} kind={kind} people={people} me={me} onClose={onClose} />
        ))}
    </Modal>
  );
}

/** The shares a proposal gives, as "Ana $ 6.000,00 · Beto $ 4.000,00". */
function useSharesText(people: Person[], me: string) {
  const { t } = useTranslation();
  const money = useMoney();
  return (shares: Record<string, number> | { usuarioId: string; monto: bigint }[], moneda: string) => {
    const list = Array.isArray(shares) ? shares.map((s) => [s.usuarioId, s.monto] as const) : Object.entries(shares);
    return list
      .map(([id, amount]) => `${id === me ? t('money.expense.yourShare') : (people.find((p) => p.usuarioId === id)?.short ?? t('money.someone'))} ${money(amount, moneda)}`)
      .join(' · ');
  };
}

/** A total and maybe a split, typed: what a dispute or a reply proposes. */
function OfferFields({
  expense,
  draft,
  onChange,
  errors,
  people,
  amountLabel,
  amountHint,
  shown,
}: {
  expense: Expense;
  draft: OfferDraft;
  onChange: (d: OfferDraft) => void;
  errors: OfferError[];
  people: Person[];
  amountLabel: string;
  amountHint: string;
  shown: boolean;
}) {
  const { t, i18n } = useTranslation();
  const placeholder = i18n.language === 'en' ? '12,345.67' : '12.345,67';
  const amountError = shown ? errors.find((e) => e.field === 'monto') : undefined;
  const total = shown ? errors.find((e) => e.field === 'pesos' && e.code === 'percentTotal') : undefined;
  const nameOf = (id: string) => people.find((p) => p.usuarioId === id)?.name ?? t('money.someone');
  return (
    <div className="space-y-3">
      <TextField
        label={amountLabel}
        hint={amountHint}
        inputMode="decimal"
        autoComplete="off"
        placeholder={placeholder}
        value={draft.monto}
        onChange={(e) => onChange({ ...draft, monto: e.target.value })}
        error={amountError ? t(`money.add.errors.amount.${amountError.code}`) : undefined}
      />
      <label className="flex items-center gap-2 text-sm font-medium text-ink">
        <input type="checkbox" className="h-5 w-5" checked={draft.otroReparto} onChange={(e) => onChange({ ...draft, otroReparto: e.target.checked })} />
        {t('money.answer.otherSplit')}
      </label>
      {draft.otroReparto && (
        <fieldset className="space-y-3">
          <legend className="sr-only">{t('money.answer.otherSplit')}</legend>
          {expense.reparto.participantes.map((id) => {
            const e = shown ? errors.find((x) => x.field === 'pesos' && x.usuarioId === id) : undefined;
            return (
              <TextField
                key={id}
                label={t('money.add.percentOf', { name: nameOf(id) })}
                inputMode="decimal"
                autoComplete="off"
                value={draft.pesos[id] ?? ''}
                onChange={(ev) => onChange({ ...draft, pesos: { ...draft.pesos, [id]: ev.target.value } })}
                error={e ? t('money.add.errors.percent') : undefined}
              />
            );
          })}
          {total && <p className="text-sm text-red-700">{t('money.add.errors.percentTotal')}</p>}
        </fieldset>
      )}
    </div>
  );
}

function AnswerForm({ expense, kind, people, me, onClose }: { expense: Expense; kind: 'rechazar' | 'disputar'; people: Person[]; me: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const sharesText = useSharesText(people, me);
  const answer = useAnswerExpense();
  const [motivo, setMotivo] = useState<RefusalMotive>('no_acordado');
  const [comentario, setComentario] = useState('');
  const [propuesta, setPropuesta] = useState('');
  const [offer, setOffer] = useState<OfferDraft>({ monto: '', otroReparto: false, pesos: {} });
  const [shown, setShown] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const checked = checkOffer(offer, expense, i18n.language);
  const offering = checked.body.montoPropuesto !== undefined || checked.body.repartoPropuesto !== undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShown(true);
    const found: Record<string, string> = {};
    if (kind === 'rechazar' && motivo === 'otro' && comentario.trim() === '') found.comentario = t('money.answer.commentRequired');
    if (kind === 'disputar') {
      if (comentario.trim() === '') found.comentario = t('money.answer.commentRequired');
      if (propuesta.trim() === '' && !offering) found.propuesta = t('money.answer.proposalRequired');
    }
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0 || (kind === 'disputar' && checked.errors.length > 0)) return;
    const decision =
      kind === 'rechazar'
        ? { kind, motivo, ...(comentario.trim() ? { comentario: comentario.trim() } : {}) }
        : { kind, comentario: comentario.trim(), ...(propuesta.trim() ? { propuesta: propuesta.trim() } : {}), offer: checked.body };
    answer.mutate(
      { id: expense.id, decision },
      {
        onSuccess: onClose,
        onError: (e) => {
          if (e instanceof ApiError) setErrors(e.fields);
          setFailure(e.message);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-ink">
        {expense.descripcion} · <strong>{money(expense.monto, expense.moneda)}</strong>
      </p>
      {failure && <Alert>{failure}</Alert>}
      {kind === 'rechazar' && (
        <SelectField
          label={t('money.answer.motive')}
          value={motivo}
          onChange={(e) => setMotivo(REFUSAL_MOTIVES.find((m) => m === e.target.value) ?? motivo)}
          options={REFUSAL_MOTIVES.map((m) => ({ value: m, label: t(`money.motives.${m}`) }))}
          error={errors.motivo}
        />
      )}
      {kind === 'rechazar' && <p className="text-sm text-muted">{t('money.answer.refuseFinal')}</p>}
      <TextArea
        label={kind === 'rechazar' && motivo !== 'otro' ? t('money.answer.commentOptional') : t('money.answer.comment')}
        value={comentario}
        onChange={(e) => setComentario(e.target.value)}
        maxLength={MAX_TEXT}
        error={errors.comentario}
      />
      {kind === 'disputar' && (
        <>
          <TextArea
            label={t('money.answer.proposalOptional')}
            hint={t('money.answer.proposalHint')}
            value={propuesta}
            onChange={(e) => setPropuesta(e.target.value)}
            maxLength={MAX_TEXT}
            error={errors.propuesta}
          />
          <OfferFields expense={expense} draft={offer} onChange={setOffer} errors={checked.errors} people={people} amountLabel={t('money.answer.proposedAmount')} amountHint={t('money.answer.proposedAmountHint')} shown={shown} />
          {(errors.montoPropuesto || errors.repartoPropuesto) && <p className="text-sm text-red-700">{errors.montoPropuesto ?? errors.repartoPropuesto}</p>}
          {checked.preview && (
            <p className="text-sm text-muted" aria-live="polite">
              {t('money.expense.proposedShares', { shares: sharesText(checked.preview, expense.moneda) })}
            </p>
          )}
        </>
      )}
      <FormActions busy={answer.isPending} onCancel={onClose} submitLabel={kind === 'rechazar' ? t('money.answer.refuse') : t('money.answer.dispute')} />
    </form>
  );
}

/** What a dispute or a reply proposes, in words and figures. */
export function ProposalText({ answer, expense, people, me }: { answer: Answer; expense: Expense; people: Person[]; me: string }) {
  const { t } = useTranslation();
  const money = useMoney();
  const sharesText = useSharesText(people, me);
  return (
    <>
      {answer.comentario && <p className="break-words">{answer.comentario}</p>}
      {answer.propuesta && <p className="break-words">{t('money.expense.proposal', { text: answer.propuesta })}</p>}
      {answer.montoPropuesto != null && <p>{t('money.expense.proposedTotal', { amount: money(answer.montoPropuesto, expense.moneda) })}</p>}
      {answer.partesPropuestas && <p>{t('money.expense.proposedShares', { shares: sharesText(answer.partesPropuestas, expense.moneda) })}</p>}
    </>
  );
}

function ReplyForm({ expense, people, me, onClose }: { expense: Expense; people: Person[]; me: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const answer = useAnswerExpense();
  const { latest, disputer } = disputeOf(expense);
  const [comentario, setComentario] = useState('');
  const [offer, setOffer] = useState<OfferDraft>({ monto: '', otroReparto: false, pesos: {} });
  const [shown, setShown] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const checked = checkOffer(offer, expense, i18n.language);
  const name = people.find((p) => p.usuarioId === disputer)?.short ?? t('money.someone');
  const done = {
    onSuccess: onClose,
    onError: (e: Error) => {
      if (e instanceof ApiError) setErrors(e.fields);
      setFailure(e.message);
    },
  };

  const reply = (event: FormEvent) => {
    event.preventDefault();
    setShown(true);
    setFailure(null);
    const found: Record<string, string> = {};
    if (comentario.trim() === '') found.comentario = t('money.answer.commentRequired');
    setErrors(found);
    if (Object.keys(found).length > 0 || checked.errors.length > 0) return;
    answer.mutate({ id: expense.id, decision: { kind: 'contestar', comentario: comentario.trim(), offer: checked.body } }, done);
  };

  return (
    <div className="space-y-5">
      {failure && <Alert>{failure}</Alert>}
      {latest && (
        <section aria-labelledby="dispute-proposal" className="space-y-2 rounded-2xl bg-sand-100 p-4 text-sm text-ink">
          <h3 id="dispute-proposal" className="font-semibold">
            {t('money.answer.theirProposal', { name })}
          </h3>
          <ProposalText answer={latest} expense={expense} people={people} me={me} />
          {hasOffer(latest) ? (
            <div className="space-y-2 pt-1">
              <p className="text-muted">{t('money.answer.takeHint')}</p>
              <Button busy={answer.isPending} onClick={() => answer.mutate({ id: expense.id, decision: { kind: 'aceptar-propuesta' } }, done)}>
                {t('money.answer.take')}
              </Button>
            </div>
          ) : (
            <p className="text-muted">{t('money.answer.noOffer')}</p>
          )}
        </section>
      )}
      <form onSubmit={reply} noValidate className="space-y-4" aria-labelledby="dispute-reply">
        <h3 id="dispute-reply" className="font-semibold text-ink">
          {t('money.answer.replyHeading')}
        </h3>
        <p className="text-sm text-muted">{t('money.answer.replyHint', { name })}</p>
        <TextArea label={t('money.answer.comment')} value={comentario} onChange={(e) => setComentario(e.target.value)} maxLength={MAX_TEXT} error={errors.comentario} />
        <OfferFields expense={expense} draft={offer} onChange={setOffer} errors={checked.errors} people={people} amountLabel={t('money.answer.counterAmount')} amountHint={t('money.answer.counterAmountHint', { name })} shown={shown} />
        {(errors.montoPropuesto || errors.repartoPropuesto) && <p className="text-sm text-red-700">{errors.montoPropuesto ?? errors.repartoPropuesto}</p>}
        <Button type="submit" variant="secondary" busy={answer.isPending}>
          {t('money.answer.send')}
        </Button>
      </form>
      <section aria-labelledby="dispute-withdraw" className="space-y-2 border-t border-sand-200 pt-4">
        <h3 id="dispute-withdraw" className="font-semibold text-ink">
          {t('money.answer.withdrawHeading')}
        </h3>
        <p className="text-sm text-muted">{t('money.answer.withdrawHint')}</p>
        <Button variant="ghost" disabled={answer.isPending} onClick={() => answer.mutate({ id: expense.id, decision: { kind: 'retirar' } }, done)}>
          {t('money.answer.withdraw')}
        </Button>
      </section>
    </div>
  );
}
