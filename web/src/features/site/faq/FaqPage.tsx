import en from '../../../content/faq/en';
import es from '../../../content/faq/es';
import { useLocalized } from '../../../content/localized';
import { usePageMeta } from '../usePageMeta';
import { FaqView } from './FaqView';

/** /faq */
export default function FaqPage() {
  const content = useLocalized({ es, en });
  usePageMeta(content.ui.title, content.ui.metaDescription);
  return <FaqView content={content} />;
}
