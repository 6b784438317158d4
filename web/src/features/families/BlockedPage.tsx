import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Loading } from '../../components/Spinner';
import { useToast } from '../../components/Toast';
import { BackLink } from '../../components/ui';
import { formatDay } from '../../lib/familyCodes';
import { useBlocked, useUnblock, type BlockedUser } from '../../api/invitations';
import { initialOf } from '../../lib/familyLabels';

/** /profile/blocked: the people the user blocked, and a way to unblock them. */
export default function BlockedPage() {
  const { t } = useTranslation();
  const blocked = useBlocked();
  const unblock = useUnblock();
  const toast = useToast();

  let body;
  if (blocked.isLoading) body = <Loading />;
  else if (blocked.isError || !blocked.data)
    body = (
      <div className="space-y-3">
        <Alert>{blocked.error?.message ?? t('blocked.loadFailed')}</Alert>
        <Button variant="secondary" onClick={() => void blocked.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  else
    body = (
      <BlockedView
        users={blocked.data}
        onUnblock={async (user) => {
          await unblock.mutateAsync(user._id);
          toast.show('blocked.unblocked');
        }}
      />
    );

  return (
    <section className="mx-auto max-w-3xl">
      <BackLink to="/profile">{t('profile.edit.back')}</BackLink>
      <h1 className="mt-4 text-2xl font-bold text-ink">{t('blocked.title')}</h1>
      <p className="mt-2 text-muted">{t('blocked.lead')}</p>
      <div className="mt-6">{body}</div>
      {toast.element}
    </section>
  );
}

/** The list, or what blocking does and where to do it when nobody is blocked. */
export function BlockedView({ users, onUnblock }: { users: BlockedUser[]; onUnblock: (user: BlockedUser) => Promise<unknown> }) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ id: string; message: string } | null>(null);

  if (users.length === 0)
    return (
      <div className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-black/5">
        <p className="text-lg font-semibold text-ink">{t('blocked.emptyTitle')}</p>
        <p className="mt-2 text-muted">{t('blocked.whatItDoes')}</p>
        <p className="mt-2 text-muted">{t('blocked.childrenSafe')}</p>
        <p className="mt-4">
          <Link to="/profile/coparents" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
            {t('blocked.where')}
          </Link>
        </p>
      </div>
    );

  const unblock = async (user: BlockedUser) => {
    setFailure(null);
    setBusy(user._id);
    try {
      await onUnblock(user);
    } catch (err) {
      setFailure({ id: user._id, message: err instanceof Error ? err.message : t('blocked.unblockFailed') });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="space-y-4">
      <ul className="divide-y divide-sand-200 rounded-3xl bg-white px-5 shadow-sm ring-1 ring-black/5 sm:px-6">
        {users.map((user) => {
          const name = `${user.nombre} ${user.apellido}`.trim();
          return (
            <li key={user._id} className="py-4" data-testid="blocked-user">
              <div className="flex flex-wrap items-center gap-3">
                {user.foto ? (
                  <img src={user.foto} alt="" className="h-12 w-12 shrink-0 rounded-full object-cover" />
                ) : (
                  <span aria-hidden="true" className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-600 text-lg font-bold text-white">
                    {initialOf(user.nombre)}
                  </span>
                )}
                <div className="min-w-0 flex-1">
                  <p className="break-words font-semibold text-ink">{name}</p>
                  <p className="text-sm text-muted">{t('blocked.since', { date: formatDay(user.bloqueadoAt, i18n.language) })}</p>
                </div>
                <Button variant="secondary" busy={busy === user._id} onClick={() => void unblock(user)}>
                  {t('blocked.unblock')}
                  <span className="sr-only"> {name}</span>
                </Button>
              </div>
              {failure?.id === user._id && (
                <div className="mt-2">
                  <Alert>{failure.message}</Alert>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <p className="text-sm text-muted">{t('blocked.whatItDoes')}</p>
      <p className="text-sm text-muted">{t('blocked.childrenSafe')}</p>
    </div>
  );
}
