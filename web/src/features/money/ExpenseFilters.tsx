import { useTranslation } from '../../i18n';
import { TextField } from '../../components/Field';
import { SelectField } from '../../components/SelectField';
import { CATEGORIES, EXPENSE_STATES, type ExpenseFilters as Filters } from './types';

interface Props {
  filters: Filters;
  onChange: (filters: Filters) => void;
  kids: { id: string; name: string }[];
}

/** Narrowing the expense list by state, category, child and dates. */
export function ExpenseFilters({ filters, onChange, kids }: Props) {
  const { t } = useTranslation();
  const all = { value: '', label: t('money.filters.all') };
  return (
    <details className="rounded-2xl bg-white p-3 shadow-sm ring-1 ring-black/5" open={Object.values(filters).some(Boolean) || undefined}>
      <summary className="cursor-pointer py-1 text-sm font-semibold text-brand-700">{t('money.filters.title')}</summary>
      <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <SelectField
          label={t('money.filters.state')}
          value={filters.estado ?? ''}
          onChange={(e) => onChange({ ...filters, estado: EXPENSE_STATES.find((s) => s === e.target.value) })}
          options={[all, ...EXPENSE_STATES.map((s) => ({ value: s, label: t(`money.states.${s}`) }))]}
        />
        <SelectField
          label={t('money.filters.category')}
          value={filters.categoria ?? ''}
          onChange={(e) => onChange({ ...filters, categoria: CATEGORIES.find((c) => c === e.target.value) })}
          options={[all, ...CATEGORIES.map((c) => ({ value: c, label: t(`money.categories.${c}`) }))]}
        />
        <SelectField
          label={t('money.filters.child')}
          value={filters.hijoId ?? ''}
          onChange={(e) => onChange({ ...filters, hijoId: e.target.value })}
          options={[all, ...kids.map((k) => ({ value: k.id, label: k.name }))]}
        />
        <TextField label={t('money.filters.from')} type="date" defaultValue={filters.desde ?? ''} onChange={(e) => onChange({ ...filters, desde: e.target.value })} />
        <TextField label={t('money.filters.to')} type="date" defaultValue={filters.hasta ?? ''} onChange={(e) => onChange({ ...filters, hasta: e.target.value })} />
      </div>
    </details>
  );
}
