import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';

/** A white card with a heading: the blocks of the profile pages. */
export function Card({ title, id, tone = 'plain', children }: { title: string; id?: string; tone?: 'plain' | 'danger'; children: ReactNode }) {
  const generated = useId();
  const headingId = id ?? generated;
  const ring = tone === 'danger' ? 'ring-red-200' : 'ring-black/5';
  return (
    <section aria-labelledby={headingId} className={`rounded-3xl bg-white p-5 shadow-sm ring-1 sm:p-6 ${ring}`}>
      <h2 id={headingId} className={`text-lg font-semibold ${tone === 'danger' ? 'text-red-800' : 'text-ink'}`}>
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** A button that shows and hides the block under it (disclosure pattern). */
export function Disclosure({
  label,
  open,
  onToggle,
  tone = 'plain',
  children,
}: {
  label: string;
  open: boolean;
  onToggle: () => void;
  tone?: 'plain' | 'danger';
  children: ReactNode;
}) {
  const panelId = useId();
  const colour = tone === 'danger' ? 'text-red-800 hover:bg-red-50' : 'text-ink hover:bg-sand-100';
  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={onToggle}
        className={`flex w-full items-center justify-between gap-3 rounded-xl px-3 py-3 text-left font-medium ${colour} -mx-3 box-content`}
      >
        <span>{label}</span>
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" className={`shrink-0 transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}>
          <path d="M6 9l6 6 6-6" />
        </svg>
      </button>
      <div id={panelId} hidden={!open} className="pt-3">
        {children}
      </div>
    </div>
  );
}

/** Open/closed state for a Disclosure. */
export function useDisclosure(initial = false) {
  const [open, setOpen] = useState(initial);
  return { open, setOpen, toggle: () => setOpen((v) => !v) };
}

/** A small grey "coming soon" label. */
export function SoonBadge({ children }: { children: ReactNode }) {
  return <span className="inline-flex shrink-0 items-center rounded-full bg-sand-100 px-2 py-0.5 text-xs font-medium text-muted">{children}</span>;
}

/** The back link at the top of a profile sub-page. */
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Link to={to} className="inline-flex min-h-6 items-center gap-1 rounded-lg text-sm font-medium text-brand-700 hover:underline">
      <span aria-hidden="true">←</span> {children}
    </Link>
  );
}
