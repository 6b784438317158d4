import { useId } from 'react';
import { useTranslation } from '../../i18n';
import type { Kid } from './DocumentFieldsEditor';
import { CATEGORIES } from './types';

interface Props {
  search: string;
  onSearch: (value: string) => void;
  categoria: string;
  onCategoria: (value: string) => void;
  hijoId: string;
  onHijo: (value: string) => void;
  kids: Kid[];
}

const chipClass = (on: boolean) =>
  `shrink-0 rounded-full px-3 py-1.5 text-sm font-medium ring-1 transition focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-400 ${
    on ? 'bg-brand-600 text-white ring-brand-600' : 'bg-white text-ink ring-gray-300 hover:ring-brand-300'
  }`;

/** Search by title, then one category and one child at a time, as chips a thumb can reach. */
export function DocumentFiltersBar({ search, onSearch, categoria, onCategoria, hijoId, onHijo, kids }: Props) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="space-y-3">
      <div className="relative">
        <label htmlFor={`${id}-search`} className="sr-only">
          {t('documents.filters.search')}
        </label>
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-muted">
          <path d="M11 18a7 7 0 100-14 7 7 0 000 14zM20 20l-4-4" />
        </svg>
        <input
          id={`${id}-search`}
          type="search"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          placeholder={t('documents.filters.searchPlaceholder')}
          maxLength={200}
          className="block w-full rounded-xl border border-gray-300 bg-white py-2.5 pl-10 pr-3 text-base text-ink focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
        />
      </div>
      <div role="group" aria-label={t('documents.filters.categories')} className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
        <button type="button" aria-pressed={categoria === ''} onClick={() => onCategoria('')} className={chipClass(categoria === '')}>
          {t('documents.filters.allCategories')}
        </button>
        {CATEGORIES.map((c) => (
          <button key={c} type="button" aria-pressed={categoria === c} onClick={() => onCategoria(categoria === c ? '' : c)} className={chipClass(categoria === c)}>
            {t(`documents.categories.${c}`)}
          </button>
        ))}
      </div>
      {kids.length > 0 && (
        <div role="group" aria-label={t('documents.filters.children')} className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
          <button type="button" aria-pressed={hijoId === ''} onClick={() => onHijo('')} className={chipClass(hijoId === '')}>
            {t('documents.filters.all')}
          </button>
          {kids.map((k) => (
            <button key={k.id} type="button" aria-pressed={hijoId === k.id} onClick={() => onHijo(hijoId === k.id ? '' : k.id)} className={chipClass(hijoId === k.id)}>
              {k.name}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
