import { useMemo, useState } from 'react';
import { useTranslation } from '../../i18n';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import { SelectField } from '../../components/SelectField';
import { Loading } from '../../components/Spinner';
import { downloadFile } from '../../api/files';
import { BarChart } from '../../components/BarChart';
import { FigureTable } from '../../components/FigureTable';
import { useMoney } from './format';
import type { Person } from './people';
import { reportTables, toMajor } from './reportRows';
import { useReport } from './supportApi';
import { formatInstant } from '../../lib/format';

interface Props {
  familiaId: string;
  people: Person[];
  kids: { id: string; name: string }[];
  currencies: string[];
}

/** Counted expenses by month, category, child and parent: a chart each, its figures in a table under it, and a CSV. */
export default function ReportsSection({ familiaId, people, kids, currencies }: Props) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const year = new Date().getFullYear();
  const [desde, setDesde] = useState(`${year}-01-01`);
  const [hasta, setHasta] = useState(`${year}-12-31`);
  const [moneda, setMoneda] = useState(currencies[0] ?? 'ARS');
  const [failure, setFailure] = useState<string | null>(null);
  const query = useMemo(() => ({ desde, hasta, moneda }), [desde, hasta, moneda]);
  const report = useReport(familiaId, query);
  const monthName = useMemo(() => ({ format: (date: Date) => formatInstant(date, i18n.language, { month: 'short', year: 'numeric' }) }), [i18n.language]);
  const tables = useMemo(
    () =>
      report.data
        ? reportTables(report.data, {
            month: (mes) => {
              const [y, m] = mes.split('-').map(Number);
              return monthName.format(new Date(y ?? year, (m ?? 1) - 1, 1));
            },
            category: (c) => t(`money.categories.${c}`),
            child: (id) => (id === null ? t('money.reports.noChild') : (kids.find((k) => k.id === id)?.name ?? t('money.someone'))),
            person: (id) => people.find((p) => p.usuarioId === id)?.name ?? t('money.someone'),
            total: t('money.reports.total'),
            paid: t('money.reports.paid'),
            share: t('money.reports.share'),
          })
        : [],
    [report.data, monthName, t, kids, people, year],
  );
  // Drawing needs numbers in major units; the tables show the exact amounts.
  const charts = useMemo(
    () => tables.map((table) => ({ ...table, rows: table.rows.map((r) => ({ ...r, values: r.values.map((v) => toMajor(v, moneda)) })) })),
    [tables, moneda],
  );
  const csv = () => {
    setFailure(null);
    const params = new URLSearchParams({ desde, hasta, moneda });
    downloadFile(`/api/familias/${encodeURIComponent(familiaId)}/informes/gastos.csv?${params.toString()}`, `${t('money.reports.file')}-${desde}-${hasta}.csv`, t('money.errors.load')).catch((e: Error) =>
      setFailure(e.message),
    );
  };
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4 sm:items-end">
        <TextField label={t('money.filters.from')} type="date" defaultValue={desde} onChange={(e) => e.target.value && setDesde(e.target.value)} />
        <TextField label={t('money.filters.to')} type="date" defaultValue={hasta} onChange={(e) => e.target.value && setHasta(e.target.value)} />
        <SelectField label={t('money.add.currency')} value={moneda} onChange={(e) => setMoneda(e.target.value)} options={currencies.map((c) => ({ value: c, label: c }))} />
        <Button variant="secondary" onClick={csv}>
          {t('money.reports.csv')}
        </Button>
      </div>
      {failure && <Alert>{failure}</Alert>}
      {report.isError && <Alert>{report.error.message}</Alert>}
      {report.isPending && <Loading />}
      {tables.map((table) => (
        <section key={table.key} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5" aria-labelledby={`money-report-${table.key}`}>
          <h3 id={`money-report-${table.key}`} className="font-semibold text-ink">
            {t(`money.reports.by.${table.key}`)}
          </h3>
          {table.rows.length === 0 ? (
            <p className="mt-2 text-sm text-muted">{t('money.reports.empty')}</p>
          ) : (
            <>
              <BarChart table={charts.find((c) => c.key === table.key) ?? table} language={i18n.language} label={t('money.reports.chartLabel', { name: t(`money.reports.by.${table.key}`) })} />
              <FigureTable
                caption={t(`money.reports.by.${table.key}`)}
                columns={[t(`money.reports.column.${table.key}`), ...table.series]}
                rows={table.rows.map((row) => ({ label: row.label, cells: row.values.map((v) => money(v, moneda)) }))}
              />
            </>
          )}
        </section>
      ))}
    </div>
  );
}
