import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n';
import type { Family } from '../../api/families';
import { reportSectionValues } from '../../api/schema';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { SelectField } from '../../components/SelectField';
import { ProgressBar } from '../../components/ProgressBar';
import { Loading } from '../../components/Spinner';
import { authorityName, formatDate, formatDateTime, formatNumber } from '../../lib/format';
import { downloadReport, useCreateReport, useDeleteReport, useReports, type Report, type ReportSection } from './certifiedApi';

interface Props {
  family: Family;
  desde: string;
  hasta: string;
  language: string;
}

/** The sections a member may ask for: money only for a co-parent, as the server would leave it out. */
function sectionsFor(family: Family): ReportSection[] {
  return reportSectionValues.filter((s) => s !== 'dinero' || family.miPermiso === 'coparent');
}

/** Certified PDF reports of the chosen period: asking for one, its progress, then its download. */
export function CertifiedReports({ family, desde, hasta, language }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const available = sectionsFor(family);
  const [chosen, setChosen] = useState<ReportSection[]>(available);
  const [idioma, setIdioma] = useState<'es' | 'en'>(language.startsWith('en') ? 'en' : 'es');
  const [adjuntos, setAdjuntos] = useState(false);
  const reports = useReports(family._id);
  const create = useCreateReport(family._id);
  const remove = useDeleteReport();
  const [error, setError] = useState<string | null>(null);
  const picked = chosen.filter((s) => available.includes(s));

  const toggle = (section: ReportSection) => setChosen((list) => (list.includes(section) ? list.filter((s) => s !== section) : [...list, section]));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const withFiles = adjuntos && picked.includes('mensajes');
    create.mutate({ desde, hasta, secciones: picked, idioma, adjuntos: withFiles }, { onError: (err) => setError(err.message) });
  };
  const download = (report: Report) => {
    setError(null);
    downloadReport(report, t('certified.errors.download')).catch((err: Error) => setError(err.message));
  };

  return (
    <section aria-labelledby={`${id}-title`} className="mt-10 border-t border-sand-200 pt-6">
      <h2 id={`${id}-title`} className="text-xl font-bold text-ink">
        {t('certified.title')}
      </h2>
      <p className="mt-1 text-muted">{t('certified.lead')}</p>
      <form onSubmit={submit} className="mt-4 space-y-4">
        <p className="text-sm text-ink">{t('certified.period', { desde: formatDate(desde, language), hasta: formatDate(hasta, language) })}</p>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-ink">{t('certified.sections')}</legend>
          <div className="flex flex-wrap gap-2">
            {available.map((section) => (
              <label key={section} className="flex items-center gap-2 rounded-xl border border-gray-300 bg-white px-3 py-2 text-sm text-ink has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50">
                <input type="checkbox" checked={picked.includes(section)} onChange={() => toggle(section)} className="h-4 w-4 accent-brand-600" />
                {t(`certified.section.${section}`)}
              </label>
            ))}
          </div>
        </fieldset>
        {picked.includes('mensajes') && (
          <div className="flex items-start gap-2 text-sm text-ink">
            <input id={`${id}-attach`} type="checkbox" checked={adjuntos} onChange={(e) => setAdjuntos(e.target.checked)} aria-describedby={`${id}-attach-hint`} className="mt-0.5 h-4 w-4 accent-brand-600" />
            <div>
              <label htmlFor={`${id}-attach`}>{t('certified.attach')}</label>
              <p id={`${id}-attach-hint`} className="text-muted">
                {t('certified.attachHint')}
              </p>
            </div>
          </div>
        )}
        <div className="grid gap-3 sm:grid-cols-2 sm:items-end">
          <SelectField
            label={t('certified.language')}
            value={idioma}
            onChange={(e) => setIdioma(e.target.value === 'en' ? 'en' : 'es')}
            options={[
              { value: 'es', label: t('certified.languages.es') },
              { value: 'en', label: t('certified.languages.en') },
            ]}
          />
          <Button type="submit" busy={create.isPending} disabled={picked.length === 0}>
            {t('certified.make')}
          </Button>
        </div>
        {error && <Alert>{error}</Alert>}
      </form>

      <h3 className="mt-8 text-lg font-semibold text-ink">{t('certified.mine')}</h3>
      {reports.isError && <Alert>{reports.error.message}</Alert>}
      {reports.isPending && <Loading />}
      {reports.data?.length === 0 && <p className="mt-2 text-muted">{t('certified.empty')}</p>}
      <ul className="mt-3 space-y-3">
        {reports.data?.map((report) => (
          <li key={report._id} className="rounded-2xl border border-sand-200 bg-white p-4 shadow-sm">
            <p className="font-semibold text-ink">{t('certified.period', { desde: formatDate(report.desde, language), hasta: formatDate(report.hasta, language) })}</p>
            <p className="text-sm text-muted">{report.secciones.map((s) => t(`certified.section.${s}`)).join(' · ')}</p>
            {report.estado === 'pendiente' && (
              <div className="mt-2">
                <ProgressBar percent={report.progreso} label={t('certified.making', { percent: report.progreso })} />
              </div>
            )}
            {report.estado === 'fallido' && <p className="mt-2 text-sm text-red-700">{t('certified.failed')}</p>}
            {report.estado === 'listo' && (
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                <dt className="text-muted">{t('certified.code')}</dt>
                <dd className="font-mono text-ink">{report.codigo}</dd>
                <dt className="text-muted">{t('certified.pages')}</dt>
                <dd className="text-ink">{formatNumber(report.paginas ?? 0, language)}</dd>
                {report.sello?.valido && report.sello.momento && (
                  <>
                    <dt className="text-muted">{t('certified.stamp')}</dt>
                    <dd className="text-ink">{t('certified.stampBy', { autoridad: authorityName(report.sello.autoridad), momento: formatDateTime(report.sello.momento, language) })}</dd>
                  </>
                )}
                <dt className="text-muted">{t('certified.kept')}</dt>
                <dd className="text-ink">{formatDate(report.venceAt.slice(0, 10), language)}</dd>
              </dl>
            )}
            <div className="mt-3 flex flex-wrap gap-2">
              {report.estado === 'listo' && (
                <Button type="button" onClick={() => download(report)}>
                  {t('certified.download')}
                </Button>
              )}
              {report.estado !== 'pendiente' && (
                <Button type="button" variant="ghost" busy={remove.isPending && remove.variables === report._id} onClick={() => remove.mutate(report._id, { onError: (err) => setError(err.message) })}>
                  {t('certified.delete')}
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
