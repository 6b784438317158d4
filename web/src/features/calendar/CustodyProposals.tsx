import { useState } from 'react';
import { useTranslation } from '../../i18n';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { formatDate } from '../../lib/dates';
import { formatDay } from '../../lib/format';
import { proposalLines } from '../../lib/custodyProposals';
import { useCustodyProposalStep, useCustodyProposals, type CustodyProposal } from '../../api/custodyProposals';
import type { Parent } from './parents';

interface Props {
  familiaId: string;
  me: string;
  parents: Parent[];
  /** A co-parent answers; a viewer reads. */
  canAnswer: boolean;
}

/**
 * The parenting coordinator's proposals waiting for the parents: what each would change, who has
 * still to accept it, and for a co-parent the answer. Closed ones are in the family record.
 */
export function CustodyProposals({ familiaId, me, parents, canAnswer }: Props) {
  const { t, i18n } = useTranslation();
  const proposals = useCustodyProposals(familiaId);
  const step = useCustodyProposalStep(familiaId);
  const [failure, setFailure] = useState<string | null>(null);
  const waiting = (proposals.data ?? []).filter((p) => p.estado === 'pendiente');
  if (waiting.length === 0) return null;
  const nameOf = (id: string) => parents.find((p) => p.usuarioId === id)?.name ?? t('calendar.someone');
  const day = (ymd: string) => formatDate(ymd, i18n.language, { day: 'numeric', month: 'long', year: 'numeric' });

  const answer = async (proposal: CustodyProposal, choice: 'aceptar' | 'rechazar') => {
    setFailure(null);
    try {
      await step.mutateAsync({ id: proposal._id, step: choice });
    } catch (err) {
      setFailure(err instanceof Error ? err.message : t('proposals.failed'));
    }
  };

  return (
    <section aria-labelledby="custody-proposals" className="space-y-3">
      <h2 id="custody-proposals" className="text-lg font-semibold text-ink">
        {t('proposals.title')}
      </h2>
      <p className="text-sm text-muted">{t('proposals.rule')}</p>
      {failure && <Alert>{failure}</Alert>}
      <ul className="space-y-3">
        {waiting.map((p) => {
          const by = p.propuestaPor ? `${p.propuestaPor.nombre} ${p.propuestaPor.apellido}`.trim() : t('proposals.someone');
          return (
            <li key={p._id} className="rounded-2xl border border-sand-200 bg-white p-4" data-testid="custody-proposal">
              {proposalLines(t, p, nameOf, day).map((line, i) => (
                <p key={line} className={i === 0 ? 'font-semibold text-ink' : 'text-sm text-ink'}>
                  {line}
                </p>
              ))}
              {p.nota && <p className="mt-1 whitespace-pre-wrap break-words text-sm text-muted">“{p.nota}”</p>}
              <p className="mt-1 text-xs text-muted">{t('proposals.by', { name: by, date: formatDay(p.createdAt, i18n.language) })}</p>
              <p className="mt-1 text-xs text-muted">{t('proposals.waiting', { names: p.faltan.map(nameOf).join(', ') })}</p>
              {canAnswer && (
                <div className="mt-3 flex flex-wrap gap-2">
                  {p.faltan.includes(me) && (
                    <Button onClick={() => void answer(p, 'aceptar')} disabled={step.isPending}>
                      {t('proposals.accept')}
                    </Button>
                  )}
                  <Button variant="secondary" onClick={() => void answer(p, 'rechazar')} disabled={step.isPending}>
                    {t('proposals.reject')}
                  </Button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
