import { useState } from 'react';
import { useTranslation } from '../../i18n';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Loading } from '../../components/Spinner';
import { formatDate, parseDate } from '../../lib/dates';
import type { Family, Member } from './api';
import {
  useRecordChildren,
  useRecordEntries,
  useRecordVerification,
  useSignCheckpoint,
  type RecordChild,
  type RecordEntry,
  type RecordVerification,
} from './recordApi';
import { recordActor, recordSentence, withheldWhyKey, type RecordNames } from './recordLabels';
import { formatDateTime, formatInstant } from '../../lib/format';

/** The family's record, fetched when this is first drawn (the card draws it once its section is opened). */
export function FamilyRecord({ family }: { family: Family }) {
  const { t } = useTranslation();
  const verification = useRecordVerification(family._id, true);
  const entries = useRecordEntries(family._id, true);
  const children = useRecordChildren(true);
  const sign = useSignCheckpoint(family._id);
  const [signError, setSignError] = useState<string | null>(null);
  const [signed, setSigned] = useState(false);

  const onSign = async () => {
    setSignError(null);
    setSigned(false);
    try {
      await sign.mutateAsync();
      setSigned(true);
    } catch (err) {
      setSignError(err instanceof Error ? err.message : t('families.record.signFailed'));
    }
  };

  return (
    <RecordView
      members={family.miembros}
      childrenOfFamily={children.data?.filter((c) => c.familiaId === family._id)}
      verification={verification.data}
      verificationError={verification.isError ? (verification.error?.message ?? t('families.record.loadFailed')) : null}
      entries={entries.data?.pages.flatMap((page) => page.entradas)}
      entriesError={entries.isError ? (entries.error?.message ?? t('families.record.loadFailed')) : null}
      onRetry={() => {
        void verification.refetch();
        void entries.refetch();
      }}
      hasMore={entries.hasNextPage}
      loadingMore={entries.isFetchingNextPage}
      onLoadMore={() => void entries.fetchNextPage()}
      canSign={family.miPermiso === 'coparent'}
      signing={sign.isPending}
      signed={signed}
      signError={signError}
      onSign={() => void onSign()}
    />
  );
}

interface RecordViewProps {
  members: Member[];
  /** The family's children, to name them in entries (undefined while loading). */
  childrenOfFamily?: RecordChild[];
  /** Undefined while loading. */
  verification?: RecordVerification;
  verificationError?: string | null;
  /** Undefined while loading. */
  entries?: RecordEntry[];
  entriesError?: string | null;
  onRetry?: () => void;
  hasMore?: boolean;
  loadingMore?: boolean;
  onLoadMore?: () => void;
  /** Co-parents may sign a checkpoint; viewers only read. */
  canSign?: boolean;
  signing?: boolean;
  signed?: boolean;
  signError?: string | null;
  onSign?: () => void;
}

