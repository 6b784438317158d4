import { useId } from 'react';
import { useTranslation } from '../../i18n';
import { TextField } from '../../components/Field';
import { SelectField } from '../../components/SelectField';
import { TextArea } from '../../components/TextArea';
import { CATEGORIES, VISIBILITIES, type DocumentFields } from './types';

export interface Kid {
  id: string;
  name: string;
}

interface Props {
  value: DocumentFields;
  onChange: (value: DocumentFields) => void;
  kids: Kid[];
  errors: Record<string, string>;
}

/** The fields a document is described by, the same when uploading and when editing. */
export function DocumentFieldsEditor({ value, onChange, kids, errors }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const set = (change: Partial<DocumentFields>) => onChange({ ...value, ...change });
  const toggleKid = (kid: string) => set({ hijos: value.hijos.includes(kid) ? value.hijos.filter((h) => h !== kid) : [...value.hijos, kid] });
  return (
    <>
      <TextField label={t('documents.fields.title')} value={value.titulo} onChange={(e) => set({ titulo: e.target.value })} maxLength={200} required error={errors.titulo} />
      <SelectField
        label={t('documents.fields.category')}
        value={value.categoria}
        onChange={(e) => set({ categoria: e.target.value as DocumentFields['categoria'] })}
        options={CATEGORIES.map((c) => ({ value: c, label: t(`documents.categories.${c}`) }))}
        error={errors.categoria}
      />
      {kids.length > 0 && (
        <fieldset className="space-y-2" aria-describedby={`${id}-kids-help`}>
          <legend className="text-sm font-medium text-ink">{t('documents.fields.children')}</legend>
          <div className="flex flex-wrap gap-2">
            {kids.map((kid) => (
              <label key={kid.id} className="flex items-center gap-2 rounded-xl border border-gray-300 bg-white px-3 py-2 text-sm text-ink has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50">
                <input type="checkbox" checked={value.hijos.includes(kid.id)} onChange={() => toggleKid(kid.id)} className="h-4 w-4 accent-brand-600" />
                {kid.name}
              </label>
            ))}
          </div>
          <p id={`${id}-kids-help`} className={`text-sm ${errors.hijos ? 'text-red-700' : 'text-muted'}`}>
            {errors.hijos ?? t('documents.fields.childrenHint')}
          </p>
        </fieldset>
      )}
      <TextArea label={t('documents.fields.notes')} value={value.notas} onChange={(e) => set({ notas: e.target.value })} maxLength={2000} error={errors.notas} />
      <fieldset className="space-y-2" aria-describedby={errors.visibilidad ? `${id}-visibility-error` : undefined}>
        <legend className="text-sm font-medium text-ink">{t('documents.fields.visibility')}</legend>
        {VISIBILITIES.map((v) => (
          <label key={v} className="flex cursor-pointer items-start gap-3 rounded-xl border border-gray-300 bg-white p-3 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50">
            <input
              type="radio"
              name={`${id}-visibility`}
              value={v}
              checked={value.visibilidad === v}
              onChange={() => set({ visibilidad: v })}
              aria-labelledby={`${id}-visibility-${v}-name`}
              aria-describedby={`${id}-visibility-${v}`}
              className="mt-1 h-4 w-4 accent-brand-600"
            />
            <span>
              <span id={`${id}-visibility-${v}-name`} className="block text-sm font-semibold text-ink">
                {t(`documents.visibility.${v}`)}
              </span>
              <span id={`${id}-visibility-${v}`} className="block text-sm text-muted">
                {t(`documents.visibilityHelp.${v}`)}
              </span>
            </span>
          </label>
        ))}
        {errors.visibilidad && (
          <p id={`${id}-visibility-error`} className="text-sm text-red-700">
            {errors.visibilidad}
          </p>
        )}
      </fieldset>
    </>
  );
}
