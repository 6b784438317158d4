import { useTranslation } from '../../i18n';
import type { Child } from './api';

type Kind = 'allergies' | 'medicines' | 'conditions';

const LOOK: Record<Kind, { box: string; chip: string }> = {
  allergies: { box: 'bg-red-50 text-red-900 ring-red-300', chip: 'bg-red-100 text-red-900 ring-red-300' },
  medicines: { box: 'bg-amber-50 text-amber-950 ring-amber-300', chip: 'bg-amber-100 text-amber-950 ring-amber-300' },
  conditions: { box: 'bg-orange-50 text-orange-950 ring-orange-300', chip: 'bg-orange-100 text-orange-950 ring-orange-300' },
};

/** What someone looking after the child must not miss, in the order it matters most. */
export function healthAlerts(child: Child): { kind: Kind; items: string[] }[] {
  const m = child.informacionMedica;
  const all: { kind: Kind; items: string[] }[] = [
    { kind: 'allergies', items: m.alergias },
    { kind: 'medicines', items: m.medicamentos },
    { kind: 'conditions', items: m.condicionesEspeciales },
  ];
  return all.filter((a) => a.items.length > 0);
}

function AlertIcon({ kind }: { kind: Kind }) {
  const common = { 'aria-hidden': true, width: 18, height: 18, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;
  if (kind === 'allergies')
    return (
      <svg {...common} className="shrink-0">
        <path d="M12 3 2 21h20L12 3z" />
        <path d="M12 10v5M12 18h.01" />
      </svg>
    );
  if (kind === 'medicines')
    return (
      <svg {...common} className="shrink-0">
        <rect x="3" y="8" width="18" height="8" rx="4" transform="rotate(-45 12 12)" />
        <path d="m8.5 8.5 7 7" />
      </svg>
    );
  return (
    <svg {...common} className="shrink-0">
      <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />
    </svg>
  );
}

const LABEL_KEY: Record<Kind, string> = {
  allergies: 'children.medical.allergies',
  medicines: 'children.medical.medicines',
  conditions: 'children.medical.conditions',
};

/** On a child's card: one coloured line per kind, each item its own chip. */
export function HealthAlertChips({ child }: { child: Child }) {
  const { t } = useTranslation();
  const alerts = healthAlerts(child);
  if (alerts.length === 0) return null;
  return (
    <ul className="mt-2 space-y-1.5" data-testid="health-alerts">
      {alerts.map(({ kind, items }) => (
        <li key={kind} className="flex flex-wrap items-center gap-1.5 text-sm">
          <span className={`inline-flex items-center gap-1 font-semibold ${kind === 'allergies' ? 'text-red-800' : kind === 'medicines' ? 'text-amber-900' : 'text-orange-900'}`}>
            <AlertIcon kind={kind} />
            {t(LABEL_KEY[kind])}:
          </span>
          {items.map((item, i) => (
            <span key={i} className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 wrap-anywhere ${LOOK[kind].chip}`}>
              {item}
            </span>
          ))}
        </li>
      ))}
    </ul>
  );
}

/** On the Overview tab: a block per kind, first on the page, items one per line. */
export function HealthAlertsPanel({ child }: { child: Child }) {
  const { t } = useTranslation();
  const alerts = healthAlerts(child);
  return (
    <section aria-labelledby="health-alerts-title" className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-black/5 md:col-span-2" data-testid="health-alerts">
      <h2 id="health-alerts-title" className="text-lg font-semibold text-ink">
        {t('children.alerts.title')}
      </h2>
      {alerts.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{t('children.alerts.none')}</p>
      ) : (
        <div className="mt-3 grid gap-3 sm:grid-cols-3">
          {alerts.map(({ kind, items }) => (
            <div key={kind} className={`rounded-2xl p-4 ring-2 ${LOOK[kind].box}`}>
              <h3 className="flex items-center gap-2 font-bold">
                <AlertIcon kind={kind} />
                {t(LABEL_KEY[kind])}
              </h3>
              <ul className="mt-2 list-disc space-y-1 pl-5 font-medium wrap-anywhere">
                {items.map((item, i) => (
                  <li key={i}>{item}</li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
