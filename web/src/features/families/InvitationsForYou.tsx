import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n';
import { Card } from '../../components/ui';
import { lookupInvitation, useAcceptInvitation, useBlock, useDeclineInvitation, useReceivedInvitations } from '../../api/invitations';
import { MailedInvitation, ReceivedInvitations, type LookupState } from './ReceivedInvitations';

/**
 * What others sent the caller: the invitation of a mailed link the page was opened with
 * (?token=…), and the pending invitations to the caller's verified address.
 */
export function InvitationsForYou({ onDone }: { onDone: (toastKey: string) => void }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const token = params.get('token');
  const received = useReceivedInvitations();
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const block = useBlock();

  // The mailed invitation is the same as one in the received list: show it once, at the top.
  const list = received.data ?? [];

  return (
    <>
      {token && (
        <Card title={t('families.received.mailedTitle')}>
          <MailedLookup
            key={token}
            token={token}
            onAccept={() => accept.mutateAsync({ token })}
            onAccepted={() => {
              onDone('families.received.accepted');
              setParams({}, { replace: true });
            }}
          />
        </Card>
      )}
      {!token && list.length > 0 && (
        <Card title={t('families.received.title')}>
          <ReceivedInvitations
            invitations={list}
            onAccept={(invitation) => accept.mutateAsync({ invitacionId: invitation._id })}
            onDecline={(invitation) => decline.mutateAsync(invitation._id)}
            onBlock={(invitation) => block.mutateAsync(invitation.invitadoPor?._id ?? '')}
            onDone={onDone}
          />
        </Card>
      )}
    </>
  );
}

function MailedLookup({ token, onAccept, onAccepted }: { token: string; onAccept: () => Promise<unknown>; onAccepted: () => void }) {
  const { t } = useTranslation();
  const [lookup, setLookup] = useState<LookupState>({ kind: 'loading' });
  useEffect(() => {
    let cancelled = false;
    lookupInvitation({ token }, t('families.received.lookupFailed'))
      .then((invitation) => !cancelled && setLookup({ kind: 'found', invitation }))
      .catch((err: unknown) => !cancelled && setLookup({ kind: 'failed', message: err instanceof Error ? err.message : t('families.received.lookupFailed') }));
    return () => {
      cancelled = true;
    };
    // The language only changes the fallback text: do not look the token up again for it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);
  return <MailedInvitation lookup={lookup} onAccept={onAccept} onAccepted={onAccepted} />;
}
