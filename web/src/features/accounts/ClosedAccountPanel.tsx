import { useState } from 'react';
import { useTranslation } from '../../i18n';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';

interface Props {
  /** The server's explanation ("Esta cuenta está cerrada…"). */
  message: string;
  /** Reopens the account and signs in with the email and password just typed. */
  onReactivate: () => Promise<void>;
  onCancel: () => void;
}

/** A right password for an account closed less than 90 days ago: it can be reopened from here. */
export function ClosedAccountPanel({ message, onReactivate, onCancel }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const reopen = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onReactivate();
    } catch (err) {
      setFailure(err instanceof Error ? err.message : t('login.closed.failed'));
      setBusy(false);
    }
  };

  return (
    <div className="space-y-4" data-testid="closed-account">
      <div className="flex gap-3 rounded-2xl bg-sand-100 p-4">
        <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" className="mt-0.5 shrink-0 text-brand-700">
          <rect x="5" y="11" width="14" height="10" rx="2" />
          <path d="M8 11V8a4 4 0 0 1 8 0v3" />
        </svg>
        <p className="text-sm font-medium text-ink">{message}</p>
      </div>
      <p className="text-sm text-muted">{t('login.closed.body')}</p>
      {failure && <Alert>{failure}</Alert>}
      <Button full busy={busy} onClick={() => void reopen()}>
        {t('login.closed.reactivate')}
      </Button>
      <Button full variant="ghost" onClick={onCancel} disabled={busy}>
        {t('login.closed.other')}
      </Button>
    </div>
  );
}
