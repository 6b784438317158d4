import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../i18n';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Loading } from '../../components/Spinner';
import { Disclosure, useDisclosure } from '../../components/ui';
import type { Family } from './api';
import { InviteForm } from './InviteForm';
import { LinkingCode } from './LinkingCode';
import { PendingInvitations } from './PendingInvitations';
import { useCreateCode, useFamilyInvitations, useInvite, useResendInvitation, useRevokeInvitation } from '../../api/invitations';

/** A co-parent's tools for one family: invite by email, the pending invitations, the linking code. */
export function FamilyInvitations({ family, onDone }: { family: Family; onDone: (toastKey: string) => void }) {
  const { t } = useTranslation();
  const invitations = useFamilyInvitations(family._id, true);
  const invite = useInvite(family._id);
  const resend = useResendInvitation(family._id);
  const revoke = useRevokeInvitation(family._id);
  const createCode = useCreateCode(family._id);
  const inviteForm = useDisclosure(false);

  let lists;
  if (invitations.isLoading) lists = <Loading />;
  else if (invitations.isError || !invitations.data)
    lists = (
      <div className="space-y-3">
        <Alert>{invitations.error?.message ?? t('families.pending.loadFailed')}</Alert>
        <Button variant="secondary" onClick={() => void invitations.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  else
    lists = (
      <>
        <Section title={t('families.pending.title')}>
          <PendingInvitations
            invitations={invitations.data.pendientes}
            onResend={(invitation) => resend.mutateAsync(invitation._id)}
            onRevoke={(invitation) => revoke.mutateAsync(invitation._id)}
            onDone={onDone}
          />
        </Section>
        <Section title={t('families.code.title')}>
          <LinkingCode
            code={invitations.data.codigo ?? null}
            origin={window.location.origin}
            fallbackInviterId={family.miembros.find((m) => m.yo)?.usuarioId ?? ''}
            onCreate={(body) => createCode.mutateAsync(body)}
            onDone={onDone}
          />
        </Section>
      </>
    );

  return (
    <>
      <Disclosure label={t('families.invite.title')} open={inviteForm.open} onToggle={inviteForm.toggle}>
        <InviteForm onInvite={(body) => invite.mutateAsync(body)} onSent={() => onDone('families.invite.sent')} />
      </Disclosure>
      {lists}
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="mb-2 text-sm font-semibold uppercase tracking-wide text-muted">
        {title}
      </h3>
      {children}
    </section>
  );
}
