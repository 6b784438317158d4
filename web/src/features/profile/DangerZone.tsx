import { startTransition, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { Trans, useTranslation } from '../../i18n';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { PasswordField, TextField } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { formFailure } from '../../lib/serverErrors';
import { useSession } from '../../lib/session';
import { useCloseAccount } from './api';
import { closeAccountSchema, type CloseAccountValues } from './schemas';
import { Card, Disclosure } from '../../components/ui';

const FIELDS = { password: 'password', confirmacion: 'confirmacion' } as const;
const EMPTY: CloseAccountValues = { confirmacion: '', password: '' };
const POINTS = ['now', 'grace', 'erase', 'children'] as const;

/** Spec §2 danger zone: what closing the account means, then a dialog that asks for the word and the password. */
export function DangerZone() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [asking, setAsking] = useState(false);
  return (
    <Card title={t('profile.edit.danger.title')} tone="danger">
      <Disclosure label={t('profile.edit.danger.toggle')} open={open} onToggle={() => setOpen((v) => !v)} tone="danger">
        <p className="text-sm text-muted">{t('profile.edit.danger.intro')}</p>
        <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-ink marker:text-red-700">
          {POINTS.map((point) => (
            <li key={point}>{t(`profile.edit.danger.points.${point}`)}</li>
          ))}
        </ul>
        <p className="mt-3 text-sm text-muted">
          <Trans
            i18nKey="profile.edit.danger.exportHint"
            components={{ link: <Link to="/profile/privacy" className="font-medium text-brand-700 underline underline-offset-2" /> }}
          />
        </p>
        <Button variant="danger" className="mt-4 w-full sm:w-auto" onClick={() => setAsking(true)}>
          {t('profile.edit.danger.button')}
        </Button>
      </Disclosure>
      <CloseAccountDialog open={asking} onClose={() => setAsking(false)} />
    </Card>
  );
}

function CloseAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { forget } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const close = useCloseAccount();
  const [failure, setFailure] = useState<string | null>(null);
  const word = t('profile.edit.danger.word');
  const [closed, setClosed] = useState(false);
  // What was cached for the closed account goes once the page has gone (not before: the page
  // would fetch it again, without a session).
  useEffect(() => {
    if (closed) return () => queryClient.removeQueries();
  }, [closed, queryClient]);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CloseAccountValues>({ resolver: zodResolver(closeAccountSchema(t)), defaultValues: EMPTY });

  const cancel = () => {
    reset(EMPTY);
    setFailure(null);
    onClose();
  };

  const submit = async (values: CloseAccountValues) => {
    setFailure(null);
    try {
      await close.mutateAsync({ password: values.password, confirmacion: values.confirmacion.trim() });
    } catch (err) {
      setFailure(formFailure(err, setError, FIELDS, t('profile.edit.danger.failed')));
      return;
    }
    // The server has ended every session, this one too: forget it here (no sign-out call, there is
    // nothing left to end) while leaving for the home page. One transition for both, as the router
    // navigates in one: otherwise the guard would see no user first and send to /login.
    setClosed(true);
    startTransition(() => {
      navigate('/', { replace: true });
      forget();
    });
  };

  return (
    <Modal open={open} onClose={cancel} title={t('profile.edit.danger.dialogTitle')} locked={isSubmitting}>
      <form noValidate onSubmit={handleSubmit(submit)} className="space-y-4">
        <p className="text-sm text-muted">{t('profile.edit.danger.dialogBody', { word })}</p>
        {failure && <Alert>{failure}</Alert>}
        <TextField
          label={t('profile.edit.danger.wordLabel', { word })}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.confirmacion?.message}
          {...register('confirmacion')}
        />
        <PasswordField label={t('fields.password')} autoComplete="current-password" error={errors.password?.message} {...register('password')} />
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={cancel} disabled={isSubmitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="danger" busy={isSubmitting}>
            {t('profile.edit.danger.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
