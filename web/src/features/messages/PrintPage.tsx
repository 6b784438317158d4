import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Loading } from '../../components/Spinner';
import { usePrintData, type PrintRange } from './printApi';
import { PrintView, RangeForm } from './PrintView';

/** /messages/:id/print?desde=&hasta=: a conversation, or a date range of it, ready for paper. */
export default function PrintPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const range: PrintRange = { desde: params.get('desde') ?? '', hasta: params.get('hasta') ?? '' };
  const data = usePrintData(id, range);

  const applyRange = (next: PrintRange) => {
    const updated = new URLSearchParams();
    if (next.desde) updated.set('desde', next.desde);
    if (next.hasta) updated.set('hasta', next.hasta);
    setParams(updated, { replace: true });
  };

  return (
    <div className="mx-auto max-w-4xl">
      <RangeForm key={`${range.desde}/${range.hasta}`} range={range} conversationId={id} onApply={applyRange} canPrint={Boolean(data.data)} />
      {data.isLoading ? (
        <Loading />
      ) : data.isError || !data.data ? (
        <div className="mt-6 space-y-3">
          <Alert>{data.error?.message ?? t('print.failed')}</Alert>
          <Button variant="secondary" onClick={() => void data.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : (
        <PrintView data={data.data} range={range} />
      )}
    </div>
  );
}
