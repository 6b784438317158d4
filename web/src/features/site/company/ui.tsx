import type { ReactNode } from 'react';
import type { Fact } from '../../../content/company/types';

export const cardClass = 'rounded-2xl bg-white p-6 shadow-sm ring-1 ring-black/5';

/** A titled block of a company page; the heading id labels the region. */
export function Section({ id, title, children, className = '' }: { id: string; title: string; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={id} className={`mt-12 ${className}`}>
      <h2 id={id} className="text-2xl font-bold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Label/value pairs (spec §3 "Fact"). */
export function FactList({ facts, className = '' }: { facts: readonly Fact[]; className?: string }) {
  return (
    <dl className={`grid gap-3 sm:grid-cols-2 ${className}`}>
      {facts.map((fact) => (
        <div key={fact.label} className="rounded-xl bg-sand-50 px-4 py-3">
          <dt className="text-sm text-muted">{fact.label}</dt>
          <dd className="font-semibold text-ink">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export const SUPPORT_EMAIL = 'soporte@nido.app';

export function mailto(subject?: string) {
  return subject ? `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}` : `mailto:${SUPPORT_EMAIL}`;
}

const ICONS = {
  lock: (
    <>
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </>
  ),
  sparkle: <path d="M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2.5 2.5M15.5 15.5 18 18M6 18l2.5-2.5M15.5 8.5 18 6" />,
  home: (
    <>
      <path d="M3 11l9-7 9 7" />
      <path d="M5 10v10h14V10" />
    </>
  ),
  bulb: (
    <>
      <path d="M9 18h6M10 21h4" />
      <path d="M12 3a6 6 0 0 0-4 10.5c.8.8 1 1.5 1 2.5h6c0-1 .2-1.7 1-2.5A6 6 0 0 0 12 3z" />
    </>
  ),
  heart: <path d="M12 20s-7-4.5-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.5-7 10-7 10z" />,
  growth: (
    <>
      <path d="M4 19h16" />
      <path d="M6 15l4-4 3 3 5-6" />
      <path d="M14 8h4v4" />
    </>
  ),
  globe: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
    </>
  ),
  pie: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 3v9h9" />
    </>
  ),
  folder: <path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />,
  palette: (
    <>
      <circle cx="12" cy="12" r="9" />
      <circle cx="8.5" cy="10" r="1" />
      <circle cx="12" cy="7.5" r="1" />
      <circle cx="15.5" cy="10" r="1" />
    </>
  ),
  image: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <circle cx="9" cy="10" r="1.5" />
      <path d="M21 16l-5-5-8 8" />
    </>
  ),
};

export type IconName = keyof typeof ICONS;

/** A small decorative line icon in a tinted circle. */
export function Icon({ name }: { name: IconName }) {
  return (
    <span aria-hidden="true" className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-50 text-brand-700">
      <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
        {ICONS[name]}
      </svg>
    </span>
  );
}
