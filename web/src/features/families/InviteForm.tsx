import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation, type TFunction } from '../../i18n';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import { SelectField } from '../../components/SelectField';
import { emailSchema } from '../../lib/emailSchema';
import { formFailure } from '../../lib/serverErrors';
import type { InviteInput, MailLanguage } from '../../api/invitations';
import { PermissionChoice } from './PermissionChoice';
import { langValues } from '../../api/schema';
import { PERMISSIONS, RELATIONS, relationKey, relationOptions } from '../../lib/familyLabels';

export const inviteSchema = (t: TFunction) =>
  z.object({
    email: emailSchema(t),
    permiso: z.enum(PERMISSIONS),
    relacion: z.enum(RELATIONS),
    idioma: z.enum(langValues),
  });

const FIELDS = { email: 'email', permiso: 'permiso', relacion: 'relacion', idioma: 'idioma' } as const;

/** Invite someone to the family by email: who, with what access, their relation, the mail's language. */
export function InviteForm({ onInvite, onSent }: { onInvite: (body: InviteInput) => Promise<unknown>; onSent: () => void }) {
  const { t, i18n } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const defaults: InviteInput = { email: '', permiso: 'coparent', relacion: 'otro', idioma: i18n.language as MailLanguage };
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<InviteInput>({ resolver: zodResolver(inviteSchema(t)), defaultValues: defaults });

  const submit = async (values: InviteInput) => {
    setFailure(null);
    try {
      await onInvite({ ...values, email: values.email.trim().toLowerCase() });
      reset(defaults);
      onSent();
    } catch (err) {
      setFailure(formFailure(err, setError, FIELDS, t('families.invite.failed')));
    }
  };

  return (
    <form noValidate aria-label={t('families.invite.title')} onSubmit={handleSubmit(submit)} className="space-y-4">
      {failure && <Alert>{failure}</Alert>}
      <TextField
        label={t('families.invite.email')}
        type="email"
        autoComplete="off"
        inputMode="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <PermissionChoice {...register('permiso')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('families.invite.relation')}
          options={relationOptions((r) => t(relationKey(r)))}
          error={errors.relacion?.message}
          {...register('relacion')}
        />
        <SelectField
          label={t('families.invite.mailLanguage')}
          options={[
            { value: 'es', label: t('families.invite.languages.es') },
            { value: 'en', label: t('families.invite.languages.en') },
          ]}
          error={errors.idioma?.message}
          {...register('idioma')}
        />
      </div>
      <div className="flex justify-end">
        <Button type="submit" busy={isSubmitting}>
          {t('families.invite.send')}
        </Button>
      </div>
    </form>
  );
}