/** The record, rendered from props: what it is, its check, its entries and the checkpoint button. */
export function RecordView({
  members,
  childrenOfFamily,
  verification,
  verificationError,
  entries,
  entriesError,
  onRetry,
  hasMore,
  loadingMore,
  onLoadMore,
  canSign,
  signing,
  signed,
  signError,
  onSign,
}: RecordViewProps) {
  const { t, i18n } = useTranslation();
  const dateTime = (iso: string) => formatDateTime(iso, i18n.language);
  const names: RecordNames = {
    person: (id) => {
      const found = recordActor(id, members);
      return 'name' in found ? found.name : null;
    },
    child: (id) => {
      const child = childrenOfFamily?.find((c) => c._id === id);
      return child ? `${child.nombre} ${child.apellido}`.trim() : null;
    },
    day: (date) => formatDate(date.slice(0, 10), i18n.language),
    month: (period) => formatInstant(parseDate(`${period}-01`), i18n.language, { month: 'long', year: 'numeric' }),
  };

  return (
    <div className="space-y-4" data-testid="family-record">
      <p className="text-sm text-muted">
        {t('families.record.lead')} {t('families.record.export')}{' '}
        <code className="rounded bg-sand-100 px-1 py-0.5 text-xs text-ink">nido verify</code>.
      </p>

      {verificationError ? (
        <Alert>{verificationError}</Alert>
      ) : verification ? (
        <RecordStatus verification={verification} dateTime={dateTime} />
      ) : (
        <Loading />
      )}

      {canSign && (
        <div className="space-y-2">
          <Button variant="secondary" disabled={signing} onClick={onSign}>
            {signing ? t('families.record.signing') : t('families.record.sign')}
          </Button>
          {signed && !signError && <p role="status" className="text-sm text-brand-800">{t('families.record.signed')}</p>}
          {signError && <Alert>{signError}</Alert>}
        </div>
      )}

      {entriesError ? (
        <div className="space-y-3">
          <Alert>{entriesError}</Alert>
          {onRetry && (
            <Button variant="secondary" onClick={onRetry}>
              {t('common.retry')}
            </Button>
          )}
        </div>
      ) : entries === undefined ? (
        verification || verificationError ? <Loading /> : null
      ) : entries.length === 0 ? (
        <p className="text-sm text-muted">{t('families.record.empty')}</p>
      ) : (
        <>
          <ol className="divide-y divide-sand-200" aria-label={t('families.record.listLabel')}>
            {entries.map((entry) => {
              const actor = recordActor(entry.actor, members, entry.tipo);
              const sentence = recordSentence(entry, names);
              return (
                <li key={entry.seq} className="flex gap-3 py-3" data-testid="record-entry">
                  <span className="w-10 shrink-0 pt-0.5 text-right font-mono text-xs text-muted">#{entry.seq}</span>
                  <div className="min-w-0 flex-1">
                    <p className="break-words font-medium text-ink">{t(sentence.key, sentence.params)}</p>
                    <p className="mt-0.5 text-sm text-muted">
                      <time dateTime={entry.hora}>{dateTime(entry.hora)}</time>
                      <span aria-hidden="true"> · </span>
                      {'name' in actor ? actor.name : t(actor.key)}
                      {entry.contenidoBorrado && (
                        <>
                          <span aria-hidden="true"> · </span>
                          {t('families.record.erased')}
                        </>
                      )}
                    </p>
                    {entry.contenidoReservado && (
                      <p className="mt-1 text-sm text-muted" data-testid="record-withheld">
                        <span className="mr-1.5 inline-block rounded bg-sand-100 px-1.5 py-0.5 text-xs font-medium text-ink">
                          {t('families.record.withheld')}
                        </span>
                        {t(withheldWhyKey(entry.tipo))}
                      </p>
                    )}
                  </div>
                </li>
              );
            })}
          </ol>
          {hasMore && (
            <Button variant="secondary" disabled={loadingMore} onClick={onLoadMore}>
              {loadingMore ? t('families.record.loadingMore') : t('families.record.loadMore')}
            </Button>
          )}
        </>
      )}
    </div>
  );
}

function RecordStatus({ verification: v, dateTime }: { verification: RecordVerification; dateTime: (iso: string) => string }) {
  const { t } = useTranslation();
  const point = v.puntoDeControl;
  if (!v.valido) {
    let problem: string;
    if (v.primerError != null) problem = t('families.record.brokenAt', { seq: v.primerError });
    else if (point && !point.firmaValida) problem = t('families.record.badSignature');
    else problem = t('families.record.broken');
    return (
      <Alert>
        <strong className="font-semibold">{t('families.record.brokenTitle')}</strong> {problem}
        {v.contenidoBorrado > 0 && <> {t('families.record.erasedCount', { count: v.contenidoBorrado })}</>}
        {v.contenidoReservado > 0 && <> {t('families.record.withheldCount', { count: v.contenidoReservado })}</>}
      </Alert>
    );
  }
  return (
    <Alert kind="success">
      <span className="font-semibold">{t('families.record.intact', { count: v.entradas })}</span>
      {point && point.firmaValida && <> {t('families.record.checkpoint', { date: dateTime(point.hora) })}</>}
      {!point && <> {t('families.record.noCheckpoint')}</>}
      {v.contenidoBorrado > 0 && <> {t('families.record.erasedCount', { count: v.contenidoBorrado })}</>}
      {v.contenidoReservado > 0 && <> {t('families.record.withheldCount', { count: v.contenidoReservado })}</>}
    </Alert>
  );
}
