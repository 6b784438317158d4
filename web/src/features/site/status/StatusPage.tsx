import { useTranslation } from '../../../i18n';
import { QueryProvider } from '../../../api/QueryProvider';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { fill, useLocalized } from '../../../content/localized';
import es from '../../../content/status/es';
import en from '../../../content/status/en';
import type { ServiceStatus, StatusTexts } from '../../../content/status/types';
import { PageHeader } from '../PageHeader';
import { usePageMeta } from '../usePageMeta';
import { useSystemStatus, type StatusData } from './api';
import { cpuPercent, STATUS_STYLE, uptimeParts } from './status';
import { formatDateTime, formatInstant, formatNumber } from '../../../lib/format';

export default function StatusPage() {
  return (
    <QueryProvider>
      <LiveStatus />
    </QueryProvider>
  );
}

function LiveStatus() {
  const text = useLocalized({ es, en });
  usePageMeta(text.title, text.metaDescription);
  const query = useSystemStatus();
  if (query.isError) console.warn('status fetch failed', query.error);
  return (
    <StatusView
      text={text}
      data={query.data}
      updatedAt={query.dataUpdatedAt}
      failed={query.isError}
      refreshing={query.isFetching}
      onRefresh={() => void query.refetch()}
    />
  );
}

interface ViewProps {
  text: StatusTexts;
  data: StatusData | undefined;
  updatedAt: number;
  failed: boolean;
  refreshing: boolean;
  onRefresh: () => void;
}

