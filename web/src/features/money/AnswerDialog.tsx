import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n';
import { ApiError } from '../../api/client';
import { Alert } from '../../components/Alert';
import { FormActions } from '../../components/FormActions';
import { Modal } from '../../components/Modal';
import { SelectField } from '../../components/SelectField';
import { TextArea } from '../../components/TextArea';
import { useAnswerExpense } from './api';
import { useMoney } from './format';
import { REFUSAL_MOTIVES, type Expense, type RefusalMotive } from './types';

interface Props {
  expense: Expense | null;
  kind: 'rechazar' | 'disputar';
  onClose: () => void;
}

const MAX_TEXT = 2000;

/** Refusing an expense (with a reason from the list) or disputing it (saying what one would accept). */
export function AnswerDialog({ expense, kind, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Modal open={expense !== null} onClose={onClose} title={kind === 'rechazar' ? t('money.answer.refuseTitle') : t('money.answer.disputeTitle')}>
      {expense && <AnswerForm key={expense.id} expense={expense} kind={kind} onClose={onClose} />}
    </Modal>
  );
}

function AnswerForm({ expense, kind, onClose }: { expense: Expense; kind: Props['kind']; onClose: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const answer = useAnswerExpense();
  const [motivo, setMotivo] = useState<RefusalMotive>('no_acordado');
  const [comentario, setComentario] = useState('');
  const [propuesta, setPropuesta] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (kind === 'rechazar' && motivo === 'otro' && comentario.trim() === '') found.comentario = t('money.answer.commentRequired');
    if (kind === 'disputar') {
      if (comentario.trim() === '') found.comentario = t('money.answer.commentRequired');
      if (propuesta.trim() === '') found.propuesta = t('money.answer.proposalRequired');
    }
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    const decision =
      kind === 'rechazar'
        ? { kind, motivo, ...(comentario.trim() ? { comentario: comentario.trim() } : {}) }
        : { kind, comentario: comentario.trim(), propuesta: propuesta.trim() };
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
          onChange={(e) => setMotivo(e.target.value as RefusalMotive)}
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
        <TextArea label={t('money.answer.proposal')} hint={t('money.answer.proposalHint')} value={propuesta} onChange={(e) => setPropuesta(e.target.value)} maxLength={MAX_TEXT} error={errors.propuesta} />
      )}
      <FormActions busy={answer.isPending} onCancel={onClose} submitLabel={kind === 'rechazar' ? t('money.answer.refuse') : t('money.answer.dispute')} />
    </form>
  );
}
