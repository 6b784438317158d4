import { useState } from 'react';
import { useTranslation } from '../../i18n';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Loading } from '../../components/Spinner';
import { formatDay } from '../../lib/familyCodes';
import type { InvitationLookup, ReceivedInvitation } from '../../api/invitations';
import { permissionKey, relationKey } from '../../lib/familyLabels';

/** The inviter's name; null when their account is gone. */
const fullName = (p: { nombre: string; apellido: string } | null | undefined) => (p ? `${p.nombre} ${p.apellido}`.trim() : null);

type Action = 'accept' | 'decline';

interface Props {
  invitations: ReceivedInvitation[];
  onAccept: (invitation: ReceivedInvitation) => Promise<unknown>;
  onDecline: (invitation: ReceivedInvitation) => Promise<unknown>;
  onBlock: (invitation: ReceivedInvitation) => Promise<unknown>;
  onDone: (toastKey: string) => void;
}

/** Invitations mailed to the caller's address: accept, decline, or block whoever sent them. */
export function ReceivedInvitations({ invitations, onAccept, onDecline, onBlock, onDone }: Props) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState<{ id: string; action: Action } | null>(null);
  const [failure, setFailure] = useState<{ id: string; message: string } | null>(null);
  const [blocking, setBlocking] = useState<ReceivedInvitation | null>(null);

  const run = async (invitation: ReceivedInvitation, action: Action) => {
    setFailure(null);
    setBusy({ id: invitation._id, action });
    try {
      if (action === 'accept') await onAccept(invitation);
      else await onDecline(invitation);
      onDone(action === 'accept' ? 'families.received.accepted' : 'families.received.declined');
    } catch (err) {
      setFailure({ id: invitation._id, message: err instanceof Error ? err.message : t('families.received.failed') });
    } finally {
      setBusy(null);
    }
  };

  const blockingName = fullName(blocking?.invitadoPor) ?? '';

  return (
    <>
      <ul className="divide-y divide-sand-200">
        {invitations.map((invitation) => {
          const name = fullName(invitation.invitadoPor);
          const inviter = invitation.invitadoPor;
          const mine = busy?.id === invitation._id;
          return (
            <li key={invitation._id} className="py-3" data-testid="received-invitation">
              <p className="text-ink">{name ? t('families.received.line', { name, family: invitation.familia }) : t('families.received.lineNoName', { family: invitation.familia })}</p>
              <p className="mt-0.5 text-sm text-muted">
                {t(permissionKey(invitation.permiso))}
                <span aria-hidden="true"> · </span>
                {t(relationKey(invitation.relacion))}
                <span aria-hidden="true"> · </span>
                {t('families.pending.expires', { date: formatDay(invitation.expiresAt, i18n.language) })}
              </p>
              <div className="mt-3 flex flex-wrap gap-2">
                <Button busy={mine && busy.action === 'accept'} disabled={mine} onClick={() => void run(invitation, 'accept')}>
                  {t('families.received.accept')}
                </Button>
                <Button variant="secondary" busy={mine && busy.action === 'decline'} disabled={mine} onClick={() => void run(invitation, 'decline')}>
                  {t('families.received.decline')}
                </Button>
                {inviter && (
                  <Button variant="ghost" className="text-red-700 hover:bg-red-50" disabled={mine} onClick={() => setBlocking(invitation)}>
                    {t('families.received.block', { name: inviter.nombre })}
                  </Button>
                )}
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
        open={blocking !== null}
        title={t('families.block.confirmTitle', { name: blockingName })}
        body={t('families.block.confirmBody', { name: blockingName })}
        confirmLabel={t('families.block.confirm')}
        onConfirm={async () => {
          if (!blocking) return;
          await onBlock(blocking);
          onDone('families.block.done');
        }}
        onClose={() => setBlocking(null)}
      />
    </>
  );
}

export type LookupState = { kind: 'loading' } | { kind: 'found'; invitation: InvitationLookup } | { kind: 'failed'; message: string };

/** A signed-in person who followed a mailed link: who invites them where, and a button to accept. */
export function MailedInvitation({ lookup, onAccept, onAccepted }: { lookup: LookupState; onAccept: () => Promise<unknown>; onAccepted: () => void }) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (lookup.kind === 'loading') return <Loading />;
  if (lookup.kind === 'failed') return <Alert>{lookup.message}</Alert>;
  const invitation = lookup.invitation;
  const accept = async () => {
    setFailure(null);
    setBusy(true);
    try {
      await onAccept();
      onAccepted();
    } catch (err) {
      setFailure(err instanceof Error ? err.message : t('families.received.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-3">
      <p className="text-ink">
        {invitation.invitadoPor
          ? t('families.received.line', { name: fullName(invitation.invitadoPor) ?? '', family: invitation.familia })
          : t('families.received.lineNoName', { family: invitation.familia })}
      </p>
      <p className="text-sm text-muted">
        {t(permissionKey(invitation.permiso))}
        <span aria-hidden="true"> · </span>
        {t(relationKey(invitation.relacion))}
        <span aria-hidden="true"> · </span>
        {t('families.pending.expires', { date: formatDay(invitation.expiresAt, i18n.language) })}
      </p>
      {failure && <Alert>{failure}</Alert>}
      <Button busy={busy} onClick={() => void accept()}>
        {t('families.received.accept')}
      </Button>
    </div>
  );
}
