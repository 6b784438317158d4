import { useTranslation } from 'react-i18next';

export default function ChildrenPage() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-4xl">
      <h1 className="text-2xl font-bold text-ink">{t('children.title')}</h1>
      <div className="mt-6 rounded-3xl border-2 border-dashed border-brand-200 bg-white p-8 text-center">
        <p className="text-lg font-semibold text-ink">{t('children.emptyTitle')}</p>
        <p className="mt-2 text-muted">{t('children.emptyBody')}</p>
      </div>
    </section>
  );
}
