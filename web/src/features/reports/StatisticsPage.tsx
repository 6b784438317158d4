import { useMemo, useState } from 'react';
import { useTranslation } from '../../i18n';
import { useFamilies } from '../../api/families';
import { Alert } from '../../components/Alert';
import { FamilyPicker } from '../../components/FamilyPicker';
import { TextField } from '../../components/Field';
import { SelectField } from '../../components/SelectField';
import { Loading } from '../../components/Spinner';
import { BackLink } from '../../components/ui';
import { formatInstant, localeOf } from '../../lib/format';
import { PRESETS, presetRange, type Preset } from './period';
import { saveCsv, toCsv } from './csv';
import { useStatistics } from './statisticsApi';
import { sectionRows, statisticsSections, type Words } from './tables';
import { StatisticsView } from './StatisticsView';
import { CertifiedReports } from './CertifiedReports';

/** /profile/reports: a family's figures over a period — parenting time, money, messages — each as far as the caller may see it. */
export default function StatisticsPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const families = useFamilies();
  const [picked, setPicked] = useState('');
  const familiaId = picked || families.data?.[0]?._id || '';
  const family = families.data?.find((f) => f._id === familiaId);
  const [preset, setPreset] = useState<Preset>('quarter');
  const today = useMemo(() => new Date(), []);
  const [custom, setCustom] = useState(() => presetRange('year', today));
  const range = preset === 'custom' ? custom : presetRange(preset, today);
  const stats = useStatistics(familiaId, range.desde, range.hasta);

  const words = useMemo<Words>(() => {
    const locale = localeOf(language);
    const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    const currencies = new Map<string, Intl.NumberFormat>();
    return {
      t: (key, options) => t(key, options),
      person: (id) => family?.miembros.find((m) => m.usuarioId === id)?.nombre ?? t('stats.someone'),
      month: (mes) => {
        const [y, m] = mes.split('-').map(Number);
        return formatInstant(new Date(y ?? 2000, (m ?? 1) - 1, 1), language, { month: 'short', year: 'numeric' });
      },
      number: (n) => numbers.format(n),
      money: (minor, currency) => {
        // One formatter per currency, not one per cell.
        let format = currencies.get(currency);
        if (!format) {
          format = new Intl.NumberFormat(locale, { style: 'currency', currency });
          currencies.set(currency, format);
        }
        return format.format(minor / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
      },
      minutes: (n) => {
        if (n === null || n === undefined) return '—';
        const hours = Math.floor(n / 60);
        return hours > 0 ? t('stats.hoursMinutes', { hours, minutes: n % 60 }) : t('stats.minutesOnly', { minutes: n });
      },
    };
  }, [language, t, family]);
  const sections = useMemo(() => (stats.data ? statisticsSections(stats.data, words) : []), [stats.data, words]);

  return (
    <section className="mx-auto max-w-3xl">
      <BackLink to="/profile">{t('profile.edit.back')}</BackLink>
      <h1 className="mt-4 text-2xl font-bold text-ink">{t('sections.reports')}</h1>
      <p className="mt-2 text-muted">{t('stats.lead')}</p>
      <div className="mt-4 grid gap-3 sm:grid-cols-3 sm:items-end">
        <FamilyPicker families={families.data ?? []} value={familiaId} onChange={setPicked} label={t('stats.family')} className="sm:col-span-3" />
        <SelectField label={t('stats.period')} value={preset} onChange={(e) => setPreset(e.target.value as Preset)} options={PRESETS.map((p) => ({ value: p, label: t(`stats.presets.${p}`) }))} />
        {preset === 'custom' && (
          <>
            <TextField label={t('stats.from')} type="date" defaultValue={custom.desde} onChange={(e) => e.target.value && setCustom((c) => ({ ...c, desde: e.target.value }))} />
            <TextField label={t('stats.to')} type="date" defaultValue={custom.hasta} onChange={(e) => e.target.value && setCustom((c) => ({ ...c, hasta: e.target.value }))} />
          </>
        )}
      </div>
      <div className="mt-6">
        {families.isError && <Alert>{families.error.message}</Alert>}
        {stats.isError && <Alert>{stats.error.message}</Alert>}
        {families.data?.length === 0 && <p className="text-muted">{t('stats.noFamily')}</p>}
        {stats.isPending && familiaId !== '' && <Loading />}
        {stats.data && (
          <StatisticsView
            sections={sections}
            language={language}
            onCsv={(section) => saveCsv(`${t(`stats.file.${section.key}`)}-${range.desde}-${range.hasta}.csv`, toCsv(sectionRows(section)))}
          />
        )}
      </div>
      {family && <CertifiedReports key={family._id} family={family} desde={range.desde} hasta={range.hasta} language={language} />}
    </section>
  );
}
