import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation, type TFunction } from '../../i18n';
import { Alert } from '../../components/Alert';
import { TextField } from '../../components/Field';
import { FormActions } from '../../components/FormActions';
import { Modal } from '../../components/Modal';
import { SelectField } from '../../components/SelectField';
import { formFailure } from '../../lib/serverErrors';
import type { Family, Member } from '../../api/families';
import { useCreateConversation } from './api';
import { topicValues } from '../../api/schema';
import type { Topic } from './types';

const schema = (t: TFunction) =>
  z.object({
    familiaId: z.string().min(1, t('messages.newDialog.familyRequired')),
    tema: z.enum(topicValues),
    asunto: z.string().trim().min(1, t('messages.newDialog.subjectRequired')).max(200, t('messages.newDialog.subjectTooLong')),
    participantes: z.array(z.string()).min(1, t('messages.newDialog.participantsRequired')),
  });

type Values = { familiaId: string; tema: Topic; asunto: string; participantes: string[] };

const FIELDS = { familiaId: 'familiaId', tema: 'tema', asunto: 'asunto', participantes: 'participantes' } as const;

/** The other active members of a family; the co-parents are ticked at first, viewers are not. */
export function otherMembers(family: Family | undefined): Member[] {
  return (family?.miembros ?? []).filter((m) => !m.yo && m.estado === 'activo');
}

export const defaultParticipants = (family: Family | undefined) =>
  otherMembers(family)
    .filter((m) => m.permiso === 'coparent')
    .map((m) => m.usuarioId);

interface Props {
  open: boolean;
  onClose: () => void;
  families: Family[];
  defaultFamilyId: string;
}

export function NewConversationDialog({ open, onClose, families, defaultFamilyId }: Props) {
  const { t } = useTranslation();
  const create = useCreateConversation();
  return (
    <Modal open={open} onClose={onClose} title={t('messages.newDialog.title')} locked={create.isPending}>
      {open && <NewConversationForm families={families} defaultFamilyId={defaultFamilyId} onCreate={create.mutateAsync} onCancel={onClose} />}
    </Modal>
  );
}

function NewConversationForm({
  families,
  defaultFamilyId,
  onCreate,
  onCancel,
}: {
  families: Family[];
  defaultFamilyId: string;
  onCreate: (body: Values) => Promise<{ _id: string }>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const first = families.find((f) => f._id === defaultFamilyId) ?? families[0];
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(schema(t)),
    defaultValues: { familiaId: first?._id ?? '', tema: 'general', asunto: '', participantes: defaultParticipants(first) },
  });
  const familiaId = useWatch({ control, name: 'familiaId' });
  const family = families.find((f) => f._id === familiaId);
  const members = otherMembers(family);

  // Families that arrive after the dialog opened (it can open before the list has loaded): the
  // form takes the default one then, instead of staying on none.
  useEffect(() => {
    if (first && !families.some((f) => f._id === familiaId)) setValue('familiaId', first._id);
  }, [families, familiaId, first, setValue]);

  // Another family, other people: start again from its co-parents.
  useEffect(() => {
    setValue('participantes', defaultParticipants(families.find((f) => f._id === familiaId)));
  }, [familiaId, families, setValue]);

  const submit = async (values: Values) => {
    setFailure(null);
    try {
      const conversation = await onCreate({ ...values, asunto: values.asunto.trim() });
      onCancel();
      void navigate(`/messages/${conversation._id}`);
    } catch (err) {
      setFailure(formFailure(err, setError, FIELDS, t('messages.errors.create')));
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="space-y-4">
      {failure && <Alert>{failure}</Alert>}
      {families.length > 1 && (
        <SelectField
          label={t('messages.family')}
          options={families.map((f) => ({ value: f._id, label: f.nombre }))}
          error={errors.familiaId?.message}
          {...register('familiaId')}
        />
      )}
      <SelectField
        label={t('messages.newDialog.topic')}
        options={topicValues.filter((topic) => topic !== 'profesional').map((topic) => ({ value: topic, label: t(`messages.topics.${topic}`) }))}
        error={errors.tema?.message}
        {...register('tema')}
      />
      <TextField label={t('messages.newDialog.subject')} autoComplete="off" maxLength={200} error={errors.asunto?.message} {...register('asunto')} />
      <fieldset aria-describedby={errors.participantes ? 'participants-error' : undefined}>
        <legend className="text-sm font-medium text-ink">{t('messages.newDialog.participants')}</legend>
        <p className="text-sm text-muted">{t('messages.newDialog.participantsHint')}</p>
        {members.length === 0 ? (
          <p className="mt-2 rounded-xl bg-sand-100 px-3 py-2 text-sm text-ink">{t('messages.newDialog.nobody')}</p>
        ) : (
          <ul className="mt-2 space-y-1">
            {members.map((m) => (
              <li key={m.usuarioId}>
                <label className="flex items-center gap-3 rounded-xl px-2 py-2 hover:bg-sand-50">
                  <input type="checkbox" value={m.usuarioId} {...register('participantes')} className="accent-brand-600" />
                  <span className="min-w-0 flex-1 text-sm text-ink">
                    {m.nombre} {m.apellido}
                    <span className="ml-2 text-xs text-muted">{t(`messages.newDialog.permission.${m.permiso}`)}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
        {errors.participantes && (
          <p id="participants-error" className="mt-1 text-sm text-red-700">
            {errors.participantes.message}
          </p>
        )}
      </fieldset>
      <FormActions busy={isSubmitting} onCancel={onCancel} submitLabel={t('messages.newDialog.submit')} />
    </form>
  );
}
