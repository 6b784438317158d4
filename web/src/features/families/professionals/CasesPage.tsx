import { Link } from 'react-router';
import { useTranslation } from '../../../i18n';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { Loading } from '../../../components/Spinner';
import { formatDate, formatDay } from '../../../lib/format';
import { relativeTime } from '../../../lib/relativeTime';
import { useCases } from './api';
import { kindKey, professionKey, scopeLine, stateKey, stateTone } from '../../../lib/professionals';

/** /casos: the families a professional was given access to, what each lets them read and until when. */
export default function CasesPage() {
  const { t, i18n } = useTranslation();
  const cases = useCases();
  const day = (ymd: string) => formatDate(ymd, i18n.language);

  let body;
  if (cases.isLoading) body = <Loading />;
  else if (cases.isError || !cases.data)
    body = (
      <div className="space-y-3">
        <Alert>{cases.error?.message ?? t('cases.loadFailed')}</Alert>
        <Button variant="secondary" onClick={() => void cases.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  else if (cases.data.length === 0) body = <Alert kind="info">{t('cases.none')}</Alert>;
  else
    body = (
      <ul className="space-y-3">
        {cases.data.map((c) => (
          <li key={c._id} className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-black/5" data-testid="case">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <h2 className="min-w-0 break-words text-lg font-semibold text-ink">{c.familia.nombre}</h2>
              <span className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-semibold ${stateTone(c.estado)}`}>{t(stateKey(c.estado))}</span>
            </div>
            <p className="mt-1 text-sm text-muted">
              {t(professionKey(c.profesion))}
              <span aria-hidden="true"> · </span>
              {t(kindKey(c.tipo))}
            </p>
            <p className="mt-2 text-sm text-ink">{scopeLine(t, c.alcance, day)}</p>
            <p className="mt-1 text-sm text-muted">
              {t('cases.until', { date: formatDay(c.venceAt, i18n.language) })}
              {c.ultimaActividad && (
                <>
                  <span aria-hidden="true"> · </span>
                  {t('cases.latest', { when: relativeTime(c.ultimaActividad, new Date(), i18n.language) })}
                </>
              )}
            </p>
            {c.estado === 'activo' ? (
              <Link
                to={`/casos/${encodeURIComponent(c.familia._id)}`}
                className="mt-3 inline-flex rounded-xl bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
              >
                {t('cases.open')}
              </Link>
            ) : (
              <p className="mt-3 text-sm text-muted">{t(`cases.closed.${c.estado}`)}</p>
            )}
          </li>
        ))}
      </ul>
    );

  return (
    <section className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold text-ink">{t('cases.title')}</h1>
      <p className="mt-2 text-muted">{t('cases.lead')}</p>
      <div className="mt-6">{body}</div>
    </section>
  );
}
