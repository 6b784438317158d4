import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n';
import { Button, buttonClass } from '../../../components/Button';
import { isLive } from '../../../lib/areas';
import { PLANS, TRIAL_DAYS, type PlanId } from '../../../content/plans';
import { plansEn } from '../../../content/plans/en';
import { plansEs } from '../../../content/plans/es';
import type { PlansTexts } from '../../../content/plans/types';
import { useLocalized } from '../../../content/localized';
import { PageHeader } from '../PageHeader';
import { usePageMeta } from '../usePageMeta';
import { formatNumber } from '../../../lib/format';

/** Spec §9: choosing a plan shows a processing state for 1 second. */
const PROCESSING_MS = 1000;

type Phase = { name: 'choosing' } | { name: 'processing'; plan: PlanId } | { name: 'soon'; plan: PlanId };

function formatPrice(price: string, language: string) {
  const amount = formatNumber(Number(price), language, { minimumFractionDigits: 2 });
  return `US$ ${amount}`;
}

/** /subscription (spec §2 "Subscription plans", §4 "Subscription"): billing is not available yet. */
export default function SubscriptionPage() {
  const texts = useLocalized({ es: plansEs, en: plansEn });
  const [phase, setPhase] = useState<Phase>({ name: 'choosing' });
  usePageMeta(texts.title, texts.metaDescription);

  useEffect(() => {
    if (phase.name !== 'processing') return;
    const timer = window.setTimeout(() => setPhase({ name: 'soon', plan: phase.plan }), PROCESSING_MS);
    return () => window.clearTimeout(timer);
  }, [phase]);

  if (phase.name === 'soon') {
    return <ComingSoon texts={texts} plan={phase.plan} onBack={() => setPhase({ name: 'choosing' })} />;
  }

  const processing = phase.name === 'processing' ? phase.plan : null;
  return (
    <main className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <PageHeader title={texts.title} lead={texts.lead} />
      <TrialBanner texts={texts} />

      <section aria-label={texts.title} className="mt-8 grid gap-4 md:grid-cols-3">
        {PLANS.map((plan) => {
          const text = texts.plans[plan.id];
          return (
            <PlanCard
              key={plan.id}
              id={plan.id}
              price={plan.price}
              popular={plan.popular}
              text={text}
              texts={texts}
              processing={processing}
              onChoose={() => setPhase({ name: 'processing', plan: plan.id })}
            />
          );
        })}
      </section>
      <p role="status" className="sr-only">
        {processing ? texts.processing : ''}
      </p>

      <div className="mt-12 grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="plans-features" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-black/5 sm:p-8">
          <h2 id="plans-features" className="text-2xl font-bold text-ink">
            {texts.features.title}
          </h2>
          <p className="mt-2 text-muted">
            {texts.features.lead}
            {texts.features.items.some((item) => !isLive(item.area)) && ` ${texts.features.soonLead}`}
          </p>
          <ul className="mt-5 space-y-2.5">
            {texts.features.items.map((item) => (
              <li key={item.text} className="flex gap-2 text-ink">
                <span aria-hidden="true" className="text-brand-600">
                  ✓
                </span>
                <span>
                  {item.text}
                  {!isLive(item.area) && (
                    <span className="ml-2 inline-block rounded-full bg-sand-200 px-2 py-0.5 text-xs font-semibold text-ink">
                      {texts.features.soonLabel}
                    </span>
                  )}
                </span>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="plans-benefits" className="rounded-2xl bg-brand-50 p-6 sm:p-8">
          <h2 id="plans-benefits" className="text-2xl font-bold text-ink">
            {texts.benefits.title}
          </h2>
          <ul className="mt-5 grid gap-4 sm:grid-cols-2">
            {texts.benefits.items.map((benefit) => (
              <li key={benefit.title}>
                <h3 className="font-semibold text-ink">{benefit.title}</h3>
                <p className="mt-1 text-sm text-muted">{benefit.body}</p>
              </li>
            ))}
          </ul>
        </section>
      </div>

      <section aria-labelledby="plans-faq" className="mt-12">
        <h2 id="plans-faq" className="text-2xl font-bold text-ink">
          {texts.faq.title}
        </h2>
        <div className="mt-5 space-y-3">
          {texts.faq.items.map((item) => (
            <FaqItem key={item.question} question={item.question} answer={item.answer} />
          ))}
        </div>
      </section>

      <section aria-labelledby="plans-cta" className="mt-12 rounded-3xl bg-brand-700 p-6 text-center text-white sm:p-10">
        <h2 id="plans-cta" className="text-2xl font-bold">
          {texts.cta.title}
        </h2>
        <p className="mx-auto mt-2 max-w-xl text-brand-50">{texts.cta.body}</p>
        <Link to="/" className="mt-6 inline-flex rounded-xl bg-white px-5 py-2.5 text-sm font-semibold text-brand-700 hover:bg-brand-50">
          {texts.cta.label}
        </Link>
      </section>
    </main>
  );
}

function TrialBanner({ texts }: { texts: PlansTexts }) {
  return (
    <div className="flex flex-col gap-3 rounded-2xl bg-brand-700 p-5 text-white sm:flex-row sm:items-center sm:p-6">
      <span aria-hidden="true" className="flex h-14 w-14 shrink-0 flex-col items-center justify-center rounded-full bg-white text-brand-700">
        <span className="text-xl leading-none font-bold">{TRIAL_DAYS}</span>
      </span>
      <div>
        <p className="text-lg font-bold">{texts.trial.title}</p>
        <p className="text-brand-50">{texts.trial.body}</p>
      </div>
    </div>
  );
}

function PlanCard({
  id,
  price,
  popular,
  text,
  texts,
  processing,
  onChoose,
}: {
  id: PlanId;
  price: string;
  popular: boolean;
  text: PlansTexts['plans'][PlanId];
  texts: PlansTexts;
  processing: PlanId | null;
  onChoose: () => void;
}) {
  const { i18n } = useTranslation();
  const titleId = useId();
  const busy = processing === id;
  return (
    <article
      aria-labelledby={titleId}
      className={`flex flex-col rounded-2xl bg-white p-6 shadow-sm ${popular ? 'ring-2 ring-brand-500' : 'ring-1 ring-black/5'}`}
    >
      <div className="flex flex-wrap gap-2 md:min-h-6">
        {popular && <p className="rounded-full bg-brand-600 px-2.5 py-0.5 text-xs font-bold uppercase tracking-wide text-white">{texts.popular}</p>}
        {id === 'annual' && <p className="rounded-full bg-sand-200 px-2.5 py-0.5 text-xs font-bold text-ink">{texts.save}</p>}
      </div>
      <h3 id={titleId} className="mt-3 text-lg font-semibold text-ink">
        {text.name}
      </h3>
      <p className="mt-2 text-3xl font-bold text-ink">
        {formatPrice(price, i18n.language)}
        <span className="text-base font-normal text-muted"> {text.period}</span>
      </p>
      <p className="mt-2 flex-1 text-sm text-muted">{text.description}</p>
      <p className="mt-3 text-sm font-medium text-brand-700">{texts.sameFeatures}</p>
      <Button
        variant={popular ? 'primary' : 'secondary'}
        full
        className={`mt-5 ${popular ? 'disabled:aria-busy:bg-brand-600' : ''}`}
        busy={busy}
        disabled={processing !== null}
        onClick={onChoose}
      >
        <span>
          {busy ? texts.processing : texts.choose} <span className="sr-only">{text.name}</span>
        </span>
      </Button>
    </article>
  );
}

function FaqItem({ question, answer }: { question: string; answer: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="rounded-2xl bg-white shadow-sm ring-1 ring-black/5">
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
          className="flex w-full items-center justify-between gap-4 rounded-2xl px-5 py-4 text-left font-semibold text-ink"
        >
          {question}
          <span aria-hidden="true" className={`text-brand-700 transition-transform ${open ? 'rotate-45' : ''}`}>
            +
          </span>
        </button>
      </h3>
      <div id={panelId} hidden={!open} className="px-5 pb-5 text-muted">
        {answer}
      </div>
    </div>
  );
}

function ComingSoon({ texts, plan, onBack }: { texts: PlansTexts; plan: PlanId; onBack: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    window.scrollTo(0, 0);
    heading.current?.focus();
  }, []);
  return (
    <main className="mx-auto max-w-3xl px-4 py-14 sm:py-20">
      <div className="rounded-3xl bg-white p-6 text-center shadow-sm ring-1 ring-black/5 sm:p-10">
        <span aria-hidden="true" className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
            <circle cx="12" cy="12" r="9" />
            <path d="M12 7v5l3 2" />
          </svg>
        </span>
        <h1 ref={heading} tabIndex={-1} className="mt-4 text-3xl font-bold text-ink focus:outline-none">
          {texts.comingSoon.title}
        </h1>
        <p className="mt-3 font-medium text-ink">{texts.comingSoon.chosen(texts.plans[plan].name)}</p>
        {texts.comingSoon.paragraphs.map((text) => (
          <p key={text} className="mt-3 text-muted">
            {text}
          </p>
        ))}
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button variant="secondary" onClick={onBack}>
            {texts.comingSoon.backToPlans}
          </Button>
          <Link to="/register" className={buttonClass('primary')}>
            {texts.comingSoon.register}
          </Link>
        </div>
      </div>
    </main>
  );
}
