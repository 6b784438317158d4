import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/Button';

const FEATURES = ['children', 'coparents', 'privacy', 'languages', 'messages', 'calendar', 'expenses', 'documents'] as const;
const SOON = new Set(['messages', 'calendar', 'expenses', 'documents']);
const PLANS = [
  { id: 'weekly', price: '0.99' },
  { id: 'monthly', price: '5.99', popular: true },
  { id: 'annual', price: '39.99' },
] as const;

export default function LandingPage() {
  const { t } = useTranslation();
  return (
    <main>
      <section id="hero" className="bg-gradient-to-b from-brand-50 to-sand-50">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 md:grid-cols-2 md:py-20">
          <div>
            <h1 className="text-4xl font-bold leading-tight text-ink md:text-5xl">{t('landing.hero.title')}</h1>
            <p className="mt-4 text-lg text-muted">{t('landing.hero.subtitle')}</p>
            <ul className="mt-6 space-y-2 text-ink">
              {(['p1', 'p2', 'p3', 'p4'] as const).map((p) => (
                <li key={p} className="flex gap-2">
                  <span aria-hidden="true" className="text-brand-600">✓</span>
                  {t(`landing.hero.${p}`)}
                </li>
              ))}
            </ul>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/register" className={buttonClass('primary')}>
                {t('landing.hero.cta')}
              </Link>
              <a href="#features" className={buttonClass('secondary')}>
                {t('landing.hero.more')}
              </a>
            </div>
          </div>
          <div className="self-center rounded-3xl bg-white p-6 shadow-sm ring-1 ring-black/5" aria-hidden="true">
            <div className="space-y-3">
              {['Lucía · 9', 'Mateo · 6'].map((name, i) => (
                <div key={name} className="flex items-center gap-3 rounded-2xl bg-sand-100 p-4">
                  <span className={`flex h-12 w-12 items-center justify-center rounded-full text-lg font-bold text-white ${i ? 'bg-brand-500' : 'bg-brand-700'}`}>
                    {name[0]}
                  </span>
                  <div>
                    <p className="font-semibold text-ink">{name}</p>
                    <p className="text-sm text-muted">{t(i ? 'landing.preview.school' : 'landing.preview.medical')}</p>
                  </div>
                </div>
              ))}
            </div>
          </div>
        </div>
      </section>

      <section id="features" className="mx-auto max-w-6xl px-4 py-14">
        <h2 className="text-3xl font-bold text-ink">{t('landing.features.title')}</h2>
        <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map((f) => (
            <article key={f} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-black/5">
              <h3 className="font-semibold text-ink">{t(`landing.features.${f}.title`)}</h3>
              <p className="mt-2 text-sm text-muted">{t(`landing.features.${f}.body`)}</p>
              {SOON.has(f) && <p className="mt-3 inline-block rounded-full bg-sand-200 px-2.5 py-0.5 text-xs font-semibold text-ink">{t('common.comingSoon')}</p>}
            </article>
          ))}
        </div>
      </section>

      <section id="how-it-works" className="bg-white">
        <div className="mx-auto max-w-6xl px-4 py-14">
          <h2 className="text-3xl font-bold text-ink">{t('landing.how.title')}</h2>
          <ol className="mt-8 grid gap-4 md:grid-cols-4">
            {(['s1', 's2', 's3', 's4'] as const).map((s, i) => (
              <li key={s} className="rounded-2xl bg-sand-50 p-5">
                <span className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-600 font-bold text-white">{i + 1}</span>
                <h3 className="mt-3 font-semibold text-ink">{t(`landing.how.${s}.title`)}</h3>
                <p className="mt-1 text-sm text-muted">{t(`landing.how.${s}.body`)}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section id="pricing" className="mx-auto max-w-6xl px-4 py-14">
        <h2 className="text-3xl font-bold text-ink">{t('landing.pricing.title')}</h2>
        <p className="mt-2 text-muted">{t('landing.pricing.subtitle')}</p>
        <div className="mt-8 grid gap-4 md:grid-cols-3">
          {PLANS.map((plan) => (
            <article key={plan.id} className={`rounded-2xl bg-white p-6 shadow-sm ring-1 ${'popular' in plan ? 'ring-2 ring-brand-500' : 'ring-black/5'}`}>
              {'popular' in plan && <p className="mb-2 text-xs font-bold uppercase tracking-wide text-brand-700">{t('landing.pricing.popular')}</p>}
              <h3 className="text-lg font-semibold text-ink">{t(`landing.pricing.${plan.id}.name`)}</h3>
              <p className="mt-2 text-3xl font-bold text-ink">
                US$ {plan.price}
                <span className="text-base font-normal text-muted"> {t(`landing.pricing.${plan.id}.period`)}</span>
              </p>
              <p className="mt-2 text-sm text-muted">{t(`landing.pricing.${plan.id}.body`)}</p>
              <Link to="/register" className={`${buttonClass('popular' in plan ? 'primary' : 'secondary', true)} mt-5`}>
                {t('landing.pricing.cta')}
              </Link>
            </article>
          ))}
        </div>
      </section>

      <section id="download" className="bg-brand-700 text-white">
        <div className="mx-auto max-w-6xl px-4 py-12 text-center">
          <h2 className="text-2xl font-bold">{t('landing.download.title')}</h2>
          <p className="mx-auto mt-2 max-w-2xl text-brand-100">{t('landing.download.body')}</p>
          <Link to="/register" className="mt-6 inline-flex rounded-xl bg-white px-5 py-2.5 text-sm font-semibold text-brand-700 hover:bg-brand-50">
            {t('landing.hero.cta')}
          </Link>
        </div>
      </section>
    </main>
  );
}