export function StatusView({ text, data, updatedAt, failed, refreshing, onRefresh }: ViewProps) {
  const { i18n } = useTranslation();
  const dateTime = (iso: string) => formatDateTime(iso, i18n.language);
  return (
    <main className="mx-auto max-w-4xl px-4 py-10 sm:py-14">
      <PageHeader title={text.title} />
      {failed && (
        <div className="mb-4">
          <Alert kind="info">{text.loadFailed}</Alert>
        </div>
      )}
      {data && <Banner text={text} status={data.overall.status} />}

      <div className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-muted">
        <p aria-live="polite">
          {updatedAt > 0 ? fill(text.lastUpdated, { time: formatInstant(updatedAt, i18n.language, { hour: '2-digit', minute: '2-digit', second: '2-digit' }) }) : text.unknown}
          <span className="block text-xs">{text.autoRefresh}</span>
        </p>
        <Button variant="secondary" onClick={onRefresh} busy={refreshing}>
          {refreshing ? text.refreshing : text.refresh}
        </Button>
      </div>

      {data && (
        <>
          <section aria-labelledby="services-title" className="mt-8">
            <h2 id="services-title" className="text-xl font-bold text-ink">
              {text.servicesTitle}
            </h2>
            <ul className="mt-3 divide-y divide-sand-200 rounded-2xl bg-white shadow-sm ring-1 ring-black/5">
              {data.services.map((s) => (
                <li key={s.name} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
                  <span className="font-medium text-ink">{Object.entries(text.services).find(([name]) => name === s.name)?.[1] ?? s.name}</span>
                  <span className="flex items-center gap-3 text-sm">
                    {s.responseTime > 0 && <span className="text-muted">{fill(text.responseTime, { ms: s.responseTime })}</span>}
                    <StatusBadge text={text} status={s.status} />
                  </span>
                </li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="metrics-title" className="mt-8">
            <h2 id="metrics-title" className="text-xl font-bold text-ink">
              {text.metricsTitle}
            </h2>
            <Metrics text={text} data={data} />
          </section>

          <section aria-labelledby="incidents-title" className="mt-8">
            <h2 id="incidents-title" className="text-xl font-bold text-ink">
              {text.incidentsTitle}
            </h2>
            {data.incidents.length === 0 ? (
              <p className="mt-2 text-muted">{text.noIncidents}</p>
            ) : (
              <ul className="mt-3 space-y-3">
                {data.incidents.map((i) => (
                  <li key={i.id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <h3 className="font-semibold text-ink">{i.title}</h3>
                      <span className={`text-sm font-semibold ${i.resolvedAt ? 'text-emerald-800' : 'text-orange-800'}`}>
                        {i.resolvedAt ? text.resolved : text.ongoing}
                      </span>
                    </div>
                    {i.description && <p className="mt-1 text-muted">{i.description}</p>}
                    <p className="mt-1 text-xs text-muted">
                      <time dateTime={i.timestamp}>{dateTime(i.timestamp)}</time>
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section aria-labelledby="maintenance-title" className="mt-8">
            <h2 id="maintenance-title" className="text-xl font-bold text-ink">
              {text.maintenanceTitle}
            </h2>
            {data.scheduledMaintenance.length === 0 ? (
              <p className="mt-2 text-muted">{text.noMaintenance}</p>
            ) : (
              <ul className="mt-3 space-y-3">
                {data.scheduledMaintenance.map((m) => (
                  <li key={m.id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5">
                    <h3 className="font-semibold text-ink">{m.title}</h3>
                    {m.description && <p className="mt-1 text-muted">{m.description}</p>}
                    <p className="mt-1 text-xs text-muted">
                      <time dateTime={m.scheduledTime}>{dateTime(m.scheduledTime)}</time>
                      {m.endsAt && (
                        <>
                          {' '}
                          {text.until} <time dateTime={m.endsAt}>{dateTime(m.endsAt)}</time>
                        </>
                      )}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </main>
  );
}

function Banner({ text, status }: { text: StatusTexts; status: ServiceStatus }) {
  const style = STATUS_STYLE[status];
  const operational = status === 'operational';
  const heading = operational ? text.allOperational : text.servicesStatus;
  const body = operational ? text.healthy : status === 'maintenance' ? text.maintenanceNow : text.someIssues;
  return (
    <section className={`flex items-start gap-4 rounded-2xl border p-5 ${style.banner}`} aria-live="polite">
      <span aria-hidden="true" className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-lg font-bold text-white ${style.dot}`}>
        {style.icon}
      </span>
      <div>
        <h2 className={`text-lg font-bold ${style.text}`}>{heading}</h2>
        <p className="mt-1 text-ink">{body}</p>
      </div>
    </section>
  );
}

function StatusBadge({ text, status }: { text: StatusTexts; status: ServiceStatus }) {
  const style = STATUS_STYLE[status];
  return (
    <span className={`inline-flex items-center gap-1.5 font-semibold ${style.text}`}>
      <span aria-hidden="true" className={`h-2.5 w-2.5 rounded-full ${style.dot}`} />
      {text.statuses[status]}
    </span>
  );
}

function Metrics({ text, data }: { text: StatusTexts; data: StatusData }) {
  const { i18n } = useTranslation();
  const { memory, cpu, uptime } = data.metrics;
  const cpuWidth = cpuPercent(cpu.load);
  const uptimeText = uptimeParts(uptime)
    .map((p) => fill(text[p.unit], { count: p.count }))
    .join(' ');
  return (
    <dl className="mt-3 grid gap-3 sm:grid-cols-3">
      <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5">
        <dt className="text-sm text-muted">{text.memory}</dt>
        <dd className="mt-1 font-semibold text-ink">
          {fill(text.memoryValue, { used: formatNumber(memory.used, i18n.language), total: formatNumber(memory.total, i18n.language), percentage: formatNumber(memory.percentage, i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) })}
        </dd>
        <Bar percent={memory.percentage} label={text.memory} />
      </div>
      <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5">
        <dt className="text-sm text-muted">{text.cpu}</dt>
        <dd className="mt-1 font-semibold text-ink">{fill(text.cpuValue, { load: formatNumber(cpu.load, i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }), cores: cpu.cores })}</dd>
        <Bar percent={cpuWidth} label={text.cpu} />
      </div>
      <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5">
        <dt className="text-sm text-muted">{text.uptime}</dt>
        <dd className="mt-1 font-semibold text-ink">{uptimeText}</dd>
      </div>
    </dl>
  );
}

function Bar({ percent, label }: { percent: number; label: string }) {
  const value = Math.round(Math.min(100, Math.max(0, percent)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      className="mt-3 h-2 overflow-hidden rounded-full bg-sand-200"
    >
      <div className={`h-full rounded-full ${value >= 90 ? 'bg-red-700' : value >= 70 ? 'bg-amber-500' : 'bg-brand-600'}`} style={{ width: `${value}%` }} />
    </div>
  );
}
