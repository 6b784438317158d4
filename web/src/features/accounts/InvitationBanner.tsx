import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { Alert } from '../../components/Alert';
import { buttonClass } from '../../components/Button';
import type { InvitationLookup } from '../../api/invitations';

export type InvitationState =
  | { kind: 'none' }
  | { kind: 'loading' }
  | { kind: 'found'; invitation: InvitationLookup }
  | { kind: 'failed'; message: string };

/**
 * The top of /register-invited: who invites to which family, or why the invitation cannot be
 * used. An email invitation to an address that already has an account is accepted after
 * signing in, at `acceptPath`.
 */
export function InvitationBanner({ state, acceptPath, email }: { state: InvitationState; acceptPath: string | null; email: string | null }) {
  const { t } = useTranslation();
  if (state.kind === 'loading')
    return (
      <Alert kind="info">
        <span aria-busy="true">{t('register.invitation.checking')}</span>
      </Alert>
    );
  if (state.kind === 'none') return <Alert kind="info">{t('register.invitation.generic')}</Alert>;
  if (state.kind === 'failed')
    return (
      <Alert>
        <p className="font-semibold">{t('register.invitation.invalidTitle')}</p>
        <p className="mt-1">{state.message}</p>
        <p className="mt-2">
          <Link to="/register" className="font-semibold underline">
            {t('register.invitation.registerInstead')}
          </Link>
        </p>
      </Alert>
    );
  const { invitation } = state;
  const inviter = invitation.invitadoPor;
  return (
    <div className="space-y-3">
      <Alert kind="success">
        <p>
          {inviter
            ? t('register.invitation.found', { name: `${inviter.nombre} ${inviter.apellido}`.trim(), family: invitation.familia })
            : t('register.invitation.foundNoName', { family: invitation.familia })}
        </p>
        <p className="mt-1 text-ink/80">{t(`families.permission.${invitation.permiso}`)}</p>
      </Alert>
      {invitation.cuentaExiste && (
        <Alert kind="info">
          <p>{t('register.invitation.accountExists', { email: invitation.email ?? email ?? '' })}</p>
          <p className="mt-1">{t(acceptPath ? 'register.invitation.signInToAccept' : 'register.invitation.signInThenCode')}</p>
          <Link
            to="/login"
            state={{ from: acceptPath ?? '/profile/coparents', email: invitation.email ?? email ?? undefined }}
            className={`${buttonClass('primary')} mt-3`}
          >
            {t('register.invitation.signIn')}
          </Link>
        </Alert>
      )}
    </div>
  );
}
