import { useParams } from 'react-router';
import { HelpCategoryView } from './HelpCategoryView';

/** /help/{category} */
export default function HelpCategoryPage() {
  const { category } = useParams();
  return <HelpCategoryView category={category} />;
}
