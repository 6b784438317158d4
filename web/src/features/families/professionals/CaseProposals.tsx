import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { TextField } from '../../../components/Field';
import { SelectField } from '../../../components/SelectField';
import { TextArea } from '../../../components/TextArea';
import { ApiError } from '../../../api/client';
import { patternNameValues, periodModeValues, proposalKindValues, type components } from '../../../api/schema';
import { useCustodyProposalStep, useCustodyProposals, useProposeCustody, type CustodyProposalInput } from '../../../api/custodyProposals';
import { proposalLines } from '../../../lib/custodyProposals';
import { formatDate, formatDay } from '../../../lib/format';

type Parent = components['schemas']['CaseParent'];
type Kind = (typeof proposalKindValues)[number];

const STATE_TONE: Record<string, string> = {
  pendiente: 'bg-amber-50 text-amber-900',
  aceptada: 'bg-emerald-50 text-emerald-800',
};

/**
 * A parenting coordinator's part of the calendar: proposing a holiday period or a schedule to the
 * parents, and following each proposal until every parent has accepted it (or one rejected it).
 */
export function CaseProposals({ familyId, parents }: { familyId: string; parents: Parent[] }) {
  const { t, i18n } = useTranslation();
  const proposals = useCustodyProposals(familyId);
  const step = useCustodyProposalStep(familyId);
  const [failure, setFailure] = useState<string | null>(null);
  const nameOf = (id: string) => {
    const p = parents.find((x) => x._id === id);
    return p ? `${p.nombre} ${p.apellido}`.trim() : t('calendar.someone');
  };
  const day = (ymd: string) => formatDate(ymd, i18n.language);

  return (
    <div className="mt-6 space-y-4">
      <ProposalForm familyId={familyId} parents={parents} nameOf={nameOf} />
      <section aria-labelledby="my-proposals" className="space-y-3">
        <h3 id="my-proposals" className="font-semibold text-ink">
          {t('proposals.mine')}
        </h3>
        {failure && <Alert>{failure}</Alert>}
        {proposals.isError && <Alert>{proposals.error.message}</Alert>}
        {proposals.data?.length === 0 && <p className="text-sm text-muted">{t('proposals.none')}</p>}
        <ul className="space-y-3">
          {proposals.data?.map((p) => (
            <li key={p._id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5" data-testid="case-proposal">
              <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${STATE_TONE[p.estado] ?? 'bg-sand-100 text-ink'}`}>{t(`proposals.state.${p.estado}`)}</span>
              {proposalLines(t, p, nameOf, day).map((line, i) => (
                <p key={line} className={i === 0 ? 'mt-2 font-semibold text-ink' : 'text-sm text-ink'}>
                  {line}
                </p>
              ))}
              <p className="mt-1 text-xs text-muted">{formatDay(p.createdAt, i18n.language)}</p>
              {p.estado === 'pendiente' && (
                <>
                  <p className="mt-1 text-xs text-muted">{t('proposals.waiting', { names: p.faltan.map(nameOf).join(', ') })}</p>
                  <Button
                    variant="secondary"
                    className="mt-3"
                    disabled={step.isPending}
                    onClick={() => {
                      setFailure(null);
                      step.mutate({ id: p._id, step: 'retirar' }, { onError: (err) => setFailure(err.message) });
                    }}
                  >
                    {t('proposals.withdraw')}
                  </Button>
                </>
              )}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function ProposalForm({ familyId, parents, nameOf }: { familyId: string; parents: Parent[]; nameOf: (id: string) => string }) {
  const { t } = useTranslation();
  const propose = useProposeCustody(familyId);
  const first = parents[0]?._id ?? '';
  const second = parents[1]?._id ?? '';
  const [kind, setKind] = useState<Kind>('periodo');
  const [values, setValues] = useState({
    nombre: '',
    desde: '',
    hasta: '',
    modo: 'progenitor',
    usuarioId: first,
    anual: false,
    patron: '7-7',
    inicio: '',
    progenitorA: first,
    progenitorB: second,
    horaIntercambio: '18:00',
    nota: '',
  });
  const [sent, setSent] = useState(false);
  const set = (field: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));
  const fieldError = (name: string) => (propose.error instanceof ApiError ? propose.error.fields[name] : undefined);
  const people = parents.map((p) => ({ value: p._id, label: nameOf(p._id) }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSent(false);
    const body: CustodyProposalInput =
      kind === 'periodo'
        ? { tipo: kind, periodo: { nombre: values.nombre, desde: values.desde, hasta: values.hasta, modo: values.modo as (typeof periodModeValues)[number], usuarioId: values.usuarioId, anual: values.anual } }
        : {
            tipo: kind,
            calendario: {
              patron: values.patron as (typeof patternNameValues)[number],
              inicio: values.inicio,
              progenitorA: values.progenitorA,
              progenitorB: values.progenitorB,
              horaIntercambio: values.horaIntercambio,
            },
          };
    if (values.nota.trim()) body.nota = values.nota.trim();
    propose.mutate(body, { onSuccess: () => setSent(true) });
  };

  return (
    <form onSubmit={submit} aria-labelledby="propose-title" className="space-y-4 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-black/5">
      <h3 id="propose-title" className="font-semibold text-ink">
        {t('proposals.new.title')}
      </h3>
      <p className="text-sm text-muted">{t('proposals.new.lead')}</p>
      {propose.isError && <Alert>{propose.error.message}</Alert>}
      {sent && <Alert kind="success">{t('proposals.new.sent')}</Alert>}
      <SelectField
        label={t('proposals.new.kind')}
        value={kind}
        onChange={(e) => setKind(e.target.value as Kind)}
        options={proposalKindValues.map((k) => ({ value: k, label: t(`proposals.new.kinds.${k}`) }))}
      />
      {kind === 'periodo' ? (
        <>
          <TextField label={t('proposals.new.name')} value={values.nombre} maxLength={100} onChange={set('nombre')} error={fieldError('nombre')} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField type="date" label={t('proposals.new.from')} value={values.desde} onChange={set('desde')} error={fieldError('desde')} />
            <TextField type="date" label={t('proposals.new.to')} value={values.hasta} onChange={set('hasta')} error={fieldError('hasta')} />
          </div>
          <SelectField
            label={t('proposals.new.mode')}
            value={values.modo}
            onChange={set('modo')}
            options={periodModeValues.map((m) => ({ value: m, label: t(`calendar.periods.modes.${m}.name`) }))}
          />
          <SelectField label={t('proposals.new.holder')} value={values.usuarioId} onChange={set('usuarioId')} options={people} error={fieldError('usuarioId')} />
          <label className="flex items-center gap-2 text-sm text-ink">
            <input type="checkbox" checked={values.anual} onChange={(e) => setValues((v) => ({ ...v, anual: e.target.checked }))} />
            {t('proposals.new.yearly')}
          </label>
        </>
      ) : (
        <>
          <SelectField
            label={t('proposals.new.pattern')}
            value={values.patron}
            onChange={set('patron')}
            error={fieldError('patron')}
            options={patternNameValues.filter((p) => p !== 'personalizado').map((p) => ({ value: p, label: t(`calendar.patterns.${p}.name`) }))}
          />
          <TextField type="date" label={t('proposals.new.start')} value={values.inicio} onChange={set('inicio')} error={fieldError('inicio')} />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField label={t('proposals.new.parentA')} value={values.progenitorA} onChange={set('progenitorA')} options={people} error={fieldError('progenitorA')} />
            <SelectField label={t('proposals.new.parentB')} value={values.progenitorB} onChange={set('progenitorB')} options={people} error={fieldError('progenitorB')} />
          </div>
          <TextField type="time" label={t('proposals.new.hour')} value={values.horaIntercambio} onChange={set('horaIntercambio')} error={fieldError('horaIntercambio')} />
        </>
      )}
      <TextArea label={t('proposals.new.note')} value={values.nota} maxLength={1000} onChange={set('nota')} error={fieldError('nota')} />
      <Button type="submit" disabled={propose.isPending}>
        {t('proposals.new.submit')}
      </Button>
    </form>
  );
}
