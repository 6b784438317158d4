import { useState } from 'react';
import { useTranslation } from '../../i18n';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { useFeedLink, useMakeFeedLink, useRevokeFeedLink } from './api';
import { formatDay } from '../../lib/format';

/**
 * The private link that Google Calendar, Apple Calendar and others subscribe to. The server shows
 * a link only when it makes it, so an existing one can be replaced (the old one stops working)
 * or turned off, and a new one is shown with a way to copy it.
 */
export function FeedPanel() {
  const { t, i18n } = useTranslation();
  const link = useFeedLink();
  const make = useMakeFeedLink();
  const revoke = useRevokeFeedLink();
  const [copied, setCopied] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const current = link.data;
  const busy = make.isPending || revoke.isPending;

  const run = async (action: () => Promise<unknown>) => {
    setFailure(null);
    setCopied(false);
    try {
      await action();
    } catch (err) {
      setFailure(err instanceof Error ? err.message : t('calendar.feed.failed'));
    }
  };
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setFailure(t('calendar.feed.copyFailed'));
    }
  };

  return (
    <section aria-labelledby="calendar-feed" className="rounded-3xl bg-white p-4 shadow-sm ring-1 ring-black/5">
      <h2 id="calendar-feed" className="text-base font-bold text-ink">
        {t('calendar.feed.title')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('calendar.feed.intro')}</p>
      <div className="mt-3 space-y-3">
        {failure && <Alert>{failure}</Alert>}
        {current?.url ? (
          <div className="space-y-2">
            <label className="block text-sm font-medium text-ink" htmlFor="calendar-feed-url">
              {t('calendar.feed.yourLink')}
            </label>
            <input id="calendar-feed-url" readOnly value={current.url} onFocus={(e) => e.target.select()} className="block w-full rounded-xl border border-gray-300 bg-sand-50 px-3 py-2 text-sm text-ink" />
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => void copy(current.url ?? '')}>
                {t('calendar.feed.copy')}
              </Button>
              {current.webcal && (
                <a href={current.webcal} className="inline-flex items-center rounded-xl px-4 py-2.5 text-sm font-semibold text-brand-700 hover:bg-brand-50">
                  {t('calendar.feed.open')}
                </a>
              )}
            </div>
            <p role="status" className="text-sm text-brand-700">
              {copied ? t('calendar.feed.copied') : ''}
            </p>
            <p className="text-sm text-muted">{t('calendar.feed.private')}</p>
          </div>
        ) : current ? (
          <p className="text-sm text-ink">
            {t('calendar.feed.since', { date: formatDay(current.createdAt, i18n.language) })}
          </p>
        ) : (
          !link.isLoading && <p className="text-sm text-ink">{t('calendar.feed.none')}</p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button busy={make.isPending} disabled={busy || link.isLoading} onClick={() => void run(() => make.mutateAsync())}>
            {current ? t('calendar.feed.regenerate') : t('calendar.feed.make')}
          </Button>
          {current && (
            <Button variant="ghost" className="text-red-700" disabled={busy} onClick={() => void run(() => revoke.mutateAsync())}>
              {t('calendar.feed.revoke')}
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}
