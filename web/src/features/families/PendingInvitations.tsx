import { useState } from 'react';
import { useTranslation } from '../../i18n';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatDay, isExpired } from '../../lib/familyCodes';
import type { Invitation } from '../../api/invitations';
import { permissionKey, relationKey } from '../../lib/familyLabels';

interface Props {
  invitations: Invitation[];
  onResend: (invitation: Invitation) => Promise<unknown>;
  onRevoke: (invitation: Invitation) => Promise<unknown>;
  onDone: (toastKey: string) => void;
}

/** The family's email invitations not yet accepted: resend (a new link, 7 more days) or revoke. */
export function PendingInvitations({ invitations, onResend, onRevoke, onDone }: Props) {
  const { t, i18n } = useTranslation();
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ id: string; message: string } | null>(null);

  if (invitations.length === 0) return <p className="text-sm text-muted">{t('families.pending.none')}</p>;

  const resend = async (invitation: Invitation) => {
    setFailure(null);
    setBusy(invitation._id);
    try {
      await onResend(invitation);
      onDone('families.pending.resent');
    } catch (err) {
      setFailure({ id: invitation._id, message: err instanceof Error ? err.message : t('families.pending.resendFailed') });
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <ul className="divide-y divide-sand-200" aria-label={t('families.pending.title')}>
        {invitations.map((invitation) => {
          const expired = isExpired(invitation);
          return (
            <li key={invitation._id} className="py-3" data-testid="pending-invitation">
              <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                <div className="min-w-0">
                  <p className="break-all font-semibold text-ink">{invitation.email}</p>
                  <p className="mt-0.5 text-sm text-muted">
                    {t(relationKey(invitation.relacion))}
                    <span aria-hidden="true"> · </span>
                    {t(permissionKey(invitation.permiso))}
                  </p>
                  <p className={`mt-0.5 text-sm ${expired ? 'font-semibold text-red-700' : 'text-muted'}`}>
                    {expired ? t('families.pending.expired') : t('families.pending.expires', { date: formatDay(invitation.expiresAt, i18n.language) })}
                  </p>
                </div>
                <div className="flex shrink-0 flex-wrap gap-2">
                  <Button variant="secondary" busy={busy === invitation._id} onClick={() => void resend(invitation)}>
                    {t('families.pending.resend')}
                    <span className="sr-only"> {invitation.email}</span>
                  </Button>
                  <Button variant="ghost" className="text-red-700 hover:bg-red-50" disabled={busy === invitation._id} onClick={() => setRevoking(invitation)}>
                    {t('families.pending.revoke')}
                    <span className="sr-only"> {invitation.email}</span>
                  </Button>
                </div>
              </div>
              {failure?.id === invitation._id && (
                <div className="mt-2">
                  <Alert>{failure.message}</Alert>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={revoking !== null}
        title={t('families.pending.revokeTitle')}
        body={t('families.pending.revokeBody', { email: revoking?.email ?? '' })}
        confirmLabel={t('families.pending.revokeConfirm')}
        onConfirm={async () => {
          if (!revoking) return;
          await onRevoke(revoking);
          onDone('families.pending.revoked');
        }}
        onClose={() => setRevoking(null)}
      />
    </>
  );
}
