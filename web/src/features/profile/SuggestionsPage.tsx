import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n';
import { useLocalized } from '../../content/localized';
import profileEn from '../../content/profile/en';
import profileEs from '../../content/profile/es';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { SelectField } from '../../components/SelectField';
import { TextArea } from '../../components/TextArea';
import { formFailure } from '../../lib/serverErrors';
import { suggestionCategoryValues } from '../../api/schema';
import { sendSuggestion, type SuggestionCategory } from './suggestionsApi';
import { BackLink, Card } from '../../components/ui';

interface Values {
  mensaje: string;
  categoria: SuggestionCategory | '';
}

const MAX = 5000;

/** /profile/suggestions: a note to Nido's team, stored and mailed to support. */
export default function SuggestionsPage() {
  const { t } = useTranslation();
  const texts = useLocalized({ es: profileEs, en: profileEn });
  const [thanks, setThanks] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: { mensaje: '', categoria: '' } });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    setThanks(null);
    try {
      const done = await sendSuggestion(
        { mensaje: values.mensaje, categoria: values.categoria || null },
        texts.suggestionsForm.failed,
      );
      setThanks(done.msg);
      reset();
    } catch (err) {
      setFailure(formFailure(err, setError, { mensaje: 'mensaje', categoria: 'categoria' }, texts.suggestionsForm.failed));
    }
  });

  return (
    <section className="mx-auto max-w-2xl">
      <BackLink to="/profile">{t('profile.edit.back')}</BackLink>
      <h1 className="mt-4 text-2xl font-bold text-ink">{t('sections.suggestions')}</h1>
      <p className="mt-2 text-muted">{texts.suggestionsForm.lead}</p>
      <div className="mt-6">
        <Card title={texts.suggestionsForm.title}>
          {thanks && (
            <div role="status" className="mb-4 rounded-xl bg-brand-50 p-3 text-sm font-medium text-brand-800">
              {thanks}
            </div>
          )}
          {failure && (
            <div className="mb-4">
              <Alert>{failure}</Alert>
            </div>
          )}
          <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
            <SelectField
              label={texts.suggestionsForm.category}
              error={errors.categoria?.message}
              options={[
                { value: '', label: texts.suggestionsForm.categories.none },
                ...suggestionCategoryValues.map((c) => ({ value: c, label: texts.suggestionsForm.categories[c] })),
              ]}
              {...register('categoria')}
            />
            <TextArea
              label={texts.suggestionsForm.message}
              rows={6}
              maxLength={MAX}
              hint={texts.suggestionsForm.hint}
              error={errors.mensaje?.message}
              {...register('mensaje', {
                validate: (v) => v.trim() !== '' || texts.suggestionsForm.required,
              })}
            />
            <Button type="submit" busy={isSubmitting}>
              {texts.suggestionsForm.send}
            </Button>
          </form>
        </Card>
      </div>
    </section>
  );
}
