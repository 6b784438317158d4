import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { isHelpCategory, resolveRelated } from '../../../content/help/catalog';
import { findArticle, stepAnchor } from '../../../content/help/article';
import type { HelpArticle } from '../../../content/help/types';
import { PageHeader } from '../PageHeader';
import { usePageMeta } from '../usePageMeta';
import { sendFeedback } from './feedback';
import { HelpCategoryView } from './HelpCategoryView';
import { isSaved, toggleSaved } from './saved';
import { shareLink } from './share';
import { ArticleCard } from '../../../components/help/ArticleCard';
import { useHelpContent } from '../../../components/help/useHelpContent';

/** /help/{category}/{articleId}; an unknown article shows the category's list instead. */
export default function HelpArticlePage() {
  const { category, articleId } = useParams();
  const { content } = useHelpContent();
  const article = findArticle(content, category, articleId);
  if (!article) {
    return <HelpCategoryView category={category} notice={isHelpCategory(category) ? content.ui.unknownArticle : undefined} />;
  }
  // Keyed so that the saved flag and the feedback start afresh on another article.
  return <ArticleView key={`${article.category}/${article.id}`} article={article} />;
}

const ACTION = 'inline-flex items-center gap-2 rounded-xl border border-brand-200 bg-white px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50';

function ArticleView({ article }: { article: HelpArticle }) {
  const { content, language, formatDate } = useHelpContent();
  const { ui } = content;
  usePageMeta(article.title, article.excerpt);
  const { hash } = useLocation();
  const savedKey = `${article.category}/${article.id}`;
  const [saved, setSaved] = useState(() => isSaved(savedKey));
  const [answer, setAnswer] = useState<'yes' | 'no' | null>(null);
  const related = resolveRelated(article.related, article.id);

  // Opening a link to a step (…#step3) scrolls to it once the lazy page has rendered.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    // Only on arrival: in-page clicks are scrolled by the browser.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const answerWith = (useful: boolean) => {
    setAnswer(useful ? 'yes' : 'no');
    void sendFeedback({ categoria: article.category, articulo: article.id, util: useful, language });
  };

  return (
    <main className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <PageHeader title={article.title} back={`/help/${article.category}`} backLabel={content.categories[article.category].title}>
        <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
          <span>{ui.readTime(article.readTime)}</span>
          <span>{ui.updated(formatDate(article.lastUpdated))}</span>
        </p>
        <div className="mt-5 flex flex-wrap gap-2 print:hidden">
          <button type="button" className={ACTION} aria-pressed={saved} onClick={() => setSaved(toggleSaved(savedKey))}>
            <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill={saved ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2">
              <path d="M6 3h12v18l-6-4-6 4z" />
            </svg>
            {ui.save}
          </button>
          <button type="button" className={ACTION} onClick={() => window.print()}>
            <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M7 9V3h10v6M7 17H4v-8h16v8h-3M7 14h10v7H7z" />
            </svg>
            {ui.print}
          </button>
          <button type="button" className={ACTION} onClick={() => void shareLink(article.title, window.location.href, ui)}>
            <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M12 3v12M7 8l5-5 5 5M5 13v8h14v-8" />
            </svg>
            {ui.share}
          </button>
        </div>
      </PageHeader>

      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_17rem] lg:gap-12">
        <nav aria-labelledby="help-toc" className="lg:col-start-2 lg:row-start-1 print:hidden">
          <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-black/5 lg:sticky lg:top-24">
            <h2 id="help-toc" className="text-sm font-bold uppercase tracking-wide text-muted">
              {ui.onThisPage}
            </h2>
            <ol className="mt-3 space-y-1">
              {article.toc.map((entry, i) => (
                <li key={entry.id}>
                  <a href={`#${entry.id}`} className="flex gap-2 rounded-lg px-2 py-1.5 text-sm text-ink hover:bg-brand-50 hover:text-brand-700">
                    <span className="font-semibold text-brand-700">{i + 1}.</span>
                    {entry.title}
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>

        <article className="prose-nido min-w-0 lg:col-start-1 lg:row-start-1">
          <p className="text-lg text-ink">{article.intro}</p>
          {article.steps.map((step, i) => {
            const id = stepAnchor(i);
            return (
              <section key={id} id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24">
                <h2 id={`${id}-title`} className="text-ink">
                  <span className="block text-sm font-semibold uppercase tracking-wide text-brand-700">{ui.step(i + 1)}</span>
                  {step.title}
                </h2>
                {step.content.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
                {step.list && (
                  <ul>
                    {step.list.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                )}
                {step.tip && (
                  <p className="rounded-xl border-l-4 border-brand-500 bg-brand-50 px-4 py-3 text-ink">
                    <strong className="font-semibold text-brand-800">{ui.tip}: </strong>
                    {step.tip}
                  </p>
                )}
              </section>
            );
          })}
        </article>
      </div>

      <section aria-labelledby="help-feedback" className="mt-12 max-w-3xl rounded-2xl bg-white p-6 shadow-sm ring-1 ring-black/5 print:hidden">
        <h2 id="help-feedback" className="text-lg font-semibold text-ink">
          {ui.helpfulQuestion}
        </h2>
        {answer === null && (
          <div className="mt-4 flex gap-3">
            <button type="button" className={`${ACTION} min-w-20 justify-center`} onClick={() => answerWith(true)}>
              {ui.yes}
            </button>
            <button type="button" className={`${ACTION} min-w-20 justify-center`} onClick={() => answerWith(false)}>
              {ui.no}
            </button>
          </div>
        )}
        <div role="status">
          {answer === 'yes' && <p className="mt-3 text-ink">{ui.thanksYes}</p>}
          {answer === 'no' && (
            <p className="mt-3 text-ink">
              {ui.thanksNo}{' '}
              <Link to="/contact" className="font-medium text-brand-700 underline">
                {ui.contactCta}
              </Link>
            </p>
          )}
        </div>
      </section>

      {related.length > 0 && (
        <section aria-labelledby="help-related" className="mt-12 print:hidden">
          <h2 id="help-related" className="text-xl font-bold text-ink">
            {ui.related}
          </h2>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {related.map((meta) => (
              <li key={meta.id}>
                <ArticleCard meta={meta} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}
