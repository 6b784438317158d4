import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { buttonClass } from '../../components/Button';
import { PLANS, TRIAL_DAYS } from '../../content/plans';
import { isLive } from '../../lib/areas';
import { useHashScroll } from './useHashScroll';
import { usePageMeta } from './usePageMeta';
import { formatNumber } from '../../lib/format';

/** 24×24 outline icons, drawn inline so the landing page loads no image. */
const ICONS = {
  shield: 'M12 3l7 3v5c0 4.5-3 8.4-7 10-4-1.6-7-5.5-7-10V6l7-3z M9 12l2 2 4-4',
  chat: 'M4 5h16v11H9l-5 4V5z M8 9h8 M8 12h5',
  calendar: 'M4 6h16v14H4z M4 10h16 M8 3v5 M16 3v5',
  receipt: 'M6 3h12v18l-3-2-3 2-3-2-3 2V3z M9 8h6 M9 12h6 M9 16h3',
  file: 'M7 3h7l5 5v13H7z M14 3v5h5 M10 13h6 M10 17h6',
  bell: 'M6 16v-5a6 6 0 1112 0v5l2 2H4l2-2z M10 21h4',
  chart: 'M5 20V11 M12 20V5 M19 20v-6 M3 20h18',
  users: 'M9 11a3 3 0 100-6 3 3 0 000 6z M3 20c0-3.3 2.7-6 6-6s6 2.7 6 6 M16 5.3a3 3 0 010 5.4 M18 14.4c1.8.8 3 2.9 3 5.6',
  heart: 'M12 20s-7-4.4-7-10a4 4 0 017-2.6A4 4 0 0119 10c0 5.6-7 10-7 10z',
  check: 'M5 12.5l4 4 10-10',
  phone: 'M8 2h8a1 1 0 011 1v18a1 1 0 01-1 1H8a1 1 0 01-1-1V3a1 1 0 011-1z M11 18h2',
  globe: 'M12 21a9 9 0 100-18 9 9 0 000 18z M3 12h18 M12 3c2.7 3 2.7 15 0 18 M12 3c-2.7 3-2.7 15 0 18',
  arrow: 'M5 12h14 M13 6l6 6-6 6',
  pin: 'M12 21s-6-5.3-6-11a6 6 0 1112 0c0 5.7-6 11-6 11z M4 4l16 16',
} as const;

function Icon({ name, className = 'h-6 w-6' }: { name: keyof typeof ICONS; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" className={className}>
      <path d={ICONS[name]} />
    </svg>
  );
}

/** Spec §2: eight feature cards; each one's badge comes from the list of what exists (lib/areas.ts). */
const FEATURES = [
  { id: 'privacy', icon: 'shield', ready: isLive('privacy') },
  { id: 'messaging', icon: 'chat', ready: isLive('messaging') },
  { id: 'calendar', icon: 'calendar', ready: isLive('calendar') },
  { id: 'expenses', icon: 'receipt', ready: isLive('expenses') },
  { id: 'documents', icon: 'file', ready: isLive('documents') },
  { id: 'notifications', icon: 'bell', ready: isLive('notifications') },
  { id: 'reports', icon: 'chart', ready: isLive('reports') },
  { id: 'coparents', icon: 'users', ready: isLive('coparents') },
] as const;

/** Where Nido runs: the web app today, store apps later (no store links until they exist). */
const PLATFORMS = [
  { id: 'web', icon: 'globe', ready: isLive('web') },
  { id: 'ios', icon: 'phone', ready: isLive('iosApp') },
  { id: 'android', icon: 'phone', ready: isLive('androidApp') },
] as const;

const TODAY_ITEMS = ['i1', 'i2', 'i3', 'i4', 'i5', 'i6'] as const;
const STEPS = [
  { id: 's1', soon: false },
  { id: 's2', soon: !isLive('coparents') },
  { id: 's3', soon: false },
  { id: 's4', soon: false },
] as const;

