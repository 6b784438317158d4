import { useTranslation } from '../../i18n';
import { BarChart } from '../../components/BarChart';
import { Button } from '../../components/Button';
import { FigureTable } from '../../components/FigureTable';
import type { Section, StatTable } from './tables';

function Table({ table, language }: { table: StatTable; language: string }) {
  const { t } = useTranslation();
  const id = `stats-${table.key}`;
  return (
    <div className="mt-4" aria-labelledby={id} role="group">
      <h3 id={id} className="text-sm font-semibold text-ink">
        {table.title}
      </h3>
      {table.chart && table.chart.rows.length > 0 && <BarChart table={table.chart} language={language} label={t('stats.chartLabel', { name: table.title })} />}
      <FigureTable caption={table.title} columns={table.columns} rows={table.rows} />
    </div>
  );
}

/** The sections of a family's statistics: charts with their figures in tables beside them, and a CSV of each section. */
export function StatisticsView({ sections, language, onCsv }: { sections: Section[]; language: string; onCsv: (section: Section) => void }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      {sections.map((section) => (
        <section key={section.key} aria-labelledby={`stats-section-${section.key}`} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id={`stats-section-${section.key}`} className="text-lg font-semibold text-ink">
              {section.title}
            </h2>
            {!section.empty && (
              <Button variant="secondary" onClick={() => onCsv(section)}>
                {t('stats.csv')}
              </Button>
            )}
          </div>
          {section.empty ? <p className="mt-2 text-sm text-muted">{t(`stats.empty.${section.key}`)}</p> : section.tables.map((table) => <Table key={table.key} table={table} language={language} />)}
        </section>
      ))}
    </div>
  );
}
