import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';

/** The top of every public content page: a back link, the title and an optional lead. */
export function PageHeader({ title, lead, back = '/', backLabel, children }: {
  title: string;
  lead?: string;
  back?: string;
  backLabel?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <header className="mb-8">
      <Link to={back} className="text-sm font-medium text-brand-700 hover:underline">
        ← {backLabel ?? t('common.backHome')}
      </Link>
      <h1 className="mt-4 text-3xl font-bold text-ink sm:text-4xl">{title}</h1>
      {lead && <p className="mt-3 max-w-3xl text-lg text-muted">{lead}</p>}
      {children}
    </header>
  );
}