function Badge({ ready, children }: { ready: boolean; children: string }) {
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${ready ? 'bg-brand-100 text-brand-800' : 'bg-sand-200 text-ink'}`}>
      {children}
    </span>
  );
}

/** A small, static picture of a child's record: what Nido really shows today. */
function RecordPreview() {
  const { t } = useTranslation();
  const rows = [
    { icon: 'file', label: t('landing.preview.school'), value: t('landing.preview.schoolValue') },
    { icon: 'heart', label: t('landing.preview.health'), value: t('landing.preview.healthValue') },
    { icon: 'calendar', label: t('landing.preview.appointment'), value: t('landing.preview.appointmentValue') },
    { icon: 'phone', label: t('landing.preview.emergency'), value: t('landing.preview.emergencyValue') },
  ] as const;
  return (
    <figure className="relative mx-auto w-full max-w-sm md:max-w-md">
      <div aria-hidden="true" className="absolute -inset-4 -z-0 rotate-2 rounded-[2rem] bg-brand-100/70" />
      <div className="relative rounded-3xl bg-white p-5 shadow-lg ring-1 ring-black/5 sm:p-6">
        <div className="flex items-center gap-4">
          <span aria-hidden="true" className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-brand-600 text-xl font-bold text-white">
            L
          </span>
          <div className="min-w-0">
            <p className="text-lg font-semibold text-ink">Lucía</p>
            <p className="text-sm text-muted">{t('landing.preview.age')}</p>
          </div>
        </div>
        <ul className="mt-5 space-y-2.5">
          {rows.map((row) => (
            <li key={row.label} className="flex items-start gap-3 rounded-2xl bg-sand-50 p-3">
              <span className="mt-0.5 text-brand-600">
                <Icon name={row.icon} className="h-5 w-5" />
              </span>
              <div className="min-w-0">
                <p className="text-xs font-medium uppercase tracking-wide text-muted">{row.label}</p>
                <p className="text-sm font-medium text-ink">{row.value}</p>
              </div>
            </li>
          ))}
        </ul>
        <div className="mt-4 flex flex-wrap gap-2 text-xs font-medium text-brand-800">
          <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-1">
            <Icon name="users" className="h-3.5 w-3.5" />
            {t('landing.preview.shared')}
          </span>
          <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-1">
            <Icon name="pin" className="h-3.5 w-3.5" />
            {t('landing.preview.noGps')}
          </span>
        </div>
      </div>
      <figcaption className="sr-only">{t('landing.preview.label')}</figcaption>
    </figure>
  );
}

export default function LandingPage() {
  const { t, i18n } = useTranslation();
  usePageMeta('', t('landing.hero.subtitle'));
  useHashScroll();
  const price = (value: string) => formatNumber(Number(value), i18n.language, { minimumFractionDigits: 2 });

  return (
    <main>
      <section id="hero" aria-labelledby="hero-title" tabIndex={-1} className="scroll-mt-16 overflow-hidden bg-gradient-to-b from-brand-50 via-sand-50 to-sand-50">
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pb-16 pt-10 md:grid-cols-[1.1fr_1fr] md:pb-24 md:pt-16">
          <div>
            <p className="inline-flex rounded-full bg-white/80 px-3 py-1 text-xs font-semibold text-brand-700 ring-1 ring-brand-200">
              {t('landing.hero.badge')}
            </p>
            <h1 id="hero-title" className="mt-4 text-4xl font-bold leading-tight tracking-tight text-ink sm:text-5xl">
              {t('landing.hero.title')}
            </h1>
            <p className="mt-4 max-w-xl text-lg text-muted">{t('landing.hero.subtitle')}</p>
            <ul className="mt-6 space-y-2.5 text-ink">
              {(['p1', 'p2', 'p3', 'p4'] as const).map((p) => (
                <li key={p} className="flex gap-3">
                  <span className="mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white">
                    <Icon name="check" className="h-3.5 w-3.5" />
                  </span>
                  {t(`landing.hero.${p}`)}
                </li>
              ))}
            </ul>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
              <Link to="/register" className={`${buttonClass('primary')} px-6 py-3 text-base`}>
                {t('landing.hero.cta')}
              </Link>
              <a href="#features" className={`${buttonClass('secondary')} px-6 py-3 text-base`}>
                {t('landing.hero.more')}
              </a>
            </div>
            <p className="mt-3 text-sm text-muted">{t('landing.hero.trial')}</p>
            <a href="#download" className="mt-5 inline-flex items-center gap-2 rounded-lg text-sm font-medium text-brand-700 hover:underline">
              <Icon name="phone" className="h-5 w-5" />
              {t('landing.hero.apps')}
            </a>
          </div>
          <RecordPreview />
        </div>
      </section>

      <section id="features" aria-labelledby="features-title" tabIndex={-1} className="scroll-mt-16 pb-16 pt-10 md:pb-20 md:pt-12">
        <div className="mx-auto max-w-6xl px-4">
          <div className="max-w-2xl">
            <h2 id="features-title" className="text-3xl font-bold tracking-tight text-ink">
              {t('landing.features.title')}
            </h2>
            <p className="mt-3 text-muted">{t('landing.features.subtitle')}</p>
          </div>

          <div className="mt-10 grid gap-6 rounded-3xl bg-brand-700 p-6 text-white sm:p-8 md:grid-cols-[1fr_1.3fr] md:items-center">
            <div>
              <Badge ready>{t('landing.features.available')}</Badge>
              <h3 className="mt-3 text-2xl font-bold">{t('landing.features.today.title')}</h3>
              <p className="mt-2 text-brand-100">{t('landing.features.today.body')}</p>
            </div>
            <ul className="grid gap-2 sm:grid-cols-2">
              {TODAY_ITEMS.map((item) => (
                <li key={item} className="flex items-center gap-2 rounded-xl bg-white/10 px-3 py-2 text-sm">
                  <Icon name="check" className="h-4 w-4 shrink-0" />
                  {t(`landing.features.today.${item}`)}
                </li>
              ))}
            </ul>
          </div>

          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {FEATURES.map((f) => (
              <li key={f.id} className={`flex gap-4 rounded-2xl p-5 ring-1 sm:flex-col sm:gap-0 ${f.ready ? 'bg-white shadow-sm ring-brand-200' : 'bg-white/70 ring-black/5'}`}>
                <div className="flex shrink-0 items-start justify-between gap-3">
                  <span className={`flex h-11 w-11 items-center justify-center rounded-xl ${f.ready ? 'bg-brand-600 text-white' : 'bg-brand-50 text-brand-700'}`}>
                    <Icon name={f.icon} />
                  </span>
                  <span className="hidden sm:inline-flex">
                    <Badge ready={f.ready}>{f.ready ? t('landing.features.available') : t('common.comingSoon')}</Badge>
                  </span>
                </div>
                <div className="min-w-0 sm:mt-4">
                  <h3 className="font-semibold text-ink">{t(`landing.features.${f.id}.title`)}</h3>
                  <p className="mt-1.5 text-sm text-muted">{t(`landing.features.${f.id}.body`)}</p>
                  <p className="mt-2 sm:hidden">
                    <Badge ready={f.ready}>{f.ready ? t('landing.features.available') : t('common.comingSoon')}</Badge>
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id="how-it-works" aria-labelledby="how-title" tabIndex={-1} className="scroll-mt-16 bg-white py-16 md:py-20">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="how-title" className="text-3xl font-bold tracking-tight text-ink">
            {t('landing.how.title')}
          </h2>
          <p className="mt-3 text-muted">{t('landing.how.subtitle')}</p>
          <ol className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {STEPS.map((s, i) => (
              <li key={s.id} className="flex gap-4 rounded-2xl bg-sand-50 p-5 ring-1 ring-black/5 sm:flex-col sm:gap-0">
                <div className="flex shrink-0 items-center justify-between gap-2">
                  <span aria-hidden="true" className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-600 text-lg font-bold text-white">
                    {i + 1}
                  </span>
                  {s.soon && (
                    <span className="hidden sm:inline-flex">
                      <Badge ready={false}>{t('common.comingSoon')}</Badge>
                    </span>
                  )}
                </div>
                <div className="min-w-0 sm:mt-4">
                  <h3 className="font-semibold text-ink">
                    <span className="sr-only">{i + 1}. </span>
                    {t(`landing.how.${s.id}.title`)}
                  </h3>
                  <p className="mt-1.5 text-sm text-muted">{t(`landing.how.${s.id}.body`)}</p>
                  {s.soon && (
                    <p className="mt-2 sm:hidden">
                      <Badge ready={false}>{t('common.comingSoon')}</Badge>
                    </p>
                  )}
                </div>
              </li>
            ))}
          </ol>
          <Link to="/register" className={`${buttonClass('primary')} mt-8`}>
            {t('landing.startFree')}
            <Icon name="arrow" className="h-4 w-4" />
          </Link>
        </div>
      </section>

      <section id="pricing" aria-labelledby="pricing-title" tabIndex={-1} className="scroll-mt-16 py-16 md:py-20">
        <div className="mx-auto max-w-6xl px-4">
          <div className="max-w-2xl">
            <h2 id="pricing-title" className="text-3xl font-bold tracking-tight text-ink">
              {t('landing.pricing.title')}
            </h2>
            <p className="mt-3 text-muted">{t('landing.pricing.subtitle', { days: TRIAL_DAYS })}</p>
          </div>
          <ul className="mt-10 grid gap-4 md:grid-cols-3 md:items-stretch">
            {PLANS.map((plan) => (
              <li
                key={plan.id}
                className={`flex flex-col rounded-2xl bg-white p-6 shadow-sm ${plan.popular ? 'ring-2 ring-brand-500 md:-translate-y-2 md:shadow-md' : 'ring-1 ring-black/5'}`}
              >
                <div className="flex min-h-6 items-center justify-between gap-2">
                  <h3 className="text-lg font-semibold text-ink">{t(`landing.pricing.${plan.id}.name`)}</h3>
                  {plan.popular && <Badge ready>{t('landing.pricing.popular')}</Badge>}
                  {plan.id === 'annual' && <Badge ready={false}>{t('landing.pricing.save')}</Badge>}
                </div>
                <p className="mt-3 text-4xl font-bold tracking-tight text-ink">
                  <span className="align-top text-base font-semibold text-muted">US$ </span>
                  {price(plan.price)}
                  <span className="text-base font-normal text-muted"> {t(`landing.pricing.${plan.id}.period`)}</span>
                </p>
                <p className="mt-2 text-sm text-muted">{t(`landing.pricing.${plan.id}.body`)}</p>
                <ul className="mt-5 flex-1 space-y-2 text-sm text-ink">
                  {(['i1', 'i2', 'i3'] as const).map((item) => (
                    <li key={item} className="flex items-center gap-2">
                      <Icon name="check" className="h-4 w-4 shrink-0 text-brand-600" />
                      {t(`landing.pricing.includes.${item}`)}
                    </li>
                  ))}
                </ul>
                <Link to="/register" className={`${buttonClass(plan.popular ? 'primary' : 'secondary', true)} mt-6`}>
                  {t('landing.pricing.cta')}
                </Link>
              </li>
            ))}
          </ul>
          <p className="mt-6 flex items-start gap-2 rounded-2xl bg-sand-100 p-4 text-sm text-ink">
            <Icon name="shield" className="h-5 w-5 shrink-0 text-brand-700" />
            {t('landing.pricing.billing')}
          </p>
        </div>
      </section>

      <section id="download" aria-labelledby="download-title" tabIndex={-1} className="scroll-mt-16 bg-brand-700 text-white">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 md:grid-cols-[1.2fr_1fr] md:items-center md:py-20">
          <div>
            <h2 id="download-title" className="text-3xl font-bold tracking-tight">
              {t('landing.download.title')}
            </h2>
            <p className="mt-3 max-w-xl text-brand-100">{t('landing.download.body')}</p>
            <Link to="/register" className="mt-7 inline-flex items-center gap-2 rounded-xl bg-white px-5 py-3 text-sm font-semibold text-brand-700 hover:bg-brand-50">
              {t('landing.download.cta')}
              <Icon name="arrow" className="h-4 w-4" />
            </Link>
          </div>
          <ul className="grid gap-3">
            {PLATFORMS.map(({ id, icon, ready }) => ({ id, icon, ready, name: t(`landing.download.${id}`), status: ready ? t('landing.download.availableNow') : t('common.comingSoon') })).map((item) => (
              <li key={item.id} className={`flex items-center gap-4 rounded-2xl px-5 py-4 ${item.ready ? 'bg-white text-ink' : 'bg-white/10 text-white ring-1 ring-white/20'}`}>
                <Icon name={item.icon} className="h-7 w-7 shrink-0" />
                <span className="flex-1 font-semibold">{item.name}</span>
                <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${item.ready ? 'bg-brand-100 text-brand-800' : 'bg-brand-800 text-white'}`}>{item.status}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </main>
  );
}
