import { useState } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import { Loading } from '../../components/Spinner';
import { formFailure } from '../../lib/serverErrors';
import { zoneLabel } from '../../lib/timeZones';
import { useToast } from '../../components/Toast';
import { BackLink, Card } from '../../components/ui';
import { DeviceSection } from './DeviceSection';
import { usePreferences, useSavePreferences, type Preferences, type SummaryFrequency } from './preferencesApi';
import { inputOf, preferencesSchema, valuesOf, type PreferencesValues } from './preferencesSchema';
import { Switch } from '../../components/Switch';

/** The API's field names (`silencio.desde`...) as the form's. */
const FIELDS = {
  'silencio.desde': 'desde',
  'silencio.hasta': 'hasta',
  silencio: 'desde',
  desde: 'desde',
  hasta: 'hasta',
  resumen: 'resumen',
  discreto: 'discreto',
} as const;

const FREQUENCIES: SummaryFrequency[] = ['diario', 'semanal', 'nunca'];

/** /profile/notifications: what Nido tells you, how, and when it keeps quiet. */
export default function PreferencesPage() {
  const { t } = useTranslation();
  const preferences = usePreferences();
  const toast = useToast();
  return (
    <section className="mx-auto max-w-2xl">
      <BackLink to="/profile">{t('notificationSettings.back')}</BackLink>
      <h1 className="mt-4 text-2xl font-bold text-ink">{t('notificationSettings.title')}</h1>
      <p className="mt-1 text-muted">{t('notificationSettings.intro')}</p>
      {preferences.isLoading ? (
        <Loading />
      ) : preferences.isError || !preferences.data ? (
        <div className="mt-6 space-y-3">
          <Alert>{preferences.error?.message ?? t('notificationSettings.loadFailed')}</Alert>
          <Button variant="secondary" onClick={() => void preferences.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : (
        <div className="mt-6 space-y-4">
          <PreferencesForm preferences={preferences.data} onSaved={() => toast.show('notificationSettings.saved')} />
          <DeviceSection onDone={toast.show} />
        </div>
      )}
      {toast.element}
    </section>
  );
}

export function PreferencesForm({ preferences, onSaved }: { preferences: Preferences; onSaved: () => void }) {
  const { t } = useTranslation();
  const save = useSavePreferences();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<PreferencesValues>({ resolver: zodResolver(preferencesSchema(t)), defaultValues: valuesOf(preferences) });
  const quiet = useWatch({ control, name: 'quiet' });
  // Named from the kinds themselves, so the text says exactly what passes quiet hours.
  const passing = preferences.tipos.filter((kind) => kind.urgente).map((kind) => kind.nombre);

  const submit = async (values: PreferencesValues) => {
    setFailure(null);
    try {
      const input = inputOf(values);
      // The server refuses an always-on kind turned off: send it on, as it is shown.
      const always = new Set(preferences.tipos.filter((kind) => kind.siempre).map((kind) => kind.tipo));
      input.tipos = (input.tipos ?? []).map((kind) => (always.has(kind.tipo) ? { ...kind, email: true, push: true } : kind));
      const saved = await save.mutateAsync(input);
      reset(valuesOf(saved));
      onSaved();
    } catch (err) {
      setFailure(formFailure(err, setError, FIELDS, t('notificationSettings.saveFailed')));
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(submit)} aria-label={t('notificationSettings.title')} className="space-y-4">
      {failure && <Alert>{failure}</Alert>}
      <Card title={t('notificationSettings.kinds.title')}>
        <p className="text-sm text-muted">{t('notificationSettings.kinds.inApp')}</p>
        <ul className="mt-3 divide-y divide-sand-200">
          {preferences.tipos.map((kind, index) => (
            <KindRow key={kind.tipo} index={index} nombre={kind.nombre} descripcion={kind.descripcion} urgente={kind.urgente} siempre={kind.siempre ?? false} control={control} />
          ))}
        </ul>
      </Card>

      <Card title={t('notificationSettings.quiet.title')}>
        <p className="text-sm text-muted">
          {t('notificationSettings.quiet.description')}
          {passing.length > 0 && <> {t('notificationSettings.quiet.passes', { names: passing.join(', ') })}</>}
        </p>
        <div className="mt-3">
          <Controller control={control} name="quiet" render={({ field }) => <Switch label={t('notificationSettings.quiet.toggle')} checked={field.value} onChange={field.onChange} />} />
        </div>
        {quiet && (
          <div className="mt-4 space-y-3">
            <div className="grid grid-cols-2 gap-3">
              <TextField label={t('notificationSettings.quiet.from')} type="time" error={errors.desde?.message} {...register('desde')} />
              <TextField label={t('notificationSettings.quiet.to')} type="time" error={errors.hasta?.message} {...register('hasta')} />
            </div>
            <p className="text-sm text-muted">
              {t('notificationSettings.quiet.zone', { zone: zoneLabel(preferences.zonaHoraria) })}{' '}
              <Link to="/profile/edit" className="font-medium text-brand-700 hover:underline">
                {t('notificationSettings.quiet.changeZone')}
              </Link>
            </p>
            <p className="text-sm text-muted">{t('notificationSettings.quiet.after')}</p>
          </div>
        )}
      </Card>

      <Card title={t('notificationSettings.discreet.title')}>
        <p className="text-sm text-muted">{t('notificationSettings.discreet.description')}</p>
        <p className="mt-2 rounded-xl bg-sand-100 px-3 py-2 text-sm text-ink">{t('notificationSettings.discreet.example')}</p>
        <div className="mt-3">
          <Controller
            control={control}
            name="discreto"
            render={({ field }) => <Switch label={t('notificationSettings.discreet.toggle')} checked={field.value} onChange={field.onChange} />}
          />
        </div>
      </Card>

      <Card title={t('notificationSettings.summary.title')}>
        <fieldset>
          <legend className="text-sm text-muted">{t('notificationSettings.summary.description')}</legend>
          <div className="mt-3 grid gap-2 sm:grid-cols-3">
            {FREQUENCIES.map((frequency) => (
              <label
                key={frequency}
                className="flex cursor-pointer items-center gap-3 rounded-2xl border-2 border-sand-200 px-4 py-3 font-medium text-ink hover:bg-sand-50 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-800 has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-500"
              >
                <input type="radio" value={frequency} className="h-4 w-4 accent-brand-600" {...register('resumen')} />
                {t(`notificationSettings.summary.${frequency}`)}
              </label>
            ))}
          </div>
          {errors.resumen?.message && <p className="mt-2 text-sm text-red-700">{errors.resumen.message}</p>}
        </fieldset>
      </Card>

      <div className="flex flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-end">
        {isDirty && <p className="text-sm text-muted sm:mr-auto">{t('notificationSettings.unsaved')}</p>}
        <Button type="submit" busy={isSubmitting} className="w-full sm:w-auto">
          {t('notificationSettings.submit')}
        </Button>
      </div>
    </form>
  );
}

function KindRow({
  index,
  nombre,
  descripcion,
  urgente,
  siempre,
  control,
}: {
  index: number;
  nombre: string;
  descripcion: string;
  urgente: boolean;
  siempre: boolean;
  control: Control<PreferencesValues>;
}) {
  const { t } = useTranslation();
  return (
    <li role="group" aria-label={nombre} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium text-ink">{nombre}</p>
        <p className="text-sm text-muted">{descripcion}</p>
        <div className="mt-1 flex flex-wrap gap-2">
          <span className="inline-flex items-center rounded-full bg-sand-100 px-2 py-0.5 text-xs font-medium text-muted">{t('notificationSettings.kinds.alwaysInApp')}</span>
          {urgente && <span className="inline-flex items-center rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">{t('notificationSettings.kinds.urgent')}</span>}
          {siempre && <span className="inline-flex items-center rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-800">{t('notificationAlways.badge')}</span>}
        </div>
        {siempre && <p className="mt-1 text-sm text-muted">{t('notificationAlways.explanation')}</p>}
      </div>
      <div className="flex shrink-0 gap-5">
        <Controller
          control={control}
          name={`tipos.${index}.email`}
          render={({ field }) => <Switch label={t('notificationSettings.kinds.email')} checked={siempre || field.value} disabled={siempre} onChange={field.onChange} />}
        />
        <Controller
          control={control}
          name={`tipos.${index}.push`}
          render={({ field }) => <Switch label={t('notificationSettings.kinds.push')} checked={siempre || field.value} disabled={siempre} onChange={field.onChange} />}
        />
      </div>
    </li>
  );
}
