import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { SelectField } from '../../components/SelectField';
import { Disclosure, useDisclosure } from '../../components/ui';
import { copyText, formatDay, shareLink, spacedCode } from '../../lib/familyCodes';
import type { CodeInput, Invitation } from '../../api/invitations';
import { PermissionChoice } from './PermissionChoice';
import { permissionKey, relationKey, relationOptions } from '../../lib/familyLabels';

interface Props {
  /** The family's current pending code, or null when it has none. */
  code: Invitation | null;
  /** Where the app is served, for the share link (location.origin). */
  origin: string;
  /** The link's invitedBy when the code's creator is gone: the person looking at it. */
  fallbackInviterId: string;
  onCreate: (body: CodeInput) => Promise<unknown>;
  onDone: (toastKey: string) => void;
  /** Stands in for the clipboard in tests. */
  copy?: (text: string) => Promise<boolean>;
}

/** The family's linking code: read it aloud, copy it or its link, make a new one. */
export function LinkingCode({ code, origin, fallbackInviterId, onCreate, onDone, copy = copyText }: Props) {
  const { t, i18n } = useTranslation();
  const form = useDisclosure(false);
  const [copied, setCopied] = useState<{ what: 'code' | 'link'; ok: boolean } | null>(null);
  const [confirming, setConfirming] = useState<CodeInput | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { isSubmitting },
  } = useForm<CodeInput>({ defaultValues: { permiso: code?.permiso ?? 'coparent', relacion: code?.relacion ?? 'otro' } });

  const create = async (values: CodeInput) => {
    setFailure(null);
    try {
      await onCreate(values);
      reset(values);
      form.setOpen(false);
      setCopied(null);
      onDone(code ? 'families.code.regenerated' : 'families.code.created');
    } catch (err) {
      setFailure(err instanceof Error ? err.message : t('families.code.failed'));
    }
  };

  const onCopy = async (what: 'code' | 'link', text: string) => setCopied({ what, ok: await copy(text) });
  const link = code?.codigo ? shareLink(origin, code.invitadoPor?._id ?? fallbackInviterId, code.codigo) : '';

  const settings = (
    <form
      noValidate
      className="space-y-4"
      onSubmit={handleSubmit(async (values) => {
        // A new code replaces the old one: ask first when there is one.
        if (code) setConfirming(values);
        else await create(values);
      })}
    >
      {failure && <Alert>{failure}</Alert>}
      <PermissionChoice {...register('permiso')} />
      <div className="sm:w-1/2 sm:pr-2">
        <SelectField label={t('families.invite.relation')} options={relationOptions((r) => t(relationKey(r)))} {...register('relacion')} />
      </div>
      <div className="flex justify-end">
        <Button type="submit" busy={isSubmitting}>
          {code ? t('families.code.regenerate') : t('families.code.create')}
        </Button>
      </div>
    </form>
  );

  if (!code?.codigo)
    return (
      <div className="space-y-4">
        <p className="text-sm text-muted">{t('families.code.none')}</p>
        {settings}
      </div>
    );

  return (
    <div className="space-y-4">
      <p className="text-sm text-muted">{t('families.code.lead')}</p>
      <div className="rounded-2xl bg-sand-100 px-4 py-5 text-center">
        {/* Read letter by letter by screen readers; drawn in two groups of four. */}
        <p className="sr-only">{`${t('families.code.label')}: ${code.codigo.split('').join(' ')}`}</p>
        <p data-testid="linking-code" aria-hidden="true" className="select-all font-mono text-3xl font-bold tracking-[0.3em] text-ink sm:text-4xl">
          {spacedCode(code.codigo)}
        </p>
        <p className="mt-2 text-sm text-muted">
          {t(permissionKey(code.permiso))}
          <span aria-hidden="true"> · </span>
          {t(relationKey(code.relacion))}
        </p>
        <p className="mt-1 text-sm text-muted">{t('families.pending.expires', { date: formatDay(code.expiresAt, i18n.language) })}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void onCopy('code', code.codigo ?? '')}>
          {t('families.code.copyCode')}
        </Button>
        <Button variant="secondary" onClick={() => void onCopy('link', link)}>
          {t('families.code.copyLink')}
        </Button>
      </div>
      <div>
        <label className="block text-sm">
          <span className="mb-1 block font-medium text-ink">{t('families.code.link')}</span>
          <input
            readOnly
            value={link}
            onFocus={(e) => e.currentTarget.select()}
            className="block w-full rounded-xl border border-gray-300 bg-sand-100 px-3 py-2 font-mono text-sm text-ink focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
          />
        </label>
      </div>
      <p role="status" className="text-sm text-muted">
        {copied && (copied.ok ? t(`families.code.copied.${copied.what}`) : t('families.code.copyFailed'))}
      </p>
      <div className="border-t border-sand-200 pt-2">
        <Disclosure label={t('families.code.regenerateTitle')} open={form.open} onToggle={form.toggle}>
          <p className="mb-3 text-sm text-muted">{t('families.code.regenerateHint')}</p>
          {settings}
        </Disclosure>
      </div>
      <ConfirmDialog
        open={confirming !== null}
        title={t('families.code.confirmTitle')}
        body={t('families.code.confirmBody', { code: spacedCode(code.codigo) })}
        confirmLabel={t('families.code.regenerate')}
        onConfirm={async () => {
          if (!confirming) return;
          await onCreate(confirming);
          reset(confirming);
          form.setOpen(false);
          setCopied(null);
          onDone('families.code.regenerated');
        }}
        onClose={() => setConfirming(null)}
      />
    </div>
  );
}
