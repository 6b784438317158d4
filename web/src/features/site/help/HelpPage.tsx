import { Link } from 'react-router';
import { buttonClass } from '../../../components/Button';
import { PageHeader } from '../PageHeader';
import { usePageMeta } from '../usePageMeta';
import { HelpCentre } from '../../../components/help/HelpCentre';
import { useHelpContent } from '../../../components/help/useHelpContent';

/** /help: search, popular topics, the seven categories and a way to reach support. */
export default function HelpPage() {
  const { content } = useHelpContent();
  const { ui } = content;
  usePageMeta(ui.title, ui.metaDescription);

  return (
    <main className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <PageHeader title={ui.title} lead={ui.lead} />
      <HelpCentre />
      <aside aria-labelledby="help-contact" className="mt-12 rounded-2xl bg-brand-50 p-6 sm:p-8">
        <h2 id="help-contact" className="text-xl font-bold text-ink">
          {ui.contactTitle}
        </h2>
        <p className="mt-2 max-w-2xl text-muted">{ui.contactBody}</p>
        <div className="mt-5 flex flex-wrap gap-3">
          <Link to="/contact" className={buttonClass('primary')}>
            {ui.contactCta}
          </Link>
          <Link to="/faq" className={buttonClass('secondary')}>
            {ui.faqCta}
          </Link>
        </div>
      </aside>
    </main>
  );
}
