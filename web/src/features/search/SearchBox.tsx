import { useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n';
import { MAX_QUERY } from './api';

/**
 * The signed-in layout's search box: Enter opens /search?q=. On the results page it shows the
 * query being searched, so it can be corrected in place.
 */
export function SearchBox(props: { onSubmitted?: () => void; className?: string }) {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const current = pathname === '/search' ? (params.get('q') ?? '') : '';
  // A new query in the address (Back, a link) starts the box afresh with it.
  return <SearchForm key={current} initial={current} {...props} />;
}

function SearchForm({ initial, onSubmitted, className = '' }: { initial: string; onSubmitted?: () => void; className?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const [text, setText] = useState(initial);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    if (!q) return;
    navigate(`/search?${new URLSearchParams({ q }).toString()}`);
    onSubmitted?.();
  };

  return (
    <form role="search" onSubmit={submit} className={`relative ${className}`}>
      <label htmlFor={id} className="sr-only">
        {t('search.box.label')}
      </label>
      <svg aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-muted" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <circle cx="11" cy="11" r="6.5" />
        <path d="M16 16l4.5 4.5" />
      </svg>
      <input
        id={id}
        type="search"
        name="q"
        value={text}
        maxLength={MAX_QUERY}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('search.box.placeholder')}
        enterKeyHint="search"
        className="block w-full rounded-xl border border-gray-300 bg-white py-2 pl-9 pr-3 text-base text-ink placeholder:text-gray-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 md:text-sm"
      />
    </form>
  );
}
