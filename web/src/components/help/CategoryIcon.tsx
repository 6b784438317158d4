import type { HelpCategoryId } from '../../content/help/catalog';

const PATHS: Record<HelpCategoryId, string> = {
  'getting-started': 'M5 21V4h12l-2 4 2 4H5',
  account: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0',
  communication: 'M4 5h16v11H9l-5 4z',
  calendar: 'M4 6h16v14H4zM4 10h16M8 3v4M16 3v4',
  expenses: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM14.5 9.5C14 8.6 13.1 8 12 8c-1.4 0-2.5.8-2.5 2s1.1 1.6 2.5 2 2.5.8 2.5 2-1.1 2-2.5 2c-1.1 0-2-.6-2.5-1.5M12 6v12',
  documents: 'M6 3h8l4 4v14H6zM14 3v4h4M9 12h6M9 16h6',
  troubleshooting:
    'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM5.6 5.6l3.6 3.6M14.8 14.8l3.6 3.6M18.4 5.6l-3.6 3.6M9.2 14.8l-3.6 3.6',
};

/** A decorative line icon for a help category. */
export function CategoryIcon({ category, className = '' }: { category: HelpCategoryId; className?: string }) {
  return (
    <span aria-hidden="true" className={`flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ${className}`}>
      <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
        <path d={PATHS[category]} />
      </svg>
    </span>
  );
}
